package horizon.tb;

import java.util.Arrays;

/**
 * Turns the squares of a position's pieces into the index of its value in a sub-table: the format's enumeration
 * of positions up to symmetry. The tables below are defined by the format; they are computed here from their
 * definitions rather than written out.
 *
 * <p>Without pawns the board has eight symmetries, so the first piece is brought into the triangle a1-d1-d4 by
 * mirroring files, ranks and the a1-h8 diagonal. Either the two kings are enumerated together (462 legal
 * placements up to symmetry) or, when some piece other than a king is alone of its kind, the first three
 * unique pieces are (31,332 placements). With pawns only the file mirror is left, and the leading pawns
 * (those of one colour) are enumerated first; the remaining groups of like pieces follow, each as a combination
 * of the squares the earlier groups left free (the combinatorial number system).
 */
final class TableIndexer {
    /** BINOMIAL[k][n] = n choose k. */
    static final long[][] BINOMIAL = new long[8][64];
    /** The ten squares of the triangle a1-d1-d4 in the format's order: first the six off the diagonal. */
    private static final int[] TRIANGLE_SQUARES = {1, 2, 3, 10, 11, 19, 0, 9, 18, 27};
    /** Position of a triangle square in {@link #TRIANGLE_SQUARES}, -1 elsewhere. */
    private static final int[] TRIANGLE = new int[64];
    /** KK_INDEX[triangle position of the first king][square of the second]: 0..461, -1 when not a placement. */
    private static final int[][] KK_INDEX = new int[10][64];
    /** Squares strictly below the a1-h8 diagonal (file > rank) numbered 0..27 in square order. */
    private static final int[] BELOW_DIAGONAL = new int[64];
    /** A pawn square's place among the 24 squares of files a-d, ranks 2-7 (file-major): orders leading pawns. */
    static final int[] FLAP = new int[64];
    /** Pawn squares numbered 0..47 so that the leading pawn has the highest number of its colour's pawns. */
    private static final int[] PAWN_TWIST = new int[64];
    /** PAWN_INDEX[leading pawns - 1][flap of the leading one]: where its placements start within its file. */
    private static final long[][] PAWN_INDEX = new long[6][24];
    /** PAWN_FACTOR[leading pawns - 1][file a-d of the leading one]: placements of the leading pawns. */
    static final long[][] PAWN_FACTOR = new long[6][4];

    /** Placements of the leading group without pawns: kings together, or three unique pieces. */
    static final long KK_PLACEMENTS = 462;
    static final long UNIQUE3_PLACEMENTS = 6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + 4 * 7 * 6;

    static {
        for (int k = 0; k < 8; k++) {
            for (int n = 0; n < 64; n++) {
                long c = 1;
                for (int i = 0; i < k; i++) {
                    c = c * (n - i) / (i + 1); // exact: a product of i + 1 consecutive numbers divides by (i + 1)!
                }
                BINOMIAL[k][n] = n < k ? 0 : c;
            }
        }

        Arrays.fill(TRIANGLE, -1);
        for (int i = 0; i < TRIANGLE_SQUARES.length; i++) {
            TRIANGLE[TRIANGLE_SQUARES[i]] = i;
        }

        // The 462 king placements: first king off the diagonal (6 squares) with the second anywhere legal; then
        // first king on the diagonal with the second below it; then both on the diagonal.
        int next = 0;
        for (int t = 0; t < 10; t++) {
            Arrays.fill(KK_INDEX[t], -1);
        }
        for (int t = 0; t < 6; t++) {
            for (int sq = 0; sq < 64; sq++) {
                if (apart(TRIANGLE_SQUARES[t], sq)) {
                    KK_INDEX[t][sq] = next++;
                }
            }
        }
        for (int t = 6; t < 10; t++) {
            for (int sq = 0; sq < 64; sq++) {
                if (offDiagonal(sq) < 0 && apart(TRIANGLE_SQUARES[t], sq)) {
                    KK_INDEX[t][sq] = next++;
                }
            }
        }
        for (int t = 6; t < 10; t++) {
            for (int sq = 0; sq < 64; sq++) {
                if (offDiagonal(sq) == 0 && apart(TRIANGLE_SQUARES[t], sq)) {
                    KK_INDEX[t][sq] = next++;
                }
            }
        }
        assert next == KK_PLACEMENTS;

        Arrays.fill(BELOW_DIAGONAL, -1);
        next = 0;
        for (int sq = 0; sq < 64; sq++) {
            if (offDiagonal(sq) < 0) {
                BELOW_DIAGONAL[sq] = next++;
            }
        }

        for (int sq = 8; sq < 56; sq++) {
            int file = sq & 7, rank = sq >>> 3;
            int edgeDistance = Math.min(file, 7 - file);
            FLAP[sq] = edgeDistance * 6 + rank - 1;
            // Nearer the edge and nearer rank 2 ranks higher; of two mirror squares the queenside one does.
            PAWN_TWIST[sq] = 12 * (3 - edgeDistance) + 2 * (6 - rank) + (file < 4 ? 1 : 0);
        }
        for (int k = 0; k < 6; k++) {
            for (int file = 0; file < 4; file++) {
                long sum = 0;
                for (int rank = 1; rank <= 6; rank++) {
                    PAWN_INDEX[k][file * 6 + rank - 1] = sum;
                    // The other k leading pawns stand on squares of lower twist than the leading one.
                    sum += BINOMIAL[k][PAWN_TWIST[rank * 8 + file]];
                }
                PAWN_FACTOR[k][file] = sum;
            }
        }
    }

    private TableIndexer() {
    }

    /** Distinct and not adjacent: where two kings may stand. */
    private static boolean apart(int a, int b) {
        return Math.max(Math.abs((a & 7) - (b & 7)), Math.abs((a >>> 3) - (b >>> 3))) > 1;
    }

    /** Sign of rank - file: 0 on the a1-h8 diagonal, negative below it (b1), positive above (a2). */
    private static int offDiagonal(int sq) {
        return Integer.signum((sq >>> 3) - (sq & 7));
    }

    private static int transpose(int sq) {
        return ((sq >>> 3) | (sq << 3)) & 63;
    }

    /** File a-d of a square after the file mirror: which of the four pawn sub-tables a leading pawn selects. */
    static int edgeFile(int sq) {
        int file = sq & 7;
        return Math.min(file, 7 - file);
    }

    /**
     * Index of a pawnless position. sq holds the squares in the sub-table's piece order and is changed (mirrored
     * and sorted). Returns -1 for a placement the table does not enumerate (adjacent kings).
     */
    static long encodePieces(int[] sq, int n, SubTable table, boolean kingsTogether) {
        if ((sq[0] & 4) != 0) {
            for (int i = 0; i < n; i++) {
                sq[i] ^= 7;
            }
        }
        if ((sq[0] & 32) != 0) {
            for (int i = 0; i < n; i++) {
                sq[i] ^= 56;
            }
        }
        int lead = kingsTogether ? 2 : 3;
        // The first piece off the diagonal decides the diagonal mirror, if it belongs to the leading group.
        for (int i = 0; i < n; i++) {
            int d = offDiagonal(sq[i]);
            if (d != 0) {
                if (d > 0 && i < lead) {
                    for (int j = 0; j < n; j++) {
                        sq[j] = transpose(sq[j]);
                    }
                }
                break;
            }
        }
        long index;
        if (kingsTogether) {
            int t = TRIANGLE[sq[0]];
            index = t < 0 ? -1 : KK_INDEX[t][sq[1]];
            if (index < 0) {
                return -1;
            }
        } else {
            int s1 = sq[1] > sq[0] ? 1 : 0;
            int s2 = (sq[2] > sq[0] ? 1 : 0) + (sq[2] > sq[1] ? 1 : 0);
            if (offDiagonal(sq[0]) != 0) {
                index = (TRIANGLE[sq[0]] * 63L + sq[1] - s1) * 62 + sq[2] - s2;
            } else if (offDiagonal(sq[1]) != 0) {
                index = 6 * 63 * 62 + ((sq[0] >>> 3) * 28L + BELOW_DIAGONAL[sq[1]]) * 62 + sq[2] - s2;
            } else if (offDiagonal(sq[2]) != 0) {
                index = 6 * 63 * 62 + 4 * 28 * 62 + ((sq[0] >>> 3) * 7L + (sq[1] >>> 3) - s1) * 28
                        + BELOW_DIAGONAL[sq[2]];
            } else {
                index = 6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + ((sq[0] >>> 3) * 7L + (sq[1] >>> 3) - s1) * 6
                        + (sq[2] >>> 3) - s2;
            }
        }
        return index * table.groupFactor[0] + encodeGroups(sq, n, lead, table, 1);
    }

    /**
     * Index of a position with pawns: sq[0..lead-1] are the leading pawns with the leading one (lowest FLAP) in
     * sq[0], then the other pieces in the sub-table's order. sq is changed.
     */
    static long encodePawns(int[] sq, int n, SubTable table, int lead, int otherPawns) {
        if ((sq[0] & 4) != 0) {
            for (int i = 0; i < n; i++) {
                sq[i] ^= 7;
            }
        }
        // The other leading pawns by decreasing twist, numbered as a combination below the leading one's.
        for (int i = 2; i < lead; i++) {
            int s = sq[i], j = i;
            while (j > 1 && PAWN_TWIST[sq[j - 1]] < PAWN_TWIST[s]) {
                sq[j] = sq[j - 1];
                j--;
            }
            sq[j] = s;
        }
        long index = PAWN_INDEX[lead - 1][FLAP[sq[0]]];
        for (int i = 1; i < lead; i++) {
            index += BINOMIAL[lead - i][PAWN_TWIST[sq[i]]];
        }
        index *= table.groupFactor[0];
        int k = lead, group = 1;
        if (otherPawns > 0) {
            // The other colour's pawns take the 48 pawn squares the leading pawns left.
            sortAscending(sq, k, k + otherPawns);
            long s = 0;
            for (int i = k; i < k + otherPawns; i++) {
                s += BINOMIAL[i - k + 1][sq[i] - below(sq, lead, sq[i]) - 8];
            }
            index += s * table.groupFactor[1];
            k += otherPawns;
            group = 2;
        }
        return index + encodeGroups(sq, n, k, table, group);
    }

    /** The groups of like pieces from sq[k] on, each a combination of the squares the earlier groups left. */
    private static long encodeGroups(int[] sq, int n, int k, SubTable table, int group) {
        long index = 0;
        while (k < n) {
            int length = table.groupLength[group];
            sortAscending(sq, k, k + length);
            long s = 0;
            for (int i = k; i < k + length; i++) {
                s += BINOMIAL[i - k + 1][sq[i] - below(sq, k, sq[i])];
            }
            index += s * table.groupFactor[group];
            k += length;
            group++;
        }
        return index;
    }

    /** How many of sq[0..k-1] are lower than square: the squares a later piece skips. */
    private static int below(int[] sq, int k, int square) {
        int count = 0;
        for (int j = 0; j < k; j++) {
            if (sq[j] < square) {
                count++;
            }
        }
        return count;
    }

    private static void sortAscending(int[] a, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            int v = a[i], j = i;
            while (j > from && a[j - 1] > v) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = v;
        }
    }
}
