package horizon.tune;

import horizon.board.Position;
import horizon.eval.Evaluator;
import horizon.eval.Score;
import horizon.eval.Term;
import horizon.eval.Weights;
import horizon.io.EpdRecord;
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
        append(trace.index, trace.count, trace.size, trace.phase, trace.scale, gameResult, whiteScore);
        return true;
    }

    private void append(int[] indexList, int[] countList, int n, int positionPhase, int positionScale,
                        double gameResult, double whiteScore) {
        if (size == phase.length) {
            int capacity = size * 2;
            phase = Arrays.copyOf(phase, capacity);
            scale = Arrays.copyOf(scale, capacity);
            result = Arrays.copyOf(result, capacity);
            score = Arrays.copyOf(score, capacity);
            start = Arrays.copyOf(start, capacity + 1);
        }
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
        for (int k = 0; k < size; k++) {
            int i = order[k];
            int n = end(i) - start(i);
            for (int e = 0; e < n; e++) {
                p[e] = index(start(i) + e);
                c[e] = count(start(i) + e);
            }
            (k < validation ? held : train).append(p, c, n, phase[i], scale(i), result[i], score[i]);
        }
        return new TrainingSet[] {train, held};
    }

    /** White-view evaluation of position i for the given parameters (mg of weight j at 2j, eg at 2j + 1). */
    public double evaluate(double[] params, int i) {
        double mg = 0, eg = 0;
        for (int e = start[i]; e < start[i + 1]; e++) {
            mg += counts[e] * params[2 * indices[e]];
            eg += counts[e] * params[2 * indices[e] + 1];
        }
        return Score.taper(mg, eg, phase[i], scale(i));
    }

    /**
     * The same for whole-centipawn parameters, in the engine's integer arithmetic ({@link Score#taper}): equal to
     * the evaluator's own result, which a test checks.
     */
    public int evaluateExactly(double[] params, int i) {
        long mg = 0, eg = 0;
        for (int e = start[i]; e < start[i + 1]; e++) {
            mg += counts[e] * (long) params[2 * indices[e]];
            eg += counts[e] * (long) params[2 * indices[e] + 1];
        }
        return Score.taper((int) mg, (int) eg, phase[i], scale(i));
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
