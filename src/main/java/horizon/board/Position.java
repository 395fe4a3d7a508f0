package horizon.board;

import static horizon.board.Piece.BLACK;
import static horizon.board.Piece.WHITE;

import java.util.Arrays;


/**
 * A chess position with everything needed to make and unmake moves in place: bitboards per coloured piece and per
 * colour, a mailbox, castling rights (Chess960-capable: each right remembers its rook's square), the en-passant
 * square, move counters, the Zobrist key and the pieces giving check.
 *
 * <p>What cannot be recomputed on unmake (previous key, rights, en-passant square, halfmove clock, captured piece,
 * checkers) goes onto primitive stacks indexed by the number of moves made since set-up, which also serve
 * repetition detection. The stacks grow only when a game outgrows them, never per node in a search.
 */
public final class Position {
    public static final String START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /** Castling right bits; a right's index (0..3) is colour * 2 + (queenside ? 1 : 0). */
    public static final int WHITE_KINGSIDE = 1, WHITE_QUEENSIDE = 2, BLACK_KINGSIDE = 4, BLACK_QUEENSIDE = 8;

    private static final int INITIAL_HISTORY = 512;

    final long[] pieces = new long[Piece.CODES];
    final long[] colors = new long[2];
    long occupied;
    final byte[] board = new byte[64];
    final int[] kingSquare = new int[2];
    int sideToMove;
    int castlingRights;
    int epSquare = Square.NONE;
    int halfmoveClock;
    /** Plies since the start of the game as the FEN counts it: fullmove = 1 + gamePly / 2. */
    int gamePly;
    long key;
    long checkers;

    /** Castling geometry by right index: the rook's square and the squares that must be empty. */
    final int[] castlingRookSquare = new int[4];
    final long[] castlingPath = new long[4];
    /** Rights kept when a move leaves or enters a square: rights &= mask[from] & mask[to]. */
    final int[] castlingRightsMask = new int[64];

    private long[] keyStack = new long[INITIAL_HISTORY];
    private long[] checkersStack = new long[INITIAL_HISTORY];
    private int[] castlingStack = new int[INITIAL_HISTORY];
    private int[] epStack = new int[INITIAL_HISTORY];
    private int[] halfmoveStack = new int[INITIAL_HISTORY];
    private int[] capturedStack = new int[INITIAL_HISTORY];
    private int historyLength;

    Position() {
        Arrays.fill(castlingRightsMask, 15);
        Arrays.fill(castlingRookSquare, Square.NONE);
    }

    public static Position startPosition() {
        return Fen.parse(START_FEN);
    }

    /** Parses a FEN (standard, Shredder or X-FEN castling); throws {@link FenException} naming what is wrong. */
    public static Position fromFen(String fen) {
        return Fen.parse(fen);
    }

    public String toFen() {
        return Fen.toFen(this);
    }

    /** An independent copy, history included (for another search thread). */
    public Position copy() {
        Position p = new Position();
        System.arraycopy(pieces, 0, p.pieces, 0, pieces.length);
        System.arraycopy(colors, 0, p.colors, 0, 2);
        p.occupied = occupied;
        System.arraycopy(board, 0, p.board, 0, 64);
        System.arraycopy(kingSquare, 0, p.kingSquare, 0, 2);
        p.sideToMove = sideToMove;
        p.castlingRights = castlingRights;
        p.epSquare = epSquare;
        p.halfmoveClock = halfmoveClock;
        p.gamePly = gamePly;
        p.key = key;
        p.checkers = checkers;
        System.arraycopy(castlingRookSquare, 0, p.castlingRookSquare, 0, 4);
        System.arraycopy(castlingPath, 0, p.castlingPath, 0, 4);
        System.arraycopy(castlingRightsMask, 0, p.castlingRightsMask, 0, 64);
        p.keyStack = keyStack.clone();
        p.checkersStack = checkersStack.clone();
        p.castlingStack = castlingStack.clone();
        p.epStack = epStack.clone();
        p.halfmoveStack = halfmoveStack.clone();
        p.capturedStack = capturedStack.clone();
        p.historyLength = historyLength;
        return p;
    }

    // ---------------------------------------------------------------- queries

    public int sideToMove() {
        return sideToMove;
    }

    public int pieceAt(int sq) {
        return board[sq];
    }

    /** Bitboard of one coloured piece code. */
    public long pieces(int piece) {
        return pieces[piece];
    }

    public long pieces(int color, int type) {
        return pieces[(color << 3) | type];
    }

    public long colorOccupancy(int color) {
        return colors[color];
    }

    public long occupied() {
        return occupied;
    }

    public int kingSquare(int color) {
        return kingSquare[color];
    }

    public int castlingRights() {
        return castlingRights;
    }

    /** Square of the rook a castling right (index 0..3) refers to, or {@link Square#NONE}. */
    public int castlingRookSquare(int rightIndex) {
        return castlingRookSquare[rightIndex];
    }

    /** En-passant target square if a capture there is pseudo-legally possible, else {@link Square#NONE}. */
    public int epSquare() {
        return epSquare;
    }

    public int halfmoveClock() {
        return halfmoveClock;
    }

    public int fullmoveNumber() {
        return 1 + gamePly / 2;
    }

    public long key() {
        return key;
    }

    /**
     * A hash of the pawns alone (both colours' pawn bitboards, multiplied apart so that swapping colours changes
     * it): the key of tables kept per pawn structure, the evaluation's pawn hash and the search's correction
     * history. Worked out on demand, two multiplications: cheaper than keeping it up to date in every move.
     */
    public long pawnKey() {
        return pieces(WHITE, Piece.PAWN) * 0x9E3779B97F4A7C15L
                ^ pieces(BLACK, Piece.PAWN) * 0xC2B2AE3D27D4EB4FL;
    }

    public long checkers() {
        return checkers;
    }

    public boolean inCheck() {
        return checkers != 0;
    }

    /** Whether the side has a piece other than pawns and king (null-move pruning is unsafe without one). */
    public boolean hasNonPawnMaterial(int color) {
        return (colors[color] & ~pieces[(color << 3) | Piece.PAWN] & ~pieces[(color << 3) | Piece.KING]) != 0;
    }

    /** No side can ever mate: bare kings, or a single knight or bishop on the board. */
    public boolean isInsufficientMaterial() {
        long heavyOrPawns = pieces[Piece.PAWN] | pieces[8 | Piece.PAWN] | pieces[Piece.ROOK] | pieces[8 | Piece.ROOK]
                | pieces[Piece.QUEEN] | pieces[8 | Piece.QUEEN];
        return heavyOrPawns == 0 && Long.bitCount(occupied) <= 3;
    }

    /**
     * Whether the current position occurred before since the last irreversible move (or null move). The search
     * scores a single repetition as a draw: if repeating was good once, it is good again.
     */
    public boolean hasRepeated() {
        int window = Math.min(halfmoveClock, historyLength);
        for (int i = 4; i <= window; i += 2) {
            if (keyStack[historyLength - i] == key) {
                return true;
            }
        }
        return false;
    }

    /** Number of moves made on this object since it was set up (the depth of the undo stack). */
    public int historyLength() {
        return historyLength;
    }

    /** Pieces of both colours attacking sq, seen through the given occupancy. */
    public long attackersTo(int sq, long occ) {
        return (Attacks.PAWN[BLACK][sq] & pieces[Piece.PAWN])
                | (Attacks.PAWN[WHITE][sq] & pieces[8 | Piece.PAWN])
                | (Attacks.KNIGHT[sq] & (pieces[Piece.KNIGHT] | pieces[8 | Piece.KNIGHT]))
                | (Attacks.KING[sq] & (pieces[Piece.KING] | pieces[8 | Piece.KING]))
                | (Attacks.rookAttacks(sq, occ) & (pieces[Piece.ROOK] | pieces[8 | Piece.ROOK]
                        | pieces[Piece.QUEEN] | pieces[8 | Piece.QUEEN]))
                | (Attacks.bishopAttacks(sq, occ) & (pieces[Piece.BISHOP] | pieces[8 | Piece.BISHOP]
                        | pieces[Piece.QUEEN] | pieces[8 | Piece.QUEEN]));
    }

    /** Whether a piece of {@code color} attacks sq, seen through the given occupancy. */
    public boolean isAttackedBy(int color, int sq, long occ) {
        int c = color << 3;
        return (Attacks.KNIGHT[sq] & pieces[c | Piece.KNIGHT]) != 0
                || (Attacks.PAWN[color ^ 1][sq] & pieces[c | Piece.PAWN]) != 0
                || (Attacks.KING[sq] & pieces[c | Piece.KING]) != 0
                || (Attacks.rookAttacks(sq, occ) & (pieces[c | Piece.ROOK] | pieces[c | Piece.QUEEN])) != 0
                || (Attacks.bishopAttacks(sq, occ) & (pieces[c | Piece.BISHOP] | pieces[c | Piece.QUEEN])) != 0;
    }

    /**
     * Whether legal move m checks the opponent's king: directly from its target square (as the promoted piece
     * after a promotion, as the rook after castling) or by uncovering a slider, en passant included.
     */
    public boolean givesCheck(int m) {
        int us = sideToMove, them = us ^ 1;
        int ksq = kingSquare[them];
        int from = Move.from(m), to = Move.to(m), kind = Move.kind(m);
        long king = 1L << ksq;
        int c = us << 3;
        if (kind == Move.CASTLING) {
            int kingTo = Move.castlingKingTarget(m), rookTo = Move.castlingRookTarget(m);
            long occ = (occupied ^ (1L << from) ^ (1L << to)) | (1L << kingTo) | (1L << rookTo);
            return (Attacks.rookAttacks(rookTo, occ) & king) != 0;
        }
        long occ = (occupied ^ (1L << from)) | (1L << to);
        if (kind == Move.EN_PASSANT) {
            occ ^= 1L << (to ^ 8);
        }
        int type = Move.isPromotion(m) ? Move.promotionType(m) : Piece.type(board[from]);
        boolean direct;
        switch (type) {
            case Piece.PAWN: direct = (Attacks.PAWN[us][to] & king) != 0; break;
            case Piece.KNIGHT: direct = (Attacks.KNIGHT[to] & king) != 0; break;
            case Piece.BISHOP: direct = (Attacks.bishopAttacks(to, occ) & king) != 0; break;
            case Piece.ROOK: direct = (Attacks.rookAttacks(to, occ) & king) != 0; break;
            case Piece.QUEEN: direct = (Attacks.queenAttacks(to, occ) & king) != 0; break;
            default: direct = false;
        }
        if (direct) {
            return true;
        }
        // Discovered: one of our other sliders now sees the king (the mover itself is still on "from" in the
        // piece sets, so it is masked out; its new square was handled above).
        long notMover = ~(1L << from);
        return (Attacks.rookAttacks(ksq, occ) & (pieces[c | Piece.ROOK] | pieces[c | Piece.QUEEN]) & notMover) != 0
                || (Attacks.bishopAttacks(ksq, occ) & (pieces[c | Piece.BISHOP] | pieces[c | Piece.QUEEN]) & notMover) != 0;
    }

    /**
     * How many times the current position occurred before, counting only positions since the last irreversible
     * move (same side to move, same key).
     */
    public int repetitionCount() {
        int count = 0;
        int oldest = Math.max(0, historyLength - halfmoveClock);
        for (int i = historyLength - 2; i >= oldest; i -= 2) {
            if (keyStack[i] == key) {
                count++;
            }
        }
        return count;
    }

    /** Key of the position before the i-th move of the history (0 = as set up). */
    public long historyKey(int i) {
        return keyStack[i];
    }

    // ---------------------------------------------------------------- make / unmake

    public void makeMove(int m) {
        int h = pushState();

        int us = sideToMove, them = us ^ 1;
        int from = Move.from(m), to = Move.to(m), kind = Move.kind(m);
        int piece = board[from];
        int captured = Piece.NONE;
        long k = key;
        if (epSquare != Square.NONE) {
            k ^= Zobrist.EN_PASSANT_FILE[epSquare & 7];
            epSquare = Square.NONE;
        }
        halfmoveClock++;

        if (kind == Move.CASTLING) {
            int rook = board[to];
            int kingTo = Move.castlingKingTarget(m), rookTo = Move.castlingRookTarget(m);
            // Remove both first: in Chess960 the king may land where the rook stood, or the reverse.
            removePiece(piece, from);
            removePiece(rook, to);
            addPiece(piece, kingTo);
            addPiece(rook, rookTo);
            k ^= Zobrist.PIECE_SQUARE[piece][from] ^ Zobrist.PIECE_SQUARE[piece][kingTo]
                    ^ Zobrist.PIECE_SQUARE[rook][to] ^ Zobrist.PIECE_SQUARE[rook][rookTo];
            kingSquare[us] = kingTo;
        } else {
            if (kind == Move.CAPTURE) {
                captured = board[to];
                removePiece(captured, to);
                k ^= Zobrist.PIECE_SQUARE[captured][to];
                halfmoveClock = 0;
            } else if (kind == Move.EN_PASSANT) {
                int capturedSquare = to ^ 8; // the square behind the target, on the mover's side
                captured = board[capturedSquare];
                removePiece(captured, capturedSquare);
                k ^= Zobrist.PIECE_SQUARE[captured][capturedSquare];
            }
            movePiece(piece, from, to);
            k ^= Zobrist.PIECE_SQUARE[piece][from] ^ Zobrist.PIECE_SQUARE[piece][to];
            int type = Piece.type(piece);
            if (type == Piece.PAWN) {
                halfmoveClock = 0;
                if (kind == Move.DOUBLE_PUSH) {
                    int ep = (from + to) >>> 1;
                    if ((Attacks.PAWN[us][ep] & pieces[(them << 3) | Piece.PAWN]) != 0) {
                        epSquare = ep;
                        k ^= Zobrist.EN_PASSANT_FILE[ep & 7];
                    }
                } else if (Move.isPromotion(m)) {
                    int promoted = (us << 3) | Move.promotionType(m);
                    removePiece(piece, to);
                    addPiece(promoted, to);
                    k ^= Zobrist.PIECE_SQUARE[piece][to] ^ Zobrist.PIECE_SQUARE[promoted][to];
                }
            } else if (type == Piece.KING) {
                kingSquare[us] = to;
            }
        }
        if (castlingRights != 0) {
            int rights = castlingRights & castlingRightsMask[from] & castlingRightsMask[to];
            k ^= Zobrist.CASTLING[castlingRights] ^ Zobrist.CASTLING[rights];
            castlingRights = rights;
        }
        capturedStack[h] = captured;
        sideToMove = them;
        key = k ^ Zobrist.BLACK_TO_MOVE;
        historyLength = h + 1;
        gamePly++;
        checkers = attackersTo(kingSquare[them], occupied) & colors[us];
    }

    public void unmakeMove(int m) {
        int h = --historyLength;
        gamePly--;
        int us = sideToMove ^ 1;
        sideToMove = us;
        int from = Move.from(m), to = Move.to(m), kind = Move.kind(m);

        if (kind == Move.CASTLING) {
            int kingTo = Move.castlingKingTarget(m), rookTo = Move.castlingRookTarget(m);
            int king = board[kingTo], rook = board[rookTo];
            removePiece(king, kingTo);
            removePiece(rook, rookTo);
            addPiece(king, from);
            addPiece(rook, to);
            kingSquare[us] = from;
        } else {
            int piece = board[to];
            if (Move.isPromotion(m)) {
                removePiece(piece, to);
                addPiece((us << 3) | Piece.PAWN, from);
            } else {
                movePiece(piece, to, from);
                if (Piece.type(piece) == Piece.KING) {
                    kingSquare[us] = from;
                }
            }
            int captured = capturedStack[h];
            if (kind == Move.CAPTURE) {
                addPiece(captured, to);
            } else if (kind == Move.EN_PASSANT) {
                addPiece(captured, to ^ 8);
            }
        }
        key = keyStack[h];
        castlingRights = castlingStack[h];
        epSquare = epStack[h];
        halfmoveClock = halfmoveStack[h];
        checkers = checkersStack[h];
    }

    /** Passes the turn (null-move pruning). Not allowed in check. */
    public void makeNullMove() {
        int h = pushState();
        capturedStack[h] = Piece.NONE;
        long k = key ^ Zobrist.BLACK_TO_MOVE;
        if (epSquare != Square.NONE) {
            k ^= Zobrist.EN_PASSANT_FILE[epSquare & 7];
            epSquare = Square.NONE;
        }
        key = k;
        // Zeroed so that repetition detection never looks back across the null move (restored on unmake).
        halfmoveClock = 0;
        sideToMove ^= 1;
        historyLength = h + 1;
        gamePly++;
        checkers = 0;
    }

    public void unmakeNullMove() {
        int h = --historyLength;
        gamePly--;
        sideToMove ^= 1;
        key = keyStack[h];
        castlingRights = castlingStack[h];
        epSquare = epStack[h];
        halfmoveClock = halfmoveStack[h];
        checkers = checkersStack[h];
    }

    /** Saves what unmake cannot recompute at the top of the undo stacks; returns that index. */
    private int pushState() {
        int h = historyLength;
        if (h == keyStack.length) {
            growHistory();
        }
        keyStack[h] = key;
        castlingStack[h] = castlingRights;
        epStack[h] = epSquare;
        halfmoveStack[h] = halfmoveClock;
        checkersStack[h] = checkers;
        return h;
    }

    /** Doubles the undo stacks when a game (say "position startpos moves ..." with thousands of moves) outgrows them. */
    private void growHistory() {
        int n = keyStack.length * 2;
        keyStack = Arrays.copyOf(keyStack, n);
        checkersStack = Arrays.copyOf(checkersStack, n);
        castlingStack = Arrays.copyOf(castlingStack, n);
        epStack = Arrays.copyOf(epStack, n);
        halfmoveStack = Arrays.copyOf(halfmoveStack, n);
        capturedStack = Arrays.copyOf(capturedStack, n);
    }

    // ---------------------------------------------------------------- piece placement

    void addPiece(int piece, int sq) {
        long bit = 1L << sq;
        pieces[piece] |= bit;
        colors[piece >>> 3] |= bit;
        occupied |= bit;
        board[sq] = (byte) piece;
    }

    void removePiece(int piece, int sq) {
        long bit = ~(1L << sq);
        pieces[piece] &= bit;
        colors[piece >>> 3] &= bit;
        occupied &= bit;
        board[sq] = Piece.NONE;
    }

    private void movePiece(int piece, int from, int to) {
        long bits = (1L << from) | (1L << to);
        pieces[piece] ^= bits;
        colors[piece >>> 3] ^= bits;
        occupied ^= bits;
        board[from] = Piece.NONE;
        board[to] = (byte) piece;
    }

    /** Registers a castling right for the rook on rookSquare; the king must already be placed. */
    void addCastlingRight(int color, int rookSquare) {
        int ksq = kingSquare[color];
        boolean queenside = rookSquare < ksq;
        int index = color * 2 + (queenside ? 1 : 0);
        int rank = Square.rank(ksq);
        int kingTo = Square.of(queenside ? 2 : 6, rank), rookTo = Square.of(queenside ? 3 : 5, rank);
        castlingRights |= 1 << index;
        castlingRookSquare[index] = rookSquare;
        castlingPath[index] = (Bitboards.between(ksq, kingTo) | (1L << kingTo) | Bitboards.between(rookSquare, rookTo)
                | (1L << rookTo)) & ~((1L << ksq) | (1L << rookSquare));
        castlingRightsMask[ksq] &= ~(3 << (color * 2));
        castlingRightsMask[rookSquare] &= ~(1 << index);
    }

    /** Recomputes key and checkers from scratch: after set-up, and in tests against the incremental key. */
    long computeKey() {
        long k = 0;
        for (int sq = 0; sq < 64; sq++) {
            if (board[sq] != Piece.NONE) {
                k ^= Zobrist.PIECE_SQUARE[board[sq]][sq];
            }
        }
        k ^= Zobrist.CASTLING[castlingRights];
        if (epSquare != Square.NONE) {
            k ^= Zobrist.EN_PASSANT_FILE[epSquare & 7];
        }
        return sideToMove == BLACK ? k ^ Zobrist.BLACK_TO_MOVE : k;
    }

    /** Key computed from the board alone, ignoring the incremental value (tests compare the two). */
    public long keyFromScratch() {
        return computeKey();
    }

    void finishSetup() {
        key = computeKey();
        checkers = attackersTo(kingSquare[sideToMove], occupied) & colors[sideToMove ^ 1];
    }

    /** A printable board with FEN and key, as the "d" command shows it. */
    public String toDiagram(boolean chess960) {
        StringBuilder sb = new StringBuilder();
        for (int rank = 7; rank >= 0; rank--) {
            sb.append(" +---+---+---+---+---+---+---+---+\n |");
            for (int file = 0; file < 8; file++) {
                sb.append(' ').append(Piece.letter(board[Square.of(file, rank)])).append(" |");
            }
            sb.append(' ').append(rank + 1).append('\n');
        }
        sb.append(" +---+---+---+---+---+---+---+---+\n   a   b   c   d   e   f   g   h\n\n");
        sb.append("Fen: ").append(Fen.toFen(this, chess960)).append('\n');
        sb.append(String.format("Key: %016X%n", key));
        sb.append("Checkers:");
        for (long b = checkers; b != 0; b &= b - 1) {
            sb.append(' ').append(Square.name(Long.numberOfTrailingZeros(b)));
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return toFen();
    }
}
