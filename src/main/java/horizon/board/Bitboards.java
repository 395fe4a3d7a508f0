package horizon.board;

/** Constant masks and geometry tables over 64-bit boards (bit i = square i). */
public final class Bitboards {
    public static final long FILE_A = 0x0101010101010101L;
    public static final long FILE_H = FILE_A << 7;
    public static final long RANK_1 = 0xFFL;
    public static final long RANK_2 = RANK_1 << 8;
    public static final long RANK_3 = RANK_1 << 16;
    public static final long RANK_6 = RANK_1 << 40;
    public static final long RANK_7 = RANK_1 << 48;
    public static final long RANK_8 = RANK_1 << 56;
    /** a1, c1, ..., b2, ...: the squares of a1's colour. */
    public static final long DARK_SQUARES = 0xAA55AA55AA55AA55L;

    /** Squares strictly between two squares on a common line, else empty. */
    static final long[][] BETWEEN = new long[64][64];
    /** The whole line (edge to edge) through two squares on a common line, else empty. */
    static final long[][] LINE = new long[64][64];

    static {
        for (int a = 0; a < 64; a++) {
            for (int b = 0; b < 64; b++) {
                if (a == b) {
                    continue;
                }
                long aBit = 1L << a, bBit = 1L << b;
                if ((Attacks.rookAttacks(a, 0) & bBit) != 0) {
                    BETWEEN[a][b] = Attacks.rookAttacks(a, bBit) & Attacks.rookAttacks(b, aBit);
                    LINE[a][b] = (Attacks.rookAttacks(a, 0) & Attacks.rookAttacks(b, 0)) | aBit | bBit;
                } else if ((Attacks.bishopAttacks(a, 0) & bBit) != 0) {
                    BETWEEN[a][b] = Attacks.bishopAttacks(a, bBit) & Attacks.bishopAttacks(b, aBit);
                    LINE[a][b] = (Attacks.bishopAttacks(a, 0) & Attacks.bishopAttacks(b, 0)) | aBit | bBit;
                }
            }
        }
    }

    private Bitboards() {
    }

    public static long between(int a, int b) {
        return BETWEEN[a][b];
    }

    public static long line(int a, int b) {
        return LINE[a][b];
    }

    public static long fileMask(int file) {
        return FILE_A << file;
    }

    public static long rankMask(int rank) {
        return RANK_1 << (8 * rank);
    }

    /** Board shifted one rank towards the opponent of {@code color}. */
    public static long pushForward(long b, int color) {
        return color == Piece.WHITE ? b << 8 : b >>> 8;
    }

    public static boolean moreThanOne(long b) {
        return (b & (b - 1)) != 0;
    }

    public static String toString(long b) {
        StringBuilder sb = new StringBuilder();
        for (int rank = 7; rank >= 0; rank--) {
            for (int file = 0; file < 8; file++) {
                sb.append((b >>> Square.of(file, rank) & 1) != 0 ? 'X' : '.');
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
