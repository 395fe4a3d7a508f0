package horizon.tune.fit.nnue;

/**
 * Adam with decoupled weight decay (Loshchilov and Hutter; bullet's default optimiser), with bias correction, and
 * the spec's clip of the weights to ±{@link FloatNetwork#WEIGHT_LIMIT} after every step. Its moments have the
 * network's shape; the update works a row at a time so that threads can share a step by rows.
 */
final class AdamW {
    static final float BETA1 = 0.9f, BETA2 = 0.999f, EPSILON = 1e-8f;

    final FloatNetwork firstMoment, secondMoment;
    /** Steps taken so far (the bias correction's exponent). */
    long steps;
    private float rate, decay, firstCorrection, secondCorrection;

    AdamW(int hidden, int outputBuckets) {
        firstMoment = new FloatNetwork(hidden, outputBuckets);
        secondMoment = new FloatNetwork(hidden, outputBuckets);
    }

    /** Starts step number steps + 1 at this learning rate; then {@link #update} every row once. */
    void beginStep(double learningRate, double weightDecay) {
        steps++;
        rate = (float) learningRate;
        decay = (float) (learningRate * weightDecay);
        firstCorrection = (float) (1 / (1 - Math.pow(BETA1, steps)));
        secondCorrection = (float) (1 / (1 - Math.pow(BETA2, steps)));
    }

    /** One row's update from its gradient (already the batch's mean), then the clip where the spec asks for it. */
    void update(FloatNetwork net, int r, float[] gradient) {
        float[] p = net.rows[r], m = firstMoment.rows[r], v = secondMoment.rows[r];
        float stepSize = rate * firstCorrection, keep = 1 - decay, correction = secondCorrection;
        for (int i = 0; i < p.length; i++) {
            float g = gradient[i];
            m[i] = BETA1 * m[i] + (1 - BETA1) * g;
            v[i] = BETA2 * v[i] + (1 - BETA2) * g * g;
            p[i] = keep * p[i] - stepSize * m[i] / ((float) Math.sqrt(v[i] * correction) + EPSILON);
        }
        if (net.isClipped(r) || r == net.outputBias) {
            float limit = r == net.outputBias ? FloatNetwork.OUTPUT_BIAS_LIMIT : FloatNetwork.WEIGHT_LIMIT;
            for (int i = 0; i < p.length; i++) {
                p[i] = Math.min(Math.max(p[i], -limit), limit);
            }
        }
    }
}
