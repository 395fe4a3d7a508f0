package horizon.search;

import java.util.SplittableRandom;

/**
 * UCI_LimitStrength / UCI_Elo: weaker play for people. Two handicaps, both smooth in the Elo asked for: a node
 * budget per move (search depth is where most of an engine's strength comes from) and a choice among the best
 * {@link #LINES} root moves, drawn with probability proportional to exp(-(best - score) / temperature), so that a
 * weak setting sometimes plays the second or third best move, as a weak player does, but rarely a blunder far
 * below it. The mapping from Elo to the two is a first guess to be fitted by calibration matches (README).
 */
public final class StrengthLimit {
    public static final int MIN_ELO = 1000, MAX_ELO = 2400;
    /** Root moves considered for the weakened choice. */
    public static final int LINES = 4;

    private final int elo;
    private final SplittableRandom random;

    public StrengthLimit(int elo, long seed) {
        this.elo = Math.max(MIN_ELO, Math.min(MAX_ELO, elo));
        this.random = new SplittableRandom(seed);
    }

    public int elo() {
        return elo;
    }

    /** Nodes per move: 400 at the lowest setting, doubling every 140 Elo (409,600 at the highest). */
    public long nodesPerMove() {
        return Math.round(400 * Math.pow(2, (elo - MIN_ELO) / 140.0));
    }

    /** Centipawns of score difference that make a move e (about 2.7) times less likely: 150 down to 10. */
    public double temperatureCp() {
        return 10 + 140.0 * (MAX_ELO - elo) / (MAX_ELO - MIN_ELO);
    }

    /** Picks one of the first count moves (scores from the side to move's view, best first). */
    public int choose(int[] moves, int[] scores, int count) {
        if (count <= 1) {
            return moves[0];
        }
        double[] weight = new double[count];
        double total = 0;
        for (int i = 0; i < count; i++) {
            // Mate scores are clamped so that a mate still dominates without overflowing exp().
            double behind = Math.min(2000, Math.max(0, scores[0] - scores[i]));
            weight[i] = Math.exp(-behind / temperatureCp());
            total += weight[i];
        }
        double r = random.nextDouble() * total;
        for (int i = 0; i < count; i++) {
            r -= weight[i];
            if (r <= 0) {
                return moves[i];
            }
        }
        return moves[0];
    }
}
