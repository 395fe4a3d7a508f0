package horizon.tune.fit;

import horizon.nnue.Network;

/**
 * The float model to the engine's integers, as the spec and bullet quantise: the first layer × QA, the output
 * weights × QB, the output bias × QA·QB, each rounded half away from zero (Rust's {@code round}) and clamped to
 * int16. The clip during training keeps the weights in range; a bias that outgrows int16 is clamped and counted.
 */
public final class Quantisation {
    /** The integer network, and how many values had to be clamped to fit int16 (0 for a healthy net). */
    public record Result(Network network, int clamped) {
    }

    private Quantisation() {
    }

    public static Result quantise(FloatNetwork net) {
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
        short[] outputWeights = new short[2 * hidden];
        for (int i = 0; i < hidden; i++) {
            inputBias[i] = quantise(net.rows[FloatNetwork.INPUT_BIAS][i], Network.QA, clamped);
            outputWeights[i] = quantise(net.rows[FloatNetwork.OWN_OUTPUT][i], Network.QB, clamped);
            outputWeights[hidden + i] = quantise(net.rows[FloatNetwork.OTHER_OUTPUT][i], Network.QB, clamped);
        }
        short outputBias = quantise(net.rows[FloatNetwork.OUTPUT_BIAS][0], Network.QA * Network.QB, clamped);
        return new Result(new Network(hidden, inputWeights, inputBias, outputWeights, outputBias), clamped[0]);
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
