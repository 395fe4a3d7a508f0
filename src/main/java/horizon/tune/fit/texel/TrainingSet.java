package horizon.tune.fit.texel;

import horizon.board.Position;
import horizon.eval.Evaluator;
import horizon.eval.Score;
import horizon.eval.Term;
import horizon.eval.Weights;
import horizon.io.EpdRecord;
import horizon.tune.data.GameResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Labelled positions reduced to what the tuner needs, in flat primitive arrays (millions of positions fit in a few
 * hundred MB): per position its phase, endgame scale, game result, the playing engine's score (if the data has
 * one) and a slice of (weight index, count) entries that the evaluator's trace recorded.
 */
public final class TrainingSet {
    private int size;
    private int[] start = new int[1024 + 1];
    private byte[] phase = new byte[1024];
    private byte[] scale = new byte[1024];
    private float[] result = new float[1024];
    private float[] score = new float[1024];
    private short[] indices = new short[32 * 1024];
    private byte[] counts = new byte[32 * 1024];
    private int entries;
    /** The non-linear blocks' inner sums: per position a slice of (index, count, colour of the sum). */
    private int[] innerStart = new int[1024 + 1];
    private short[] innerIndices = new short[8 * 1024];
    private byte[] innerCounts = new byte[8 * 1024];
    private byte[] innerColors = new byte[8 * 1024];
    private int innerEntries;

    public int size() {
        return size;
    }

    public int phase(int i) {
        return phase[i];
    }

    public int scale(int i) {
        return scale[i] & 0xFF;
    }

    public double result(int i) {
        return result[i];
    }

    /** The player's score in centipawns from White's view, or NaN if the data had none. */
    public double score(int i) {
        return score[i];
    }

    /** Whether every position has the player's score. */
    public boolean allScored() {
        for (int i = 0; i < size(); i++) {
            if (Double.isNaN(score[i])) {
                return false;
            }
        }
        return true;
    }

    public int start(int i) {
        return start[i];
    }

    public int end(int i) {
        return start[i + 1];
    }

    public int index(int entry) {
        return indices[entry];
    }

    public int count(int entry) {
        return counts[entry];
    }

    /**
     * The target the tuner fits: lambda times the game result plus (1 - lambda) times the expected result of the
     * player's score, sigmoid(scoreK * score) (the result alone where the data has no score).
     */
    public double target(int i, double lambda, double scoreK) {
        double s = score[i];
        if (Double.isNaN(s) || lambda >= 1) {
            return result[i];
        }
        return lambda * result[i] + (1 - lambda) / (1 + Math.exp(-scoreK * s));
    }

    /**
     * Evaluates pos with the given evaluator, recording its trace; returns false (and adds nothing) for positions
     * the evaluator judges outright, outside the weights (KXK, KBNK).
     */
    boolean add(Position pos, double gameResult, double whiteScore, Evaluator evaluator, FeatureTrace trace) {
        trace.reset();
        evaluator.evaluate(pos, trace);
        if (trace.special) {
            return false;
        }
        append(trace.index, trace.count, trace.size, trace.innerIndex, trace.innerCount, trace.innerColor,
                trace.innerSize, trace.phase, trace.scale, gameResult, whiteScore);
        return true;
    }

    private void append(int[] indexList, int[] countList, int n, int[] innerIndexList, int[] innerCountList,
                        int[] innerColorList, int innerN, int positionPhase, int positionScale, double gameResult,
                        double whiteScore) {
        if (size == phase.length) {
            int capacity = size * 2;
            phase = Arrays.copyOf(phase, capacity);
            scale = Arrays.copyOf(scale, capacity);
            result = Arrays.copyOf(result, capacity);
            score = Arrays.copyOf(score, capacity);
            start = Arrays.copyOf(start, capacity + 1);
            innerStart = Arrays.copyOf(innerStart, capacity + 1);
        }
        if (innerEntries + innerN > innerIndices.length) {
            int capacity = Math.max(innerIndices.length * 2, innerEntries + innerN);
            innerIndices = Arrays.copyOf(innerIndices, capacity);
            innerCounts = Arrays.copyOf(innerCounts, capacity);
            innerColors = Arrays.copyOf(innerColors, capacity);
        }
        // Inner entries are kept even when their count is the other colour's: each colour's sum has its own curve.
        for (int k = 0; k < innerN; k++) {
            innerIndices[innerEntries + k] = (short) innerIndexList[k];
            innerCounts[innerEntries + k] = (byte) innerCountList[k];
            innerColors[innerEntries + k] = (byte) innerColorList[k];
        }
        innerEntries += innerN;
        innerStart[size + 1] = innerEntries;
        if (entries + n > indices.length) {
            int capacity = Math.max(indices.length * 2, entries + n);
            indices = Arrays.copyOf(indices, capacity);
            counts = Arrays.copyOf(counts, capacity);
        }
        int kept = 0;
        for (int k = 0; k < n; k++) {
            if (countList[k] != 0) { // White's and Black's counts that cancel carry no information
                indices[entries + kept] = (short) indexList[k];
                counts[entries + kept++] = (byte) countList[k];
            }
        }
        phase[size] = (byte) positionPhase;
        scale[size] = (byte) positionScale;
        result[size] = (float) gameResult;
        score[size] = (float) whiteScore;
        entries += kept;
        size++;
        start[size] = entries;
    }

    /**
     * Reads labelled EPD files, tracing each position's evaluation with the given weights (they decide the
     * endgame scale factors). Malformed lines (no result, bad FEN, a bad score) are reported with file and line
     * number on {@code log} and skipped; at most 20 are printed, the rest only counted.
     */
    public static TrainingSet read(Iterable<Path> files, Weights weights, PrintStream log) throws IOException {
        return read(files, weights, 1.0, 1, log);
    }

    /**
     * As above, keeping each well-formed position with probability {@code keep} (seeded): fewer positions from
     * each game, for comparing "more games, fewer positions each" with the reverse at the same size.
     */
    public static TrainingSet read(Iterable<Path> files, Weights weights, double keep, long seed, PrintStream log)
            throws IOException {
        SplittableRandom sampler = new SplittableRandom(seed);
        TrainingSet set = new TrainingSet();
        Evaluator evaluator = new Evaluator(weights);
        FeatureTrace trace = new FeatureTrace();
        int rejected = 0, special = 0;
        for (Path file : files) {
            try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                String line;
                int lineNumber = 0;
                while ((line = in.readLine()) != null) {
                    lineNumber++;
                    line = line.trim();
                    if (line.isEmpty() || line.startsWith("#")) {
                        continue;
                    }
                    try {
                        double r = GameResult.parse(line);
                        if (Double.isNaN(r)) {
                            throw new IllegalArgumentException("no game result (c9 \"1-0\" or [1.0])");
                        }
                        EpdRecord record = EpdRecord.parse(GameResult.stripBracket(line));
                        Position pos = Position.fromFen(record.fen());
                        double whiteScore = Double.NaN;
                        String ce = record.operations().get("ce");
                        if (ce != null) {
                            int cp = Integer.parseInt(ce.trim());
                            whiteScore = pos.sideToMove() == horizon.board.Piece.WHITE ? cp : -cp;
                        }
                        if (keep < 1 && sampler.nextDouble() >= keep) {
                            continue;
                        }
                        if (!set.add(pos, r, whiteScore, evaluator, trace)) {
                            special++;
                        }
                    } catch (IllegalArgumentException e) {
                        if (rejected++ < 20) {
                            log.println(file + ":" + lineNumber + ": skipped: " + e.getMessage());
                        }
                    }
                }
            }
        }
        if (rejected > 20) {
            log.println("... " + (rejected - 20) + " more malformed lines skipped");
        }
        if (special > 0) {
            log.println(special + " positions of endings evaluated outright (KXK, KBNK) left out");
        }
        return set;
    }

    /** Splits off a random fraction (seeded) as the validation set: returns {train, validation}. */
    public TrainingSet[] split(double validationFraction, long seed) {
        int[] order = new int[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = size - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int validation = (int) Math.round(size * validationFraction);
        TrainingSet train = new TrainingSet(), held = new TrainingSet();
        int[] p = new int[Term.COUNT], c = new int[Term.COUNT];
        int[] ip = new int[4 * Term.COUNT], ic = new int[4 * Term.COUNT], icol = new int[4 * Term.COUNT];
        for (int k = 0; k < size; k++) {
            int i = order[k];
            int n = end(i) - start(i);
            for (int e = 0; e < n; e++) {
                p[e] = index(start(i) + e);
                c[e] = count(start(i) + e);
            }
            int m = innerStart[i + 1] - innerStart[i];
            for (int e = 0; e < m; e++) {
                ip[e] = innerIndices[innerStart[i] + e];
                ic[e] = innerCounts[innerStart[i] + e];
                icol[e] = innerColors[innerStart[i] + e];
            }
            (k < validation ? held : train).append(p, c, n, ip, ic, icol, m, phase[i], scale(i), result[i],
                    score[i]);
        }
        return new TrainingSet[] {train, held};
    }

    private static final int COMPLEXITY = Term.COMPLEXITY.offset();

    /** Inner entries of position i: from here to {@link #innerEnd}. */
    public int innerStart(int i) {
        return innerStart[i];
    }

    public int innerEnd(int i) {
        return innerStart[i + 1];
    }

    public int innerIndex(int entry) {
        return innerIndices[entry];
    }

    public int innerCount(int entry) {
        return innerCounts[entry];
    }

    /** The parts of one position's evaluation before the curves and the blend, for the value and its gradient. */
    private static final class Parts {
        double mg, eg;
        /** King attack inner sums by the king's colour, and whether the evaluator applied the curve. */
        final double[] attackMg = new double[2], attackEg = new double[2];
        final boolean[] attacked = new boolean[2];
        double complexity;
        boolean hasComplexity;
        /** The endgame score the complexity moves: the linear part and the king attacks' endgame penalties. */
        double egBeforeComplexity;
    }

    private static final ThreadLocal<Parts> PARTS = ThreadLocal.withInitial(Parts::new);

    /**
     * Fills parts for position i. integral: each parameter cut to whole centipawns, as the engine holds them;
     * truncate: the king attack curve's divisions truncated as the engine's are (without, the curve is smooth, as
     * its gradient assumes).
     */
    private Parts parts(double[] params, int i, boolean integral, boolean truncate) {
        Parts x = PARTS.get();
        x.mg = 0;
        x.eg = 0;
        x.attackMg[0] = x.attackMg[1] = x.attackEg[0] = x.attackEg[1] = 0;
        x.attacked[0] = x.attacked[1] = false;
        x.complexity = 0;
        x.hasComplexity = false;
        for (int e = start[i]; e < start[i + 1]; e++) {
            x.mg += counts[e] * param(params, 2 * indices[e], integral);
            x.eg += counts[e] * param(params, 2 * indices[e] + 1, integral);
        }
        for (int e = innerStart[i]; e < innerStart[i + 1]; e++) {
            int index = innerIndices[e], color = innerColors[e];
            if (index >= COMPLEXITY) {
                x.complexity += innerCounts[e] * param(params, 2 * index + 1, integral);
                x.hasComplexity = true;
            } else {
                x.attackMg[color] += innerCounts[e] * param(params, 2 * index, integral);
                x.attackEg[color] += innerCounts[e] * param(params, 2 * index + 1, integral);
                x.attacked[color] = true;
            }
        }
        for (int color = 0; color < 2; color++) {
            if (x.attacked[color]) {
                // The engine's integer curve (Evaluator.kingAttackPenalty) truncates its divisions.
                double sign = color == horizon.board.Piece.WHITE ? -1 : 1;
                double m = x.attackMg[color], g = x.attackEg[color];
                double mgPenalty = m > 0 ? m * m / 720 : 0, egPenalty = g > 0 ? g / 20 : 0;
                x.mg += sign * (truncate ? Math.floor(mgPenalty) : mgPenalty);
                x.eg += sign * (truncate ? Math.floor(egPenalty) : egPenalty);
            }
        }
        x.egBeforeComplexity = x.eg;
        if (x.hasComplexity) {
            double sign = signOf(x.eg);
            x.eg += sign * Math.max(x.complexity, -Math.abs(x.eg));
        }
        return x;
    }

    /**
     * The endgame score's sign as the engine takes it (Integer.signum of whole centipawns): a score within rounding
     * of zero is zero, so that moving weights between blocks without changing any sum (the tuner's normalising)
     * cannot flip the complexity's direction by a last bit.
     */
    private static double signOf(double eg) {
        return Math.abs(eg) < 1e-6 ? 0 : Math.signum(eg);
    }

    private static double param(double[] params, int j, boolean integral) {
        return integral ? (long) params[j] : params[j];
    }

    /**
     * White-view evaluation of position i for the given parameters (mg of weight j at 2j, eg at 2j + 1): the
     * linear sum, the non-linear blocks' curves on their inner sums, the blend.
     */
    public double evaluate(double[] params, int i) {
        Parts x = parts(params, i, false, true);
        return Score.taper(x.mg, x.eg, phase[i], scale(i));
    }

    /**
     * The same with the king attack curve untruncated: the smooth function whose derivative
     * {@link #addGradient} adds (the tuner steps along it; the truncations move an evaluation by under a centipawn
     * a king, except where the complexity's sign turns on a score that rounds to zero).
     */
    double evaluateSmooth(double[] params, int i) {
        Parts x = parts(params, i, false, false);
        return Score.taper(x.mg, x.eg, phase[i], scale(i));
    }

    /**
     * The same for whole-centipawn parameters, in the engine's integer arithmetic ({@link Score#taper}): equal to
     * the evaluator's own result, which a test checks.
     */
    public int evaluateExactly(double[] params, int i) {
        Parts x = parts(params, i, true, true);
        return Score.taper((int) x.mg, (int) x.eg, phase[i], scale(i));
    }

    /**
     * Adds factor times the gradient of position i's evaluation to g: the linear weights' counts, and through the
     * curves the inner weights' (s^2 / 720 gives 2 s / 720 per unit of s, s / 20 gives 1 / 20; the complexity
     * passes its sign on while it does not reach the score, and cuts the endgame off from the rest when it does).
     */
    void addGradient(double[] params, int i, double factor, double[] g) {
        Parts x = parts(params, i, false, false);
        double mgShare = phase[i] / (double) Score.MAX_PHASE;
        double egShare = (1 - mgShare) * scale(i) / Score.NORMAL_SCALE;
        double egPasses = 1, complexitySign = 0;
        if (x.hasComplexity) {
            double eg = x.egBeforeComplexity;
            if (signOf(eg) != 0 && x.complexity <= -Math.abs(eg)) {
                egPasses = 0; // the complexity cancelled the endgame score: nothing below it moves the result
            } else {
                complexitySign = signOf(eg);
            }
        }
        double mgFactor = factor * mgShare, egFactor = factor * egShare * egPasses;
        for (int e = start[i]; e < start[i + 1]; e++) {
            int index = indices[e];
            g[2 * index] += counts[e] * mgFactor;
            g[2 * index + 1] += counts[e] * egFactor;
        }
        for (int e = innerStart[i]; e < innerStart[i + 1]; e++) {
            int index = innerIndices[e], color = innerColors[e];
            if (index >= COMPLEXITY) {
                g[2 * index + 1] += innerCounts[e] * factor * egShare * complexitySign;
            } else {
                double sign = color == horizon.board.Piece.WHITE ? -1 : 1;
                double m = x.attackMg[color], eg = x.attackEg[color];
                if (m > 0) {
                    g[2 * index] += innerCounts[e] * mgFactor * sign * 2 * m / 720;
                }
                if (eg > 0) {
                    g[2 * index + 1] += innerCounts[e] * egFactor * sign / 20;
                }
            }
        }
    }

    /** Parameters of a weight set: mg of weight j at 2j, eg at 2j + 1. */
    public static double[] toParameters(Weights w) {
        double[] p = new double[2 * Term.COUNT];
        for (int j = 0; j < Term.COUNT; j++) {
            p[2 * j] = Score.mg(w.get(j));
            p[2 * j + 1] = Score.eg(w.get(j));
        }
        return p;
    }

    /** Rounds parameters into a weight set. */
    public static Weights toWeights(double[] p, String name) {
        int[] packed = new int[Term.COUNT];
        for (int j = 0; j < Term.COUNT; j++) {
            packed[j] = Score.of((int) Math.round(p[2 * j]), (int) Math.round(p[2 * j + 1]));
        }
        return new Weights(name, packed);
    }
}
