package horizon.nnue;

import java.util.SplittableRandom;

/** Random networks for tests: weights of the size a trained, clipped net has, so that scores stay realistic. */
final class RandomNetworks {
    private RandomNetworks() {
    }

    static Network make(int hidden, long seed) {
        return make(hidden, 1, seed);
    }

    /** With output buckets, each its own random output layer. */
    static Network make(int hidden, int buckets, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        short[] inputWeights = new short[Network.INPUTS * hidden];
        for (int i = 0; i < inputWeights.length; i++) {
            inputWeights[i] = (short) random.nextInt(-60, 61);
        }
        short[] inputBias = new short[hidden];
        for (int i = 0; i < hidden; i++) {
            inputBias[i] = (short) random.nextInt(-40, 160);
        }
        short[] outputWeights = new short[buckets * 2 * hidden];
        for (int i = 0; i < outputWeights.length; i++) {
            outputWeights[i] = (short) random.nextInt(-127, 128);
        }
        short[] outputBias = new short[buckets];
        for (int b = 0; b < buckets; b++) {
            outputBias[b] = (short) random.nextInt(-2000, 2000);
        }
        return new Network(hidden, buckets, inputWeights, inputBias, outputWeights, outputBias, Network.QB);
    }
}
