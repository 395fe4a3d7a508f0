package horizon.search;

import java.util.SplittableRandom;

/**
 * UCI_LimitStrength / UCI_Elo: weaker play for people. Two handicaps, both smooth in one internal strength
 * setting: a node budget per move (search depth is where most of an engine's strength comes from) and a choice
 * among the best {@link #lines()} root moves of the last completed iteration, drawn with probability proportional to
 * exp(-(best - score) / temperature), so that a weak setting sometimes plays the second or third best move, as a
 * weak player does, but rarely a blunder far below it. The temperature matters most: even 10 cp makes the engine
 * give away a few centipawns on most moves, hundreds of Elo over a game, so it falls towards 0 at the top.
 *
 * <p>The Elo asked for becomes a setting by interpolating between settings measured in calibration matches, read
 * from the calibration table ({@link StrengthCalibration}, written by {@code horizon calibrate}; docs/uci-elo.md).
 * The top of the range is no handicap at all: the engine's full strength, as measured in the same matches.
 */
public final class StrengthLimit {
    /** Internal settings: node budget 400 * 2^((setting - 1000) / 140), temperature 150 cp halving every 300. */
    public static final int SETTING_MIN = 1000, SETTING_MAX = 2800;
    /**
     * The measured settings and their ratings ({@link StrengthCalibration}, the jar's table): increasing, the last
     * full strength.
     */
    static final StrengthCalibration CALIBRATION = StrengthCalibration.builtIn();
    /** The UCI_Elo range: the weakest and the strongest (full strength) measured rating. */
    public static final int MIN_ELO = CALIBRATION.minElo(), MAX_ELO = CALIBRATION.maxElo();
    /** Root moves considered for the weakened choice at the weakest settings. */
    public static final int MAX_LINES = 4;

    /**
     * Where the number of lines searched starts to fall from four, and where it reaches one: the temperature is
     * 5 cp there, below which a second move 20 cp behind would be drawn less than 2 % of the time.
     */
    static final int LINES_FALL_FROM = 1800, ONE_LINE_FROM = 2472;

    private final int elo;
    private final double setting;
    private final SplittableRandom random;
    private final int lines;

    public StrengthLimit(int elo, long seed) {
        this.elo = Math.max(MIN_ELO, Math.min(MAX_ELO, elo));
        this.setting = settingFor(this.elo);
        this.random = new SplittableRandom(seed);
        this.lines = drawLines();
    }

    private StrengthLimit(double setting, long seed) {
        this.setting = Math.max(SETTING_MIN, Math.min(SETTING_MAX, setting));
        this.elo = -1;
        this.random = new SplittableRandom(seed);
        this.lines = drawLines();
    }

    /**
     * A limit at an internal setting itself, not at a label: what a calibration measures (the label of a setting is
     * what the calibration finds). Its {@link #elo()} is -1: unknown until measured.
     */
    public static StrengthLimit atSetting(double setting, long seed) {
        return new StrengthLimit(setting, seed);
    }

    /** The setting whose measured strength is this rating: linear between neighbouring calibration points. */
    static double settingFor(int elo) {
        return CALIBRATION.settingFor(elo);
    }

    public int elo() {
        return elo;
    }

    public double setting() {
        return setting;
    }

    /** Whether this is the top of the range, the engine's full strength: no handicap at all. */
    public boolean isFullStrength() {
        return setting >= SETTING_MAX;
    }

    /** Nodes per move: 400 at setting 1000, doubling every 140 (about 2.2 million just below the top). */
    public long nodesPerMove() {
        return Math.round(400 * Math.pow(2, (setting - SETTING_MIN) / 140.0));
    }

    /** Centipawns of score difference that make a move e (about 2.7) times less likely: 150, halving every 300. */
    public double temperatureCp() {
        return 150 * Math.pow(2, -(setting - SETTING_MIN) / 300.0);
    }

    /**
     * Root lines searched for the choice, on average over moves: four up to setting 1800, then falling evenly to one
     * at 2472 and above, where the node budget alone weakens the play. Every extra line costs nodes of the budget,
     * so the strong settings do not pay for lines they would almost never play; and the count falls gradually,
     * because a step is a step in strength that no label between two measured settings could hit: when it went
     * from four lines to two at once (at a temperature of 20 cp, setting 1872), setting 1800 measured 1738 on the
     * CCRL scale and setting 1900 won 38.5 of 40 games against an anchor of 1861 (docs/uci-elo.md).
     */
    static double meanLines(double setting) {
        if (setting <= LINES_FALL_FROM) {
            return MAX_LINES;
        }
        if (setting >= ONE_LINE_FROM) {
            return 1;
        }
        return MAX_LINES - (MAX_LINES - 1) * (setting - LINES_FALL_FROM) / (ONE_LINE_FROM - LINES_FALL_FROM);
    }

    /**
     * This move's lines: the mean's whole part, one more with the chance of its fraction. A whole mean draws no
     * random number, so the settings at four lines choose their moves exactly as before the count fell gradually.
     */
    private int drawLines() {
        double mean = meanLines(setting);
        int whole = (int) Math.floor(mean);
        double fraction = mean - whole;
        return fraction > 0 && random.nextDouble() < fraction ? whole + 1 : whole;
    }

    /** Root lines to search for the choice this move (see {@link #meanLines}). */
    public int lines() {
        return lines;
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
