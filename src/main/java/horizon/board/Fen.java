package horizon.board;

import static horizon.board.Piece.BLACK;
import static horizon.board.Piece.WHITE;

/**
 * Forsyth-Edwards Notation: parsing with validation, and output that round-trips.
 *
 * <p>Castling accepts standard {@code KQkq}, Shredder-FEN rook files ({@code HAha}) and X-FEN (letters for the
 * outermost rook, files where an inner rook is meant). Output uses X-FEN, which is plain {@code KQkq} in standard
 * chess, or Shredder-FEN when asked for Chess960 output. The move counters may be omitted (EPD).
 */
public final class Fen {
    private Fen() {
    }

    public static Position parse(String fen) {
        if (fen == null || fen.isBlank()) {
            throw new FenException("empty FEN");
        }
        String[] fields = fen.trim().split("\\s+");
        if (fields.length < 4 || fields.length > 6) {
            throw new FenException("FEN has " + fields.length
                    + " fields, expected 6 (placement, side, castling, en passant, halfmove clock, fullmove number)");
        }
        Position pos = new Position();
        parsePlacement(pos, fields[0]);
        checkMaterial(pos);

        if (fields[1].equals("w")) {
            pos.sideToMove = WHITE;
        } else if (fields[1].equals("b")) {
            pos.sideToMove = BLACK;
        } else {
            throw new FenException("side to move must be 'w' or 'b', not '" + fields[1] + "'");
        }

        parseCastling(pos, fields[2]);
        parseEnPassant(pos, fields[3]);

        if (fields.length > 4) {
            pos.halfmoveClock = parseCounter(fields[4], "halfmove clock", 0);
        }
        int fullmove = fields.length > 5 ? parseCounter(fields[5], "fullmove number", 0) : 1;
        pos.gamePly = 2 * (Math.max(fullmove, 1) - 1) + pos.sideToMove;

        int them = pos.sideToMove ^ 1;
        if (pos.isAttackedBy(pos.sideToMove, pos.kingSquare[them], pos.occupied)) {
            throw new FenException("the side not to move (" + colorName(them) + ") is in check");
        }
        pos.finishSetup();
        return pos;
    }

    private static void parsePlacement(Position pos, String placement) {
        String[] ranks = placement.split("/", -1);
        if (ranks.length != 8) {
            throw new FenException("piece placement has " + ranks.length + " ranks, expected 8");
        }
        int[] kings = new int[2];
        for (int i = 0; i < 8; i++) {
            int rank = 7 - i;
            int file = 0;
            for (char c : ranks[i].toCharArray()) {
                if (c >= '1' && c <= '8') {
                    file += c - '0';
                    continue;
                }
                int piece = Piece.fromLetter(c);
                if (piece == Piece.NONE) {
                    throw new FenException("bad piece letter '" + c + "' in rank " + (rank + 1));
                }
                if (file < 8) {
                    int sq = Square.of(file, rank);
                    if (Piece.type(piece) == Piece.PAWN && (rank == 0 || rank == 7)) {
                        throw new FenException("pawn on " + Square.name(sq) + ", a back rank");
                    }
                    if (Piece.type(piece) == Piece.KING) {
                        kings[Piece.color(piece)]++;
                        pos.kingSquare[Piece.color(piece)] = sq;
                    }
                    pos.addPiece(piece, sq);
                }
                file++;
            }
            if (file != 8) {
                throw new FenException("rank " + (rank + 1) + " covers " + file + " squares, expected 8");
            }
        }
        for (int color = WHITE; color <= BLACK; color++) {
            if (kings[color] != 1) {
                throw new FenException(colorName(color) + " has " + kings[color] + " kings, expected 1");
            }
        }
    }

    /** Rejects material no game can reach: over 8 pawns, over 16 pieces, more promoted pieces than lost pawns. */
    private static void checkMaterial(Position pos) {
        for (int color = WHITE; color <= BLACK; color++) {
            int pawns = Long.bitCount(pos.pieces(color, Piece.PAWN));
            int total = Long.bitCount(pos.colors[color]);
            if (pawns > 8) {
                throw new FenException(colorName(color) + " has " + pawns + " pawns, at most 8 are possible");
            }
            if (total > 16) {
                throw new FenException(colorName(color) + " has " + total + " pieces, at most 16 are possible");
            }
            int promoted = Math.max(0, Long.bitCount(pos.pieces(color, Piece.KNIGHT)) - 2)
                    + Math.max(0, Long.bitCount(pos.pieces(color, Piece.BISHOP)) - 2)
                    + Math.max(0, Long.bitCount(pos.pieces(color, Piece.ROOK)) - 2)
                    + Math.max(0, Long.bitCount(pos.pieces(color, Piece.QUEEN)) - 1);
            if (promoted > 8 - pawns) {
                throw new FenException(colorName(color) + " has " + promoted + " promoted pieces but only "
                        + (8 - pawns) + " missing pawns");
            }
        }
    }

    private static void parseCastling(Position pos, String castling) {
        if (castling.equals("-")) {
            return;
        }
        for (char c : castling.toCharArray()) {
            int color = Character.isUpperCase(c) ? WHITE : BLACK;
            char upper = Character.toUpperCase(c);
            int backRank = color == WHITE ? 0 : 7;
            int ksq = pos.kingSquare[color];
            if (upper != 'K' && upper != 'Q' && (upper < 'A' || upper > 'H')) {
                throw new FenException("bad castling letter '" + c + "'");
            }
            if (Square.rank(ksq) != backRank) {
                throw new FenException("castling right '" + c + "' but the " + colorName(color)
                        + " king is not on its back rank");
            }
            int rook = Piece.make(color, Piece.ROOK);
            int rookSquare = Square.NONE;
            if (upper == 'K') { // outermost rook on the h-side
                for (int file = 7; file > Square.file(ksq) && rookSquare == Square.NONE; file--) {
                    rookSquare = pos.board[Square.of(file, backRank)] == rook ? Square.of(file, backRank) : Square.NONE;
                }
            } else if (upper == 'Q') { // outermost rook on the a-side
                for (int file = 0; file < Square.file(ksq) && rookSquare == Square.NONE; file++) {
                    rookSquare = pos.board[Square.of(file, backRank)] == rook ? Square.of(file, backRank) : Square.NONE;
                }
            } else {
                int sq = Square.of(upper - 'A', backRank);
                rookSquare = pos.board[sq] == rook && sq != ksq ? sq : Square.NONE;
            }
            if (rookSquare == Square.NONE) {
                throw new FenException("castling right '" + c + "' but no " + colorName(color)
                        + " rook stands where it points");
            }
            int index = color * 2 + (rookSquare < ksq ? 1 : 0);
            if ((pos.castlingRights & (1 << index)) != 0) {
                throw new FenException("castling right '" + c + "' repeats a right already given");
            }
            pos.addCastlingRight(color, rookSquare);
        }
    }

    private static void parseEnPassant(Position pos, String field) {
        if (field.equals("-")) {
            return;
        }
        int ep = Square.parse(field);
        if (ep == Square.NONE) {
            throw new FenException("bad en-passant square '" + field + "'");
        }
        int us = pos.sideToMove, them = us ^ 1;
        int expectedRank = us == WHITE ? 5 : 2;
        int pushedPawnSquare = ep ^ 8;
        int origin = us == WHITE ? ep + 8 : ep - 8;
        if (Square.rank(ep) != expectedRank || pos.board[pushedPawnSquare] != Piece.make(them, Piece.PAWN)
                || pos.board[ep] != Piece.NONE || pos.board[origin] != Piece.NONE) {
            throw new FenException("impossible en-passant square " + field + ": no " + colorName(them)
                    + " pawn can just have moved two squares past it");
        }
        // Keep the square only when a capture is possible (the same convention as the Zobrist key).
        if ((Attacks.PAWN[them][ep] & pos.pieces(us, Piece.PAWN)) != 0) {
            pos.epSquare = ep;
        }
    }

    private static int parseCounter(String s, String what, int min) {
        try {
            int value = Integer.parseInt(s);
            if (value < min || value > 100_000) {
                throw new FenException(what + " out of range: " + s);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new FenException(what + " is not a number: '" + s + "'");
        }
    }

    private static String colorName(int color) {
        return color == WHITE ? "white" : "black";
    }

    public static String toFen(Position pos) {
        return toFen(pos, false);
    }

    /** FEN of the position; castling as Shredder-FEN files when {@code shredder} is set, else X-FEN. */
    public static String toFen(Position pos, boolean shredder) {
        StringBuilder sb = new StringBuilder(placement(pos.board));
        sb.append(pos.sideToMove == WHITE ? " w " : " b ");
        if (pos.castlingRights == 0) {
            sb.append('-');
        }
        for (int index = 0; index < 4; index++) {
            if ((pos.castlingRights & (1 << index)) != 0) {
                sb.append(castlingLetter(pos, index, shredder));
            }
        }
        sb.append(' ').append(pos.epSquare == Square.NONE ? "-" : Square.name(pos.epSquare));
        sb.append(' ').append(pos.halfmoveClock).append(' ').append(pos.fullmoveNumber());
        return sb.toString();
    }

    /**
     * A FEN's first field, the pieces rank 8 first: board[square] (a1 = 0 ... h8 = 63) holds a {@link Piece} code,
     * {@link Piece#NONE} on an empty square. Every writer of a placement (a position, a training record, a test's
     * random board) goes through it.
     */
    public static String placement(byte[] board) {
        StringBuilder sb = new StringBuilder();
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                int piece = board[Square.of(file, rank)];
                if (piece == Piece.NONE) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    sb.append(empty);
                    empty = 0;
                }
                sb.append(Piece.letter(piece));
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (rank > 0) {
                sb.append('/');
            }
        }
        return sb.toString();
    }

    private static char castlingLetter(Position pos, int index, boolean shredder) {
        int color = index / 2;
        boolean queenside = (index & 1) != 0;
        int rookSquare = pos.castlingRookSquare[index];
        char letter;
        if (shredder) {
            letter = (char) ('A' + Square.file(rookSquare));
        } else {
            // X-FEN: K/Q unless another rook stands further out on the same side.
            long rooks = pos.pieces(color, Piece.ROOK) & Bitboards.rankMask(Square.rank(rookSquare));
            long outside = queenside ? rooks & ((1L << rookSquare) - 1) : rooks & -(1L << rookSquare) << 1;
            letter = outside == 0 ? (queenside ? 'Q' : 'K') : (char) ('A' + Square.file(rookSquare));
        }
        return color == WHITE ? letter : Character.toLowerCase(letter);
    }
}
