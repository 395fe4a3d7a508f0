package horizon.board;

import java.util.SplittableRandom;

/**
 * Sliding attacks by walking rays square by square: slow, table-free, and therefore the reference that the magic
 * tables of {@link Attacks} are built from and tested against, and the basis of the magic search.
 */
public final class SlidingRays {
    static final int[][] ROOK_DIRECTIONS = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    static final int[][] BISHOP_DIRECTIONS = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

    private SlidingRays() {
    }

    /** Slow ray walk, used only to build the tables and to check them. */
    static long slidingAttacks(int sq, long occupied, int[][] directions) {
        long attacks = 0;
        for (int[] d : directions) {
            int f = Square.file(sq) + d[0], r = Square.rank(sq) + d[1];
            while (f >= 0 && f < 8 && r >= 0 && r < 8) {
                long bit = 1L << Square.of(f, r);
                attacks |= bit;
                if ((occupied & bit) != 0) {
                    break;
                }
                f += d[0];
                r += d[1];
            }
        }
        return attacks;
    }

    static long slidingRookAttacks(int sq, long occupied) {
        return slidingAttacks(sq, occupied, ROOK_DIRECTIONS);
    }

    static long slidingBishopAttacks(int sq, long occupied) {
        return slidingAttacks(sq, occupied, BISHOP_DIRECTIONS);
    }

    static long relevantBlockers(int sq, int[][] directions) {
        long mask = 0;
        for (int[] d : directions) {
            int f = Square.file(sq) + d[0], r = Square.rank(sq) + d[1];
            // A blocker on the last square of a ray changes nothing, so edge squares are left out.
            while (f + d[0] >= 0 && f + d[0] < 8 && r + d[1] >= 0 && r + d[1] < 8) {
                mask |= 1L << Square.of(f, r);
                f += d[0];
                r += d[1];
            }
        }
        return mask;
    }

    /**
     * Searches a magic for one square: random sparse candidates until one maps every blocker subset without a
     * harmful collision. Used by {@code horizon.tools.MagicFinder} to produce {@link MagicNumbers}.
     */
    public static long findMagic(int sq, boolean bishop, SplittableRandom random) {
        int[][] directions = bishop ? BISHOP_DIRECTIONS : ROOK_DIRECTIONS;
        long mask = relevantBlockers(sq, directions);
        int bits = Long.bitCount(mask);
        int n = 1 << bits;
        long[] subsets = new long[n];
        long[] attacks = new long[n];
        long subset = 0;
        for (int i = 0; i < n; i++) {
            subsets[i] = subset;
            attacks[i] = slidingAttacks(sq, subset, directions);
            subset = (subset - mask) & mask;
        }
        long[] seen = new long[n];
        int[] epoch = new int[n];
        for (int attempt = 1; ; attempt++) {
            long magic = random.nextLong() & random.nextLong() & random.nextLong();
            if (Long.bitCount((mask * magic) & 0xFF00000000000000L) < 6) {
                continue;
            }
            boolean ok = true;
            for (int i = 0; i < n && ok; i++) {
                int index = (int) ((subsets[i] * magic) >>> (64 - bits));
                if (epoch[index] != attempt) {
                    epoch[index] = attempt;
                    seen[index] = attacks[i];
                } else if (seen[index] != attacks[i]) {
                    ok = false;
                }
            }
            if (ok) {
                return magic;
            }
        }
    }
}
