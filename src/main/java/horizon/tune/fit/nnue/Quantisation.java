package horizon.tune.fit.nnue;

import horizon.nnue.Network;

/**
 * The float model to the engine's integers, as bullet quantises: the first layer × QA, the output weights × QB, the
 * output bias × QA·QB, each rounded half away from zero (Rust's {@code round}) and clamped to int16. QB is
 * {@link Network#HORIZON_QB}, four times bullet's 64, for a quantised score within a few centipawns of the float
 * model's. The clip during training keeps the weights and the output bias in range; anything that still outgrows
 * int16 is clamped and counted.
 */
public final class Quantisation {
    /** The integer network, and how many values had to be clamped to fit int16 (0 for a healthy net). */
    public record Result(Network network, int clamped) {
    }

    private Quantisation() {
    }

    public static Result quantise(FloatNetwork net) {
        return quantise(net, Network.HORIZON_QB);
    }

    /** At another output scale: bullet's 64 makes a net bullet's own inference reads the same. */
    public static Result quantise(FloatNetwork net, int qb) {
        int hidden = net.hidden;
        int[] clamped = {0};
        short[] inputWeights = new short[Network.INPUTS * hidden];
        for (int f = 0; f < Network.INPUTS; f++) {
            float[] row = net.rows[f];
            for (int i = 0; i < hidden; i++) {
                inputWeights[f * hidden + i] = quantise(row[i], Network.QA, clamped);
            }
        }
        short[] inputBias = new short[hidden];
        for (int i = 0; i < hidden; i++) {
            inputBias[i] = quantise(net.rows[FloatNetwork.INPUT_BIAS][i], Network.QA, clamped);
        }
        int buckets = net.outputBuckets;
        short[] outputWeights = new short[buckets * 2 * hidden];
        short[] outputBias = new short[buckets];
        for (int b = 0; b < buckets; b++) {
            float[] own = net.rows[net.ownOutput(b)], other = net.rows[net.otherOutput(b)];
            for (int i = 0; i < hidden; i++) {
                outputWeights[b * 2 * hidden + i] = quantise(own[i], qb, clamped);
                outputWeights[b * 2 * hidden + hidden + i] = quantise(other[i], qb, clamped);
            }
            outputBias[b] = quantise(net.rows[net.outputBias][b], Network.QA * qb, clamped);
        }
        return new Result(new Network(hidden, buckets, inputWeights, inputBias, outputWeights, outputBias, qb),
                clamped[0]);
    }

    /** value × scale in float (as bullet multiplies), rounded half away from zero, clamped to int16. */
    static short quantise(float value, int scale, int[] clamped) {
        float scaled = value * scale;
        double rounded = Math.signum(scaled) * Math.floor(Math.abs((double) scaled) + 0.5);
        if (rounded > Short.MAX_VALUE || rounded < Short.MIN_VALUE) {
            clamped[0]++;
            return rounded > 0 ? Short.MAX_VALUE : Short.MIN_VALUE;
        }
        return (short) rounded;
    }
}
