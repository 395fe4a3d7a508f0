package horizon.board;

/**
 * Standard Algebraic Notation, the move language of PGN and EPD ("Nbd7", "exd6", "O-O", "e8=Q+").
 *
 * <p>Reading is lenient in the ways public test suites are: castling with zeros ("0-0"), promotion with or without
 * "=" (also "(Q)" and "/Q"), ":" for captures, a redundant disambiguation ("Ngf3" where "Nf3" is unique), and
 * trailing check, mate and annotation marks ("+", "#", "!", "?", "!!", "e.p.") are all accepted and ignored.
 * What it never does is guess: a move that matches no legal move, or more than one, is rejected.
 *
 * <p>Writing is strict: the shortest disambiguation (file, then rank, then both), "x" on captures, "=Q" on
 * promotions and the "+"/"#" suffix, as the PGN standard asks.
 */
public final class San {
    private static final String PIECE_LETTERS = "PNBRQK";

    private San() {
    }

    /** The move {@code m}, legal in {@code pos}, in SAN. {@code pos} is left as it was. */
    public static String toSan(Position pos, int m) {
        StringBuilder sb = new StringBuilder(8);
        int from = Move.from(m), to = Move.to(m);
        if (Move.isCastling(m)) {
            sb.append(to > from ? "O-O" : "O-O-O");
        } else {
            int type = Piece.type(pos.pieceAt(from));
            if (type == Piece.PAWN) {
                if (Move.isCapture(m)) {
                    sb.append((char) ('a' + Square.file(from))).append('x');
                }
                sb.append(Square.name(to));
                if (Move.isPromotion(m)) {
                    sb.append('=').append(PIECE_LETTERS.charAt(Move.promotionType(m) - 1));
                }
            } else {
                sb.append(PIECE_LETTERS.charAt(type - 1));
                appendDisambiguation(sb, pos, m, type);
                if (Move.isCapture(m)) {
                    sb.append('x');
                }
                sb.append(Square.name(to));
            }
        }
        pos.makeMove(m);
        if (pos.inCheck()) {
            sb.append(MoveGenerator.countLegal(pos) == 0 ? '#' : '+');
        }
        pos.unmakeMove(m);
        return sb.toString();
    }

    private static void appendDisambiguation(StringBuilder sb, Position pos, int m, int type) {
        int from = Move.from(m), to = Move.to(m);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateAll(pos, moves);
        boolean ambiguous = false, sameFile = false, sameRank = false;
        for (int i = 0; i < n; i++) {
            int other = moves[i];
            int otherFrom = Move.from(other);
            if (otherFrom == from || Move.to(other) != to || Move.isCastling(other)
                    || Piece.type(pos.pieceAt(otherFrom)) != type) {
                continue;
            }
            ambiguous = true;
            sameFile |= Square.file(otherFrom) == Square.file(from);
            sameRank |= Square.rank(otherFrom) == Square.rank(from);
        }
        if (!ambiguous) {
            return;
        }
        if (!sameFile) {
            sb.append((char) ('a' + Square.file(from)));
        } else if (!sameRank) {
            sb.append((char) ('1' + Square.rank(from)));
        } else {
            sb.append(Square.name(from));
        }
    }

    /**
     * The legal move written as {@code text} in SAN (or, failing that, in UCI long algebraic notation), or
     * {@link Move#NONE} when it names no legal move or more than one.
     */
    public static int parse(Position pos, String text) {
        if (text == null) {
            return Move.NONE;
        }
        String s = stripDecorations(text.trim());
        if (s.isEmpty()) {
            return Move.NONE;
        }
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateAll(pos, moves);

        String castling = s.toUpperCase().replace('0', 'O').replace("-", "");
        if (castling.equals("OO") || castling.equals("OOO")) {
            boolean kingside = castling.length() == 2;
            for (int i = 0; i < n; i++) {
                if (Move.isCastling(moves[i]) && (Move.to(moves[i]) > Move.from(moves[i])) == kingside) {
                    return moves[i];
                }
            }
            return Move.NONE;
        }

        int move = parseAsSan(pos, s, moves, n, false);
        if (move == Move.NONE && s.length() > 1 && "nrqk".indexOf(s.charAt(0)) >= 0) {
            // Some hand-written suites use lower-case piece letters ("nf3"); "b" stays a pawn file.
            move = parseAsSan(pos, s, moves, n, true);
        }
        if (move == Move.NONE && s.length() >= 4 && s.length() <= 5) {
            move = UciMove.parse(pos, s.toLowerCase(), false);
        }
        return move;
    }

    /** Removes check/mate/annotation marks and an "e.p." suffix, which carry no information for matching. */
    private static String stripDecorations(String s) {
        if (s.endsWith("e.p.")) {
            s = s.substring(0, s.length() - 4).trim();
        } else if (s.endsWith("ep") && s.length() > 4) {
            s = s.substring(0, s.length() - 2).trim();
        }
        int end = s.length();
        while (end > 0 && "+#!?".indexOf(s.charAt(end - 1)) >= 0) {
            end--;
        }
        return s.substring(0, end);
    }

    private static int parseAsSan(Position pos, String s, int[] moves, int n, boolean lowerCasePiece) {
        int type = Piece.PAWN;
        int i = 0;
        char first = lowerCasePiece ? Character.toUpperCase(s.charAt(0)) : s.charAt(0);
        int letter = PIECE_LETTERS.indexOf(first);
        if (letter > 0) {
            type = letter + 1;
            i = 1;
        }
        // Promotion: "e8=Q", "e8Q", "e8(Q)", "e8/Q".
        int promotion = Piece.NONE;
        String body = s.substring(i).replace("(", "").replace(")", "").replace("/", "=");
        int eq = body.indexOf('=');
        if (eq >= 0) {
            if (eq != body.length() - 2) {
                return Move.NONE;
            }
            promotion = promotionType(body.charAt(eq + 1));
            if (promotion == Piece.NONE) {
                return Move.NONE;
            }
            body = body.substring(0, eq);
        } else if (type == Piece.PAWN && body.length() >= 3 && Character.isDigit(body.charAt(body.length() - 2))) {
            promotion = promotionType(body.charAt(body.length() - 1));
            if (promotion == Piece.NONE) {
                return Move.NONE;
            }
            body = body.substring(0, body.length() - 1);
        }
        body = body.replace("x", "").replace(":", "").replace("-", "");
        if (body.length() < 2 || body.length() > 4) {
            return Move.NONE;
        }
        int to = Square.parse(body.substring(body.length() - 2));
        if (to < 0 || to >= 64) {
            return Move.NONE;
        }
        int fromFile = -1, fromRank = -1;
        for (char c : body.substring(0, body.length() - 2).toCharArray()) {
            if (c >= 'a' && c <= 'h' && fromFile < 0) {
                fromFile = c - 'a';
            } else if (c >= '1' && c <= '8' && fromRank < 0) {
                fromRank = c - '1';
            } else {
                return Move.NONE;
            }
        }
        int found = Move.NONE;
        for (int k = 0; k < n; k++) {
            int m = moves[k];
            int from = Move.from(m);
            if (Move.isCastling(m) || Move.to(m) != to || Piece.type(pos.pieceAt(from)) != type
                    || (fromFile >= 0 && Square.file(from) != fromFile)
                    || (fromRank >= 0 && Square.rank(from) != fromRank)
                    || (Move.isPromotion(m) ? Move.promotionType(m) : Piece.NONE) != promotion) {
                continue;
            }
            if (found != Move.NONE) {
                return Move.NONE; // ambiguous: refuse rather than guess
            }
            found = m;
        }
        return found;
    }

    private static int promotionType(char c) {
        int i = PIECE_LETTERS.indexOf(Character.toUpperCase(c));
        return i >= 1 && i <= 4 ? i + 1 : Piece.NONE;
    }
}
