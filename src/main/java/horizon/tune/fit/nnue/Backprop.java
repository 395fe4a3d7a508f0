package horizon.tune.fit.nnue;

import static horizon.tune.fit.nnue.FloatNetwork.INPUT_BIAS;

/**
 * The float model's forward and backward pass, one position at a time, with the scratch arrays of one thread.
 *
 * <pre>
 *   acc_p = b0 + sum of W0[f] over p's active features        (p = side to move "own", the other side "other")
 *   a_p   = clamp(acc_p, 0, 1)^2                               (SCReLU)
 *   out   = a_own . W1own[k] + a_other . W1other[k] + b1[k]    (k = the output bucket of the piece count)
 *   loss  = (sigmoid(out) - target)^2
 * </pre>
 *
 * The backward pass adds d loss / d parameter into a gradient of the network's shape; the sparse first layer gets
 * one row added per active feature, so a position costs about 2 × 30 rows forward and as many back. The loops are
 * plain counted loops over float[] of equal index so that C2 vectorises them.
 */
final class Backprop {
    private final int hidden;
    private final float[] ownAcc, otherAcc, ownActivation, otherActivation, ownDelta, otherDelta;
    /** The output bucket of the position last passed to {@link #forward}. */
    private int bucket;

    Backprop(int hidden) {
        this.hidden = hidden;
        ownAcc = new float[hidden];
        otherAcc = new float[hidden];
        ownActivation = new float[hidden];
        otherActivation = new float[hidden];
        ownDelta = new float[hidden];
        otherDelta = new float[hidden];
    }

    /** The output (× 400 for centipawns) for the features; keeps what {@link #backward} needs. */
    float forward(FloatNetwork net, int[] own, int[] other, int count) {
        float[][] rows = net.rows;
        accumulate(rows, rows[INPUT_BIAS], own, count, ownAcc);
        accumulate(rows, rows[INPUT_BIAS], other, count, otherAcc);
        screlu(ownAcc, ownActivation);
        screlu(otherAcc, otherActivation);
        bucket = net.outputBucket(count); // one feature per piece on the board
        return dot(ownActivation, rows[net.ownOutput(bucket)]) + dot(otherActivation, rows[net.otherOutput(bucket)])
                + rows[net.outputBias][bucket];
    }

    private void accumulate(float[][] rows, float[] bias, int[] features, int count, float[] acc) {
        System.arraycopy(bias, 0, acc, 0, hidden);
        for (int k = 0; k < count; k++) {
            float[] row = rows[features[k]];
            for (int i = 0; i < hidden; i++) {
                acc[i] += row[i];
            }
        }
    }

    private void screlu(float[] acc, float[] activation) {
        for (int i = 0; i < hidden; i++) {
            float x = Math.min(Math.max(acc[i], 0f), 1f);
            activation[i] = x * x;
        }
    }

    /** Four partial sums in a fixed order: C2 does not vectorise a float reduction, but the adds overlap. */
    private float dot(float[] a, float[] b) {
        float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (int i = 0; i < hidden; i += 4) {
            s0 += a[i] * b[i];
            s1 += a[i + 1] * b[i + 1];
            s2 += a[i + 2] * b[i + 2];
            s3 += a[i + 3] * b[i + 3];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /**
     * Adds d(loss)/d(parameter) of the position last passed to {@link #forward} into gradient, given
     * outputGradient = d(loss)/d(out).
     */
    void backward(FloatNetwork net, FloatNetwork gradient, int[] own, int[] other, int count, float outputGradient) {
        float[][] rows = net.rows, grad = gradient.rows;
        int ownRow = net.ownOutput(bucket), otherRow = net.otherOutput(bucket);
        grad[net.outputBias][bucket] += outputGradient;
        addScaled(ownActivation, outputGradient, grad[ownRow]);
        addScaled(otherActivation, outputGradient, grad[otherRow]);
        accumulatorGradient(ownAcc, rows[ownRow], outputGradient, ownDelta);
        accumulatorGradient(otherAcc, rows[otherRow], outputGradient, otherDelta);
        float[] biasGradient = grad[INPUT_BIAS];
        for (int i = 0; i < hidden; i++) {
            biasGradient[i] += ownDelta[i] + otherDelta[i];
        }
        for (int k = 0; k < count; k++) {
            add(ownDelta, grad[own[k]]);
            add(otherDelta, grad[other[k]]);
        }
    }

    private void addScaled(float[] values, float scale, float[] into) {
        for (int i = 0; i < hidden; i++) {
            into[i] += scale * values[i];
        }
    }

    private void add(float[] values, float[] into) {
        for (int i = 0; i < hidden; i++) {
            into[i] += values[i];
        }
    }

    /**
     * d(loss)/d(acc): SCReLU's slope is 2·acc inside (0, 1) and 0 where the clamp holds it flat. Written without a
     * branch so that C2 vectorises it (a branch on acc mispredicts half the time): past 1 the upper bound drops far
     * below 0, so min then max give 0; below 0 the max gives 0; at exactly 1 the slope is the left one, 2.
     */
    private void accumulatorGradient(float[] acc, float[] outputWeights, float outputGradient, float[] delta) {
        float twice = 2f * outputGradient;
        for (int i = 0; i < hidden; i++) {
            float a = acc[i];
            float inside = Math.max(Math.min(a, 1f - (a - 1f) * 1e30f), 0f);
            delta[i] = twice * inside * outputWeights[i];
        }
    }

    /**
     * One training position: forward, then the gradient of scale × (sigmoid(out) − target)² added into gradient.
     * Returns the unscaled squared error. scale is 1 / batch size, so the gradients summed over a batch are those
     * of the batch's mean loss.
     */
    double train(FloatNetwork net, FloatNetwork gradient, int[] own, int[] other, int count, float target,
            float scale) {
        float prediction = sigmoid(forward(net, own, other, count));
        float error = prediction - target;
        backward(net, gradient, own, other, count, 2 * error * prediction * (1 - prediction) * scale);
        return (double) error * error;
    }

    static float sigmoid(float x) {
        return (float) (1 / (1 + Math.exp(-x)));
    }
}
