package horizon.tune.fit.nnue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.nnue.Network;
import horizon.nnue.NetworkFile;
import horizon.tune.data.TrainingRecord;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's integer inference ({@link Network#evaluate} on the net file the trainer exported) against the
 * trainer's float output × 400, on 10,000 positions of random games: each position goes to the float model as the
 * 32-byte record the trainer reads, and to the engine as the position itself.
 *
 * <p>Two sources of difference, measured apart:
 * <ul>
 *   <li>the integer path: with the float model given the quantised weights themselves (l0w / 255, l1w / QB, ...),
 *       only the engine's divisions, which truncate toward zero, remain: under 1.05 cp on every position;
 *   <li>the rounding of the weights to steps of 1/255 (first layer) and 1/QB (output). The output step dominates:
 *       it moves the output by about 400 · √(Σ a²) / (QB · √12) cp, Σ a² over both accumulators' activations. At
 *       bullet's QB of 64 the net trained here (N = 128, 20,000 positions, 3 epochs) measured 10.6 cp mean and 43 cp
 *       max; at Horizon's QB of 256, 2.7 cp mean and 13.8 cp max. The bound: 4 cp mean, 20 cp max.
 * </ul>
 */
class QuantisationAgreementTest {
    private static final int POSITIONS = 10_000;

    @TempDir
    static Path folder;
    private static FloatNetwork trained;

    @BeforeAll
    static void train() throws IOException {
        Path data = RandomPlayouts.write(folder.resolve("material.bin"), 20_000, 31,
                pos -> 100 * RandomPlayouts.materialBalance(pos));
        TrainingPlan plan = new TrainingPlan(List.of(data), 128, 3, 256, 0.9f, 0.01f, 0.0, 8,
                new LearningRateSchedule(LearningRateSchedule.STEP, 0.003, 10, 0.3, 3));
        try (NnueTrainer trainer = new NnueTrainer(plan, TrainingData.open(plan.files()), folder.resolve("run"), 2,
                new PrintStream(OutputStream.nullOutputStream()), false)) {
            trained = trainer.run().weights();
        }
    }

    private static EvalAgreement compare(FloatNetwork model, Network engine) {
        EvalAgreement agreement = new EvalAgreement();
        ByteBuffer record = ByteBuffer.allocate(TrainingRecord.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        int[] own = new int[32], other = new int[32];
        RandomPlayouts.visit(POSITIONS, 2718, pos -> {
            record.clear();
            TrainingRecord.write(pos, 0, 0.5, record);
            int count = TrainingRecord.features(record, 0, own, other);
            // The engine clamps a score to ±MAX_SCORE: so does the float model's, compared with it.
            double floatScore = Math.max(-Network.MAX_SCORE, Math.min(Network.MAX_SCORE,
                    Network.SCALE * model.output(own, other, count)));
            agreement.add(floatScore, engine.evaluate(pos));
        });
        assertEquals(POSITIONS, agreement.positions());
        return agreement;
    }

    /** The float model with the quantised net's own weights, so that only the integer arithmetic differs. */
    private static FloatNetwork dequantised(Network net) {
        int hidden = net.hidden();
        FloatNetwork model = new FloatNetwork(hidden);
        short[] inputWeights = net.inputWeights(), inputBias = net.inputBias(), outputWeights = net.outputWeights();
        for (int f = 0; f < Network.INPUTS; f++) {
            for (int i = 0; i < hidden; i++) {
                model.rows[f][i] = inputWeights[f * hidden + i] / (float) Network.QA;
            }
        }
        for (int i = 0; i < hidden; i++) {
            model.rows[FloatNetwork.INPUT_BIAS][i] = inputBias[i] / (float) Network.QA;
            model.rows[FloatNetwork.OWN_OUTPUT][i] = outputWeights[i] / (float) net.qb();
            model.rows[FloatNetwork.OTHER_OUTPUT][i] = outputWeights[hidden + i] / (float) net.qb();
        }
        model.rows[model.outputBias][0] = net.outputBias()[0] / (float) (Network.QA * net.qb());
        return model;
    }

    @Test
    void exportedNetAgreesWithTheTrainersFloatModel() throws IOException {
        Network exported = NetworkFile.read(folder.resolve("run/final.nnue"));
        EvalAgreement agreement = compare(trained, exported);
        assertTrue(agreement.meanDifference() < 4.0, agreement.toString());
        assertTrue(agreement.maxDifference() < 20.0, agreement.toString());
    }

    @Test
    void integerInferenceOnlyTruncates() throws IOException {
        Network exported = NetworkFile.read(folder.resolve("run/final.nnue"));
        EvalAgreement agreement = compare(dequantised(exported), exported);
        assertTrue(agreement.maxDifference() < 1.05, agreement.toString());
        assertTrue(agreement.meanDifference() < 0.6, agreement.toString());
    }

    /** The same at N = 256 with the output weights spread over the whole clip range, ±1.98: no overflow either. */
    @Test
    void integerInferenceOnlyTruncatesAtTheClip() {
        FloatNetwork model = FloatNetwork.random(256, 99);
        SplittableRandom random = new SplittableRandom(4);
        for (int i = 0; i < 256; i++) {
            model.rows[FloatNetwork.OWN_OUTPUT][i] = (float) ((2 * random.nextDouble() - 1) * FloatNetwork.WEIGHT_LIMIT);
            model.rows[FloatNetwork.OTHER_OUTPUT][i] = (float) ((2 * random.nextDouble() - 1) * FloatNetwork.WEIGHT_LIMIT);
        }
        model.rows[model.outputBias][0] = 0.3f;
        Quantisation.Result quantised = Quantisation.quantise(model);
        assertEquals(0, quantised.clamped());
        EvalAgreement agreement = compare(dequantised(quantised.network()), quantised.network());
        assertTrue(agreement.maxDifference() < 1.05, agreement.toString());
    }
}
