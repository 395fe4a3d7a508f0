package horizon.tune.fit;

import horizon.nnue.Network;
import java.util.SplittableRandom;

/**
 * The trainer's float model of the (768 → N)×2 → 1 SCReLU network (docs/nnue-training.md), its parameters held as
 * rows: one row of N floats per input feature (the first layer, feature-major as the net file stores it), then the
 * first layer's bias, the output weights that meet the side to move's accumulator, those that meet the other
 * side's, and the output bias.
 *
 * <p>A row per feature, rather than one flat array, lets C2 vectorise {@code acc[i] += row[i]}: with an offset into
 * a flat array it cannot rule out that the two arrays overlap. Gradients and Adam's moments have the same shape
 * and use this class too.
 */
public final class FloatNetwork {
    public static final int INPUTS = Network.INPUTS;
    static final int INPUT_BIAS = INPUTS, OWN_OUTPUT = INPUTS + 1, OTHER_OUTPUT = INPUTS + 2,
            OUTPUT_BIAS = INPUTS + 3, ROWS = INPUTS + 4;
    /**
     * bullet's clip: 255 * 1.98 * 64 < 32767, so that bullet's own inference may multiply v * w in int16; Horizon's
     * int kernels need no such bound, but a net trained here then also runs in bullet's inference when exported at
     * its QB.
     */
    public static final float WEIGHT_LIMIT = 1.98f;
    /** The output bias is stored at QA · QB in an int16: this is the most it can hold at Horizon's QB (about 0.5). */
    public static final float OUTPUT_BIAS_LIMIT = Short.MAX_VALUE / (float) (Network.QA * Network.HORIZON_QB);

    final int hidden;
    final float[][] rows;

    /** All zero. */
    public FloatNetwork(int hidden) {
        if (!Network.isHiddenWidth(hidden)) {
            throw new IllegalArgumentException("hidden width must be a multiple of 16 from 16 to "
                    + Network.MAX_HIDDEN + ", not " + hidden);
        }
        this.hidden = hidden;
        rows = new float[ROWS][];
        for (int r = 0; r < ROWS; r++) {
            rows[r] = new float[r == OUTPUT_BIAS ? 1 : hidden];
        }
    }

    /**
     * A seeded random start: the first layer uniform in ±1/√32 (about 32 pieces are active, so an accumulator
     * starts with a spread near 1, inside SCReLU's bend), the output weights uniform in ±1/√(2N), the output bias 0.
     */
    public static FloatNetwork random(int hidden, long seed) {
        FloatNetwork net = new FloatNetwork(hidden);
        SplittableRandom random = new SplittableRandom(seed);
        float inputRange = (float) (1 / Math.sqrt(32)), outputRange = (float) (1 / Math.sqrt(2.0 * hidden));
        for (int r = 0; r <= INPUT_BIAS; r++) {
            fillUniform(net.rows[r], inputRange, random);
        }
        fillUniform(net.rows[OWN_OUTPUT], outputRange, random);
        fillUniform(net.rows[OTHER_OUTPUT], outputRange, random);
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

    /** Number of floats over all rows. */
    public int parameterCount() {
        return (INPUTS + 3) * hidden + 1;
    }

    /** Whether row r holds weights the spec clips (the first layer and the output weights; not the biases). */
    static boolean isClipped(int r) {
        return r < INPUTS || r == OWN_OUTPUT || r == OTHER_OUTPUT;
    }

    /** Every float of other copied in (same width). */
    public void copyFrom(FloatNetwork other) {
        for (int r = 0; r < ROWS; r++) {
            System.arraycopy(other.rows[r], 0, rows[r], 0, rows[r].length);
        }
    }

    /** Bitwise equality of every parameter (Float.equals semantics), for the reproducibility tests. */
    public boolean sameAs(FloatNetwork other) {
        return hidden == other.hidden && java.util.Arrays.deepEquals(rows, other.rows);
    }

    /**
     * The model's output for one side-to-move's features, in the spec's units (multiply by 400 for centipawns).
     * Allocates: for checks and tests, not for training.
     */
    public float output(int[] own, int[] other, int count) {
        return new Backprop(hidden).forward(this, own, other, count);
    }
}
