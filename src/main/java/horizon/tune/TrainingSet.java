package horizon.tune;

import horizon.board.Position;
import horizon.eval.Evaluator;
import horizon.tools.EpdRecord;
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
 * hundred MB): per position its phase, its result and a slice of (parameter pair, count) entries.
 */
public final class TrainingSet {
    private int size;
    private int[] start = new int[1024 + 1];
    private byte[] phase = new byte[1024];
    private float[] result = new float[1024];
    private short[] pairs = new short[32 * 1024];
    private byte[] counts = new byte[32 * 1024];
    private int entries;

    public int size() {
        return size;
    }

    public int phase(int i) {
        return phase[i];
    }

    public double result(int i) {
        return result[i];
    }

    public int start(int i) {
        return start[i];
    }

    public int end(int i) {
        return start[i + 1];
    }

    public int pair(int entry) {
        return pairs[entry];
    }

    public int count(int entry) {
        return counts[entry];
    }

    public void add(Position pos, double gameResult, int[] pairScratch, int[] countScratch, int[] zeroScratch) {
        int n = EvalFeatures.extract(pos, pairScratch, countScratch, zeroScratch);
        append(pairScratch, countScratch, n, Evaluator.phase(pos), gameResult);
    }

    private void append(int[] pairList, int[] countList, int n, int positionPhase, double gameResult) {
        if (size == phase.length) {
            int capacity = size * 2;
            phase = Arrays.copyOf(phase, capacity);
            result = Arrays.copyOf(result, capacity);
            start = Arrays.copyOf(start, capacity + 1);
        }
        if (entries + n > pairs.length) {
            int capacity = Math.max(pairs.length * 2, entries + n);
            pairs = Arrays.copyOf(pairs, capacity);
            counts = Arrays.copyOf(counts, capacity);
        }
        for (int k = 0; k < n; k++) {
            pairs[entries + k] = (short) pairList[k];
            counts[entries + k] = (byte) countList[k];
        }
        phase[size] = (byte) positionPhase;
        result[size] = (float) gameResult;
        entries += n;
        size++;
        start[size] = entries;
    }

    /**
     * Reads labelled EPD files. Malformed lines (no result, bad FEN) are reported with file and line number on
     * {@code log} and skipped; at most 20 are printed, the rest only counted.
     */
    public static TrainingSet read(Iterable<Path> files, PrintStream log) throws IOException {
        TrainingSet set = new TrainingSet();
        int[] pairScratch = new int[EvalFeatures.PAIRS], countScratch = new int[EvalFeatures.PAIRS];
        int[] zero = new int[EvalFeatures.PAIRS];
        int rejected = 0;
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
                        Position pos = Position.fromFen(EpdRecord.parse(GameResult.stripBracket(line)).fen());
                        set.add(pos, r, pairScratch, countScratch, zero);
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
        for (int k = 0; k < size; k++) {
            (k < validation ? held : train).copyFrom(this, order[k]);
        }
        return new TrainingSet[] {train, held};
    }

    private void copyFrom(TrainingSet other, int i) {
        int n = other.end(i) - other.start(i);
        int[] p = new int[n], c = new int[n];
        for (int k = 0; k < n; k++) {
            p[k] = other.pair(other.start(i) + k);
            c[k] = other.count(other.start(i) + k);
        }
        append(p, c, n, other.phase(i), other.result(i));
    }

    /** White-view evaluation of position i with the given parameters. */
    public double evaluate(double[] params, int i) {
        double mg = 0, eg = 0;
        for (int e = start[i]; e < start[i + 1]; e++) {
            mg += counts[e] * params[2 * pairs[e]];
            eg += counts[e] * params[2 * pairs[e] + 1];
        }
        int ph = phase[i];
        return (mg * ph + eg * (Evaluator.MAX_PHASE - ph)) / Evaluator.MAX_PHASE;
    }
}
