package horizon.tune.fit.nnue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Position;
import horizon.nnue.Network;
import horizon.tune.data.TrainingRecord;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The backward pass of a net with output buckets against the numerical derivative of the spec's loss, computed in
 * double from the formulas alone: each position meets the output layer of its piece count's bucket (the engine's
 * rule, {@link Network#outputBucket(int, int)}), so a bucket's weights get gradient from its own positions only.
 * Positions from 3 to 32 pieces spread over the 8 buckets; as {@link GradientTest}, central differences with a step
 * of 1e-3 agree within 1 % of the gradient's size (or 1e-7 absolute).
 */
class OutputBucketGradientTest {
    private static final int HIDDEN = 16, BUCKETS = 8;
    private static final String[] FENS = {
        "8/8/4k3/8/8/3QK3/8/8 w - - 0 1",                                             // 3 pieces: bucket 0
        "8/5k2/8/3r4/8/2R1K3/4P3/8 b - - 0 1",                                        // 5: bucket 0
        "8/2p2k2/3b4/3r4/8/2R1K3/4PN2/8 w - - 0 1",                                   // 8: bucket 1
        "r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",                                      // 10: bucket 2
        "r4rk1/pp3ppp/8/8/8/8/PP3PPP/R4RK1 b - - 0 1",                                // 16: bucket 3
        "r1bq1rk1/pp3ppp/2n5/8/8/2N5/PP3PPP/R1BQ1RK1 w - - 0 1",                      // 22: bucket 5
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/3P4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 1",          // 30: bucket 7
        Position.START_FEN,                                                           // 32: bucket 7
    };

    private FloatNetwork net;
    private final List<int[]> own = new ArrayList<>(), other = new ArrayList<>();
    private final List<Float> targets = new ArrayList<>();

    @BeforeEach
    void setUp() {
        net = FloatNetwork.random(HIDDEN, BUCKETS, 7);
        SplittableRandom random = new SplittableRandom(11);
        for (int b = 0; b < BUCKETS; b++) {
            for (int i = 0; i < HIDDEN; i++) {
                net.rows[net.ownOutput(b)][i] = (float) (random.nextDouble() * 3 - 1.5);
                net.rows[net.otherOutput(b)][i] = (float) (random.nextDouble() * 3 - 1.5);
            }
            net.rows[net.outputBias][b] = (float) (random.nextDouble() * 0.4 - 0.2);
        }
        ByteBuffer records = ByteBuffer.allocate(FENS.length * TrainingRecord.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        SplittableRandom scores = new SplittableRandom(5);
        for (String fen : FENS) {
            TrainingRecord.write(Position.fromFen(fen), scores.nextInt(-600, 600), scores.nextInt(3) / 2.0, records);
        }
        for (int p = 0; p < FENS.length; p++) {
            int[] o = new int[32], t = new int[32];
            int n = TrainingRecord.features(records, p * TrainingRecord.BYTES, o, t);
            own.add(Arrays.copyOf(o, n));
            other.add(Arrays.copyOf(t, n));
            double score = TrainingRecord.score(records, p * TrainingRecord.BYTES);
            targets.add((float) (1 / (1 + Math.exp(-score / 400))));
        }
    }

    private int bucket(int p) {
        return Network.outputBucket(own.get(p).length, BUCKETS);
    }

    /** The spec's mean loss over the positions, in double, each through its own bucket. */
    private double referenceLoss() {
        double total = 0;
        for (int p = 0; p < FENS.length; p++) {
            int b = bucket(p);
            double out = net.rows[net.outputBias][b];
            for (int side = 0; side < 2; side++) {
                int[] features = side == 0 ? own.get(p) : other.get(p);
                float[] outputWeights = net.rows[side == 0 ? net.ownOutput(b) : net.otherOutput(b)];
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
        return total / FENS.length;
    }

    private FloatNetwork analyticGradient() {
        FloatNetwork gradient = new FloatNetwork(HIDDEN, BUCKETS);
        Backprop backprop = new Backprop(HIDDEN);
        double loss = 0;
        for (int p = 0; p < FENS.length; p++) {
            loss += backprop.train(net, gradient, own.get(p), other.get(p), own.get(p).length, targets.get(p),
                    1f / FENS.length);
        }
        assertEquals(referenceLoss(), loss / FENS.length, 1e-6, "the trainer's loss is the spec's loss");
        return gradient;
    }

    private void assertMatchesNumerical(FloatNetwork gradient, int row, int i) {
        GradientTest.assertMatchesNumerical(net, gradient, row, i, this::referenceLoss);
    }

    @Test
    void thePositionsSpreadOverTheBuckets() {
        assertEquals(List.of(0, 0, 1, 2, 3, 5, 7, 7), java.util.stream.IntStream.range(0, FENS.length)
                .map(this::bucket).boxed().toList());
    }

    @Test
    void everyBucketsOutputWeightsAndBiasMatchAndUnusedBucketsGetNone() {
        FloatNetwork gradient = analyticGradient();
        boolean[] used = new boolean[BUCKETS];
        for (int p = 0; p < FENS.length; p++) {
            used[bucket(p)] = true;
        }
        for (int b = 0; b < BUCKETS; b++) {
            for (int i = 0; i < HIDDEN; i++) {
                assertMatchesNumerical(gradient, net.ownOutput(b), i);
                assertMatchesNumerical(gradient, net.otherOutput(b), i);
            }
            assertMatchesNumerical(gradient, net.outputBias, b);
            float biasGradient = gradient.rows[net.outputBias][b];
            if (used[b]) {
                assertTrue(Math.abs(biasGradient) > 1e-5, "bucket " + b + "'s bias has its positions' gradient");
            } else {
                assertEquals(0f, biasGradient, "bucket " + b + " has no position");
                for (int i = 0; i < HIDDEN; i++) {
                    assertEquals(0f, gradient.rows[net.ownOutput(b)][i], "bucket " + b + " has no position");
                }
            }
        }
    }

    @Test
    void theFirstLayerAndItsBiasMatchThroughEveryBucket() {
        FloatNetwork gradient = analyticGradient();
        for (int i = 0; i < HIDDEN; i++) {
            assertMatchesNumerical(gradient, FloatNetwork.INPUT_BIAS, i);
        }
        for (int p = 0; p < FENS.length; p++) {
            int[] features = own.get(p);
            assertMatchesNumerical(gradient, features[p % features.length], p % HIDDEN);
        }
    }

    @Test
    void theQuantisedNetScoresEachPositionThroughTheSameBucket() {
        Network quantised = Quantisation.quantise(net).network();
        assertEquals(BUCKETS, quantised.outputBuckets());
        for (String fen : FENS) {
            Position pos = Position.fromFen(fen);
            int[] o = new int[32], t = new int[32];
            ByteBuffer record = ByteBuffer.allocate(TrainingRecord.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            TrainingRecord.write(pos, 0, 0.5, record);
            int n = TrainingRecord.features(record, 0, o, t);
            double floatCp = net.output(o, t, n) * Network.SCALE;
            assertEquals(floatCp, quantised.evaluate(pos), 12, fen);
        }
    }
}
