package horizon.tune.fit.nnue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.tune.data.TrainingRecord;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The backward pass against the numerical derivative of the spec's loss, computed here in double from the spec's
 * formulas alone (not from the trainer's forward pass), for random parameters of every group on a random N = 16 net
 * and eight random positions. Central differences with a step of 1e-3: agreement within 1 % of the gradient's
 * size (or 1e-7 absolute, for gradients near zero).
 */
class GradientTest {
    private static final int HIDDEN = 16, POSITIONS = 8;
    private static final float LAMBDA = 0.6f;

    private FloatNetwork net;
    private final List<int[]> own = new ArrayList<>(), other = new ArrayList<>();
    private final List<Float> targets = new ArrayList<>();

    @BeforeEach
    void setUp() {
        net = FloatNetwork.random(HIDDEN, 7);
        // Output weights and bias of a trained net's size, so every term of the loss matters.
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < HIDDEN; i++) {
            net.rows[FloatNetwork.OWN_OUTPUT][i] = (float) (random.nextDouble() * 3 - 1.5);
            net.rows[FloatNetwork.OTHER_OUTPUT][i] = (float) (random.nextDouble() * 3 - 1.5);
        }
        net.rows[net.outputBias][0] = 0.2f;
        ByteBuffer records = ByteBuffer.allocate(POSITIONS * TrainingRecord.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        SplittableRandom scores = new SplittableRandom(5);
        RandomPlayouts.visit(POSITIONS * 9, 3, pos -> {
            // Every ninth position, to spread them over a few games.
            if (pos.historyLength() % 9 == 0 && records.hasRemaining()) {
                TrainingRecord.write(pos, scores.nextInt(-600, 600), scores.nextInt(3) / 2.0, records);
            }
        });
        assertEquals(POSITIONS * TrainingRecord.BYTES, records.position(), "positions written");
        for (int p = 0; p < POSITIONS; p++) {
            int[] o = new int[32], t = new int[32];
            int n = TrainingRecord.features(records, p * TrainingRecord.BYTES, o, t);
            own.add(java.util.Arrays.copyOf(o, n));
            other.add(java.util.Arrays.copyOf(t, n));
            double score = TrainingRecord.score(records, p * TrainingRecord.BYTES);
            double result = TrainingRecord.result(records, p * TrainingRecord.BYTES);
            targets.add((float) (LAMBDA / (1 + Math.exp(-score / 400)) + (1 - LAMBDA) * result));
        }
    }

    /** The spec's mean loss over the positions, in double. */
    private double referenceLoss() {
        double total = 0;
        for (int p = 0; p < POSITIONS; p++) {
            double out = net.rows[net.outputBias][0];
            for (int side = 0; side < 2; side++) {
                int[] features = side == 0 ? own.get(p) : other.get(p);
                float[] outputWeights = net.rows[side == 0 ? FloatNetwork.OWN_OUTPUT : FloatNetwork.OTHER_OUTPUT];
                for (int i = 0; i < HIDDEN; i++) {
                    double acc = net.rows[FloatNetwork.INPUT_BIAS][i];
                    for (int f : features) {
                        acc += net.rows[f][i];
                    }
                    double a = Math.min(Math.max(acc, 0), 1);
                    out += a * a * outputWeights[i];
                }
            }
            double error = 1 / (1 + Math.exp(-out)) - targets.get(p);
            total += error * error;
        }
        return total / POSITIONS;
    }

    private FloatNetwork analyticGradient() {
        FloatNetwork gradient = new FloatNetwork(HIDDEN);
        Backprop backprop = new Backprop(HIDDEN);
        double loss = 0;
        for (int p = 0; p < POSITIONS; p++) {
            loss += backprop.train(net, gradient, own.get(p), other.get(p), own.get(p).length, targets.get(p),
                    1f / POSITIONS);
        }
        assertEquals(referenceLoss(), loss / POSITIONS, 1e-6, "the trainer's loss is the spec's loss");
        return gradient;
    }

    private void assertMatchesNumerical(FloatNetwork gradient, int row, int i) {
        assertMatchesNumerical(net, gradient, row, i, this::referenceLoss);
    }

    /**
     * The backprop gradient of net's parameter [row][i] against the central difference of referenceLoss, which
     * computes the loss from net's parameters as they are at the call (step 1e-3; within 1 % or 1e-7).
     */
    static void assertMatchesNumerical(FloatNetwork net, FloatNetwork gradient, int row, int i,
            DoubleSupplier referenceLoss) {
        float[] values = net.rows[row];
        float saved = values[i];
        values[i] = saved + 1e-3f;
        double up = referenceLoss.getAsDouble(), stepUp = (double) values[i] - saved;
        values[i] = saved - 1e-3f;
        double down = referenceLoss.getAsDouble(), stepDown = (double) saved - values[i];
        values[i] = saved;
        double numerical = (up - down) / (stepUp + stepDown);
        double analytic = gradient.rows[row][i];
        assertEquals(numerical, analytic, Math.max(1e-7, 0.01 * Math.abs(numerical)),
                "row " + row + " [" + i + "]: numerical " + numerical + ", backprop " + analytic);
    }

    @Test
    void firstLayerRowsOfActiveFeaturesMatch() {
        FloatNetwork gradient = analyticGradient();
        SplittableRandom random = new SplittableRandom(1);
        int nonZero = 0;
        for (int k = 0; k < 24; k++) {
            int p = random.nextInt(POSITIONS);
            int[] features = random.nextBoolean() ? own.get(p) : other.get(p);
            int row = features[random.nextInt(features.length)], i = random.nextInt(HIDDEN);
            assertMatchesNumerical(gradient, row, i);
            nonZero += gradient.rows[row][i] != 0 ? 1 : 0;
        }
        assertTrue(nonZero >= 12, "most checked first-layer gradients are not zero: " + nonZero + " of 24");
    }

    @Test
    void inactiveFeaturesGetNoGradient() {
        FloatNetwork gradient = analyticGradient();
        boolean[] active = new boolean[FloatNetwork.INPUTS];
        for (int p = 0; p < POSITIONS; p++) {
            for (int f : own.get(p)) {
                active[f] = true;
            }
            for (int f : other.get(p)) {
                active[f] = true;
            }
        }
        for (int f = 0; f < FloatNetwork.INPUTS; f++) {
            if (!active[f]) {
                for (float g : gradient.rows[f]) {
                    assertEquals(0f, g, "feature " + f + " is in no position");
                }
            }
        }
    }

    @Test
    void biasesAndOutputWeightsMatch() {
        FloatNetwork gradient = analyticGradient();
        for (int i = 0; i < HIDDEN; i++) {
            assertMatchesNumerical(gradient, FloatNetwork.INPUT_BIAS, i);
            assertMatchesNumerical(gradient, FloatNetwork.OWN_OUTPUT, i);
            assertMatchesNumerical(gradient, FloatNetwork.OTHER_OUTPUT, i);
        }
        assertMatchesNumerical(gradient, gradient.outputBias, 0);
        assertTrue(Math.abs(gradient.rows[gradient.outputBias][0]) > 1e-4, "the output bias's gradient is "
                + "not trivially zero");
    }
}
