package horizon.board;

/**
 * Attack tables: knight, king and pawn lookups, and sliding attacks by "fancy" magic bitboards.
 *
 * <p>A magic multiplies the relevant blockers of a square (its rays without the edge squares) and keeps the top
 * bits as an index into a per-square slice of one shared table. The magic numbers in {@link MagicNumbers} were
 * found by {@link SlidingRays#findMagic} with a fixed seed; the tables are filled at class load, and a magic that maps two
 * different attack sets to one index fails loudly there rather than producing wrong moves.
 */
public final class Attacks {
    static final long[] KNIGHT = new long[64];
    static final long[] KING = new long[64];
    /** PAWN[color][sq]: squares a pawn of that colour on sq attacks. */
    static final long[][] PAWN = new long[2][64];

    static final long[] ROOK_MASK = new long[64];
    static final long[] BISHOP_MASK = new long[64];
    static final int[] ROOK_SHIFT = new int[64];
    static final int[] BISHOP_SHIFT = new int[64];
    static final int[] ROOK_OFFSET = new int[64];
    static final int[] BISHOP_OFFSET = new int[64];
    static final long[] ROOK_MAGIC = MagicNumbers.ROOK.clone();
    static final long[] BISHOP_MAGIC = MagicNumbers.BISHOP.clone();
    static final long[] ROOK_TABLE;
    static final long[] BISHOP_TABLE;
    /** Rook and bishop attacks on an empty board: the lines a slider could pin or check along. */
    static final long[] ROOK_RAYS = new long[64];
    static final long[] BISHOP_RAYS = new long[64];

    static {
        for (int sq = 0; sq < 64; sq++) {
            int file = Square.file(sq), rank = Square.rank(sq);
            KNIGHT[sq] = steps(file, rank, new int[][] {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
            KING[sq] = steps(file, rank, new int[][] {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}});
            PAWN[Piece.WHITE][sq] = steps(file, rank, new int[][] {{-1, 1}, {1, 1}});
            PAWN[Piece.BLACK][sq] = steps(file, rank, new int[][] {{-1, -1}, {1, -1}});
            ROOK_MASK[sq] = SlidingRays.relevantBlockers(sq, SlidingRays.ROOK_DIRECTIONS);
            BISHOP_MASK[sq] = SlidingRays.relevantBlockers(sq, SlidingRays.BISHOP_DIRECTIONS);
        }
        ROOK_TABLE = fill(ROOK_MASK, ROOK_MAGIC, ROOK_SHIFT, ROOK_OFFSET, SlidingRays.ROOK_DIRECTIONS);
        BISHOP_TABLE = fill(BISHOP_MASK, BISHOP_MAGIC, BISHOP_SHIFT, BISHOP_OFFSET, SlidingRays.BISHOP_DIRECTIONS);
        for (int sq = 0; sq < 64; sq++) {
            ROOK_RAYS[sq] = rookAttacks(sq, 0);
            BISHOP_RAYS[sq] = bishopAttacks(sq, 0);
        }
    }

    private Attacks() {
    }

    public static long knight(int sq) {
        return KNIGHT[sq];
    }

    public static long king(int sq) {
        return KING[sq];
    }

    public static long pawn(int color, int sq) {
        return PAWN[color][sq];
    }

    public static long rookAttacks(int sq, long occupied) {
        return ROOK_TABLE[ROOK_OFFSET[sq] + (int) (((occupied & ROOK_MASK[sq]) * ROOK_MAGIC[sq]) >>> ROOK_SHIFT[sq])];
    }

    public static long bishopAttacks(int sq, long occupied) {
        return BISHOP_TABLE[BISHOP_OFFSET[sq]
                + (int) (((occupied & BISHOP_MASK[sq]) * BISHOP_MAGIC[sq]) >>> BISHOP_SHIFT[sq])];
    }

    /** Rook attacks from sq on an empty board (one array read, no magic lookup). */
    public static long rookRays(int sq) {
        return ROOK_RAYS[sq];
    }

    /** Bishop attacks from sq on an empty board (one array read, no magic lookup). */
    public static long bishopRays(int sq) {
        return BISHOP_RAYS[sq];
    }

    public static long queenAttacks(int sq, long occupied) {
        return rookAttacks(sq, occupied) | bishopAttacks(sq, occupied);
    }

    /** Attacks of a non-pawn piece type from sq. */
    public static long pieceAttacks(int type, int sq, long occupied) {
        switch (type) {
            case Piece.KNIGHT: return KNIGHT[sq];
            case Piece.BISHOP: return bishopAttacks(sq, occupied);
            case Piece.ROOK: return rookAttacks(sq, occupied);
            case Piece.QUEEN: return queenAttacks(sq, occupied);
            case Piece.KING: return KING[sq];
            default: throw new IllegalArgumentException("not a piece type: " + type);
        }
    }

    private static long steps(int file, int rank, int[][] deltas) {
        long b = 0;
        for (int[] d : deltas) {
            int f = file + d[0], r = rank + d[1];
            if (f >= 0 && f < 8 && r >= 0 && r < 8) {
                b |= 1L << Square.of(f, r);
            }
        }
        return b;
    }

    private static long[] fill(long[] masks, long[] magics, int[] shifts, int[] offsets, int[][] directions) {
        int size = 0;
        for (int sq = 0; sq < 64; sq++) {
            int bits = Long.bitCount(masks[sq]);
            shifts[sq] = 64 - bits;
            offsets[sq] = size;
            size += 1 << bits;
        }
        long[] table = new long[size];
        boolean[] used = new boolean[size];
        for (int sq = 0; sq < 64; sq++) {
            long mask = masks[sq];
            long subset = 0;
            do { // Carry-Rippler walk over every subset of the mask.
                long attacks = SlidingRays.slidingAttacks(sq, subset, directions);
                int index = offsets[sq] + (int) ((subset * magics[sq]) >>> shifts[sq]);
                if (used[index] && table[index] != attacks) {
                    throw new ExceptionInInitializerError("bad magic for square " + Square.name(sq));
                }
                used[index] = true;
                table[index] = attacks;
                subset = (subset - mask) & mask;
            } while (subset != 0);
        }
        return table;
    }

}
