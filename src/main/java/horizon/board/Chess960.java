package horizon.board;

/** Chess960 starting positions by Scharnagl's numbering 0..959 (518 is the standard start). */
public final class Chess960 {
    public static final int COUNT = 960;

    /** Knight placements over the five squares left after bishops and queen, indexed 0..9. */
    private static final int[][] KNIGHTS = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};

    private Chess960() {
    }

    /** Back rank of start position n as piece letters, a-file first (518 gives "RNBQKBNR"). */
    public static String backRank(int n) {
        if (n < 0 || n >= COUNT) {
            throw new IllegalArgumentException("Chess960 numbers run from 0 to 959, not " + n);
        }
        char[] rank = new char[8];
        rank[2 * (n % 4) + 1] = 'B'; // light-squared bishop on b, d, f or h
        n /= 4;
        rank[2 * (n % 4)] = 'B'; // dark-squared bishop on a, c, e or g
        n /= 4;
        placeOnEmpty(rank, n % 6, 'Q');
        n /= 6;
        int[] knights = KNIGHTS[n];
        placeOnEmpty(rank, knights[1], 'N'); // the later one first, so the earlier index still counts the same squares
        placeOnEmpty(rank, knights[0], 'N');
        placeOnEmpty(rank, 0, 'R');
        placeOnEmpty(rank, 0, 'K');
        placeOnEmpty(rank, 0, 'R');
        return new String(rank);
    }

    /** FEN of start position n, castling rights in Shredder-FEN (rook files). */
    public static String startFen(int n) {
        String white = backRank(n);
        StringBuilder rights = new StringBuilder();
        for (int file = 7; file >= 0; file--) {
            if (white.charAt(file) == 'R') {
                rights.append((char) ('A' + file));
            }
        }
        String black = white.toLowerCase();
        return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w " + rights + rights.toString().toLowerCase() + " - 0 1";
    }

    private static void placeOnEmpty(char[] rank, int index, char piece) {
        for (int file = 0; file < 8; file++) {
            if (rank[file] == 0 && index-- == 0) {
                rank[file] = piece;
                return;
            }
        }
    }
}
