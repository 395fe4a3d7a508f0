package horizon.board;

/** Squares are ints 0..63, a1 = 0, b1 = 1, ..., h8 = 63 (little-endian rank-file mapping). */
public final class Square {
    public static final int NONE = 64;

    public static final int A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7;
    public static final int A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63;

    private Square() {
    }

    public static int of(int file, int rank) {
        return rank * 8 + file;
    }

    public static int file(int sq) {
        return sq & 7;
    }

    public static int rank(int sq) {
        return sq >>> 3;
    }

    /** The same square seen from the other side of the board (a1 <-> a8). */
    public static int flipRank(int sq) {
        return sq ^ 56;
    }

    /** Rank 0..7 as seen from {@code color}'s side: rank 0 is that side's back rank. */
    public static int relativeRank(int color, int sq) {
        return color == Piece.WHITE ? sq >>> 3 : 7 - (sq >>> 3);
    }

    public static String name(int sq) {
        return "" + (char) ('a' + file(sq)) + (char) ('1' + rank(sq));
    }

    /** Parses "e4"; returns {@link #NONE} for anything else. */
    public static int parse(String s) {
        if (s == null || s.length() != 2) {
            return NONE;
        }
        int file = s.charAt(0) - 'a';
        int rank = s.charAt(1) - '1';
        if (file < 0 || file > 7 || rank < 0 || rank > 7) {
            return NONE;
        }
        return of(file, rank);
    }
}
