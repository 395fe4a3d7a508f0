package horizon.tune.fit.nnue;

import horizon.nnue.Network;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The trainer's float model of the (768 → N)×2 → B SCReLU network (docs/nnue-training.md), its parameters held as
 * rows: one row of N floats per input feature (the first layer, feature-major as the net file stores it), then the
 * first layer's bias, for each of the B output buckets the output weights that meet the side to move's accumulator
 * and those that meet the other side's, and last the output biases (one per bucket). With one bucket the rows are
 * those of the single-output model, so its checkpoints keep their layout.
 *
 * <p>A row per feature, rather than one flat array, lets C2 vectorise {@code acc[i] += row[i]}: with an offset into
 * a flat array it cannot rule out that the two arrays overlap. Gradients and Adam's moments have the same shape
 * and use this class too.
 */
public final class FloatNetwork {
    public static final int INPUTS = Network.INPUTS;
    /** The first layer's bias row; the first bucket's output rows (see {@link #ownOutput}). */
    static final int INPUT_BIAS = INPUTS, OWN_OUTPUT = INPUTS + 1, OTHER_OUTPUT = INPUTS + 2;
    /**
     * bullet's clip: 255 * 1.98 * 64 < 32767, so that bullet's own inference may multiply v * w in int16; Horizon's
     * int kernels need no such bound, but a net trained here then also runs in bullet's inference when exported at
     * its QB.
     */
    public static final float WEIGHT_LIMIT = 1.98f;
    /** The output bias is stored at QA · QB in an int16: this is the most it can hold at Horizon's QB (about 0.5). */
    public static final float OUTPUT_BIAS_LIMIT = Short.MAX_VALUE / (float) (Network.QA * Network.HORIZON_QB);

    final int hidden;
    final int outputBuckets;
    /** The row of the output biases, one float per bucket: the last row. */
    final int outputBias;
    final float[][] rows;

    /** All zero, a single output. */
    public FloatNetwork(int hidden) {
        this(hidden, 1);
    }

    /** All zero, with this many output buckets. */
    public FloatNetwork(int hidden, int outputBuckets) {
        if (!Network.isHiddenWidth(hidden)) {
            throw new IllegalArgumentException("hidden width must be a multiple of 16 from 16 to "
                    + Network.MAX_HIDDEN + ", not " + hidden);
        }
        if (outputBuckets < 1 || outputBuckets > Network.MAX_OUTPUT_BUCKETS) {
            throw new IllegalArgumentException("output buckets must be from 1 to " + Network.MAX_OUTPUT_BUCKETS
                    + ", not " + outputBuckets);
        }
        this.hidden = hidden;
        this.outputBuckets = outputBuckets;
        this.outputBias = INPUTS + 1 + 2 * outputBuckets;
        rows = new float[outputBias + 1][];
        for (int r = 0; r < rows.length; r++) {
            rows[r] = new float[r == outputBias ? outputBuckets : hidden];
        }
    }

    /** The row of a bucket's output weights that meet the side to move's accumulator. */
    int ownOutput(int bucket) {
        return OWN_OUTPUT + 2 * bucket;
    }

    /** The row of a bucket's output weights that meet the other side's accumulator. */
    int otherOutput(int bucket) {
        return OTHER_OUTPUT + 2 * bucket;
    }

    /** The output bucket of a position with this many pieces, by the engine's rule. */
    int outputBucket(int pieces) {
        return Network.outputBucket(pieces, outputBuckets);
    }

    /**
     * A seeded random start: the first layer uniform in ±1/√32 (about 32 pieces are active, so an accumulator
     * starts with a spread near 1, inside SCReLU's bend), the output weights uniform in ±1/√(2N), the output bias 0.
     */
    public static FloatNetwork random(int hidden, long seed) {
        return random(hidden, 1, seed);
    }

    /** As {@link #random(int, long)}, each bucket's output weights drawn in turn from the same stream. */
    public static FloatNetwork random(int hidden, int outputBuckets, long seed) {
        FloatNetwork net = new FloatNetwork(hidden, outputBuckets);
        SplittableRandom random = new SplittableRandom(seed);
        float inputRange = (float) (1 / Math.sqrt(32)), outputRange = (float) (1 / Math.sqrt(2.0 * hidden));
        for (int r = 0; r <= INPUT_BIAS; r++) {
            fillUniform(net.rows[r], inputRange, random);
        }
        for (int b = 0; b < outputBuckets; b++) {
            fillUniform(net.rows[net.ownOutput(b)], outputRange, random);
            fillUniform(net.rows[net.otherOutput(b)], outputRange, random);
        }
        return net;
    }

    private static void fillUniform(float[] row, float range, SplittableRandom random) {
        for (int i = 0; i < row.length; i++) {
            row[i] = (float) ((2 * random.nextDouble() - 1) * range);
        }
    }

    public int hidden() {
        return hidden;
    }

    public int outputBuckets() {
        return outputBuckets;
    }

    /** Number of floats over all rows. */
    public int parameterCount() {
        return (INPUTS + 1 + 2 * outputBuckets) * hidden + outputBuckets;
    }

    /** Whether row r holds weights the spec clips (the first layer and the output weights; not the biases). */
    boolean isClipped(int r) {
        return r != INPUT_BIAS && r != outputBias;
    }

    /** Every float of other copied in (same width and buckets). */
    public void copyFrom(FloatNetwork other) {
        for (int r = 0; r < rows.length; r++) {
            System.arraycopy(other.rows[r], 0, rows[r], 0, rows[r].length);
        }
    }

    /** Bitwise equality of every parameter (Float.equals semantics), for the reproducibility tests. */
    public boolean sameAs(FloatNetwork other) {
        return hidden == other.hidden && outputBuckets == other.outputBuckets
                && Arrays.deepEquals(rows, other.rows);
    }

    /**
     * The model's output for one side-to-move's features, in the spec's units (multiply by 400 for centipawns).
     * Allocates: for checks and tests, not for training.
     */
    public float output(int[] own, int[] other, int count) {
        return new Backprop(hidden).forward(this, own, other, count);
    }
}
