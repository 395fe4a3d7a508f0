package horizon.search;

import java.util.SplittableRandom;

/**
 * UCI_LimitStrength / UCI_Elo: weaker play for people. Two handicaps, both smooth in one internal strength
 * setting: a node budget per move (search depth is where most of an engine's strength comes from) and a choice
 * among the best {@link #LINES} root moves, drawn with probability proportional to exp(-(best - score) /
 * temperature), so that a weak setting sometimes plays the second or third best move, as a weak player does, but
 * rarely a blunder far below it.
 *
 * <p>The Elo asked for becomes a setting through a line fitted to calibration matches against Stockfish 15.1 at
 * its own UCI_Elo levels (README, "UCI_Elo calibration"): rating = {@link #FIT_INTERCEPT} + {@link #FIT_SLOPE} *
 * setting. The range offered is the part of that line the matches covered: from Stockfish's lowest level, the
 * weakest anchor there is, up to the strongest setting measured.
 */
public final class StrengthLimit {
    /** The fitted line: measured rating of a setting. */
    static final double FIT_INTERCEPT = -9.7, FIT_SLOPE = 0.7241;
    /** Internal settings: node budget 400 * 2^((setting - 1000) / 140), temperature 150 cp down to 10 cp. */
    static final int SETTING_MIN = 1000, SETTING_MAX = 2400;
    /** The UCI_Elo range: Stockfish's lowest level up to the rating fitted at the strongest setting. */
    public static final int MIN_ELO = 1350, MAX_ELO = 1725;
    /** Root moves considered for the weakened choice. */
    public static final int LINES = 4;

    private final int elo;
    private final double setting;
    private final SplittableRandom random;

    public StrengthLimit(int elo, long seed) {
        this.elo = Math.max(MIN_ELO, Math.min(MAX_ELO, elo));
        this.setting = Math.max(SETTING_MIN, Math.min(SETTING_MAX, (this.elo - FIT_INTERCEPT) / FIT_SLOPE));
        this.random = new SplittableRandom(seed);
    }

    public int elo() {
        return elo;
    }

    public double setting() {
        return setting;
    }

    /** Nodes per move: 400 at setting 1000, doubling every 140 (409,600 at setting 2400). */
    public long nodesPerMove() {
        return Math.round(400 * Math.pow(2, (setting - SETTING_MIN) / 140.0));
    }

    /** Centipawns of score difference that make a move e (about 2.7) times less likely: 150 down to 10. */
    public double temperatureCp() {
        return 10 + 140.0 * (SETTING_MAX - setting) / (SETTING_MAX - SETTING_MIN);
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
