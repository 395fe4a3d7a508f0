package horizon.tune.fit.nnue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run stopped after epoch 2 and started again with the same plan ends with the same weights, bit for bit, as a
 * run of four epochs in one go; the thread count does not change a single bit either; another plan is refused.
 */
class ResumeTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    static Path folder;
    private static Path data;

    @BeforeAll
    static void writeData() throws IOException {
        data = RandomPlayouts.write(folder.resolve("tiny.bin"), 3000, 17, pos -> 60 * RandomPlayouts.materialBalance(pos));
    }

    private static TrainingPlan plan(int epochs, int hidden, float lambda) {
        return plan(epochs, hidden, lambda, false);
    }

    private static TrainingPlan plan(int epochs, int hidden, float lambda, boolean mirror) {
        return new TrainingPlan(List.of(data), hidden, epochs, 256, lambda, 0.01f, 0.1, 42,
                new LearningRateSchedule(LearningRateSchedule.STEP, 0.002, 2, 0.5, epochs), mirror);
    }

    private static NnueTrainer.Result train(TrainingPlan plan, String run, int threads) throws IOException {
        try (NnueTrainer trainer = new NnueTrainer(plan, TrainingData.open(plan.files()), folder.resolve(run),
                threads, QUIET, false)) {
            return trainer.run();
        }
    }

    @Test
    void resumedRunEqualsUninterruptedRunBitForBit() throws IOException {
        NnueTrainer.Result whole = train(plan(4, 32, 0.8f), "whole", 2);
        NnueTrainer.Result firstHalf = train(plan(2, 32, 0.8f), "halves", 2);
        assertEquals(2, firstHalf.reports().size());
        assertTrue(!firstHalf.weights().sameAs(whole.weights()), "two epochs are not four");
        NnueTrainer.Result resumed = train(plan(4, 32, 0.8f), "halves", 2);

        assertTrue(resumed.weights().sameAs(whole.weights()), "resumed weights equal the uninterrupted run's");
        assertEquals(whole.reports().size(), resumed.reports().size());
        for (int e = 0; e < 4; e++) {
            assertEquals(whole.reports().get(e).trainLoss(), resumed.reports().get(e).trainLoss(), 0.0, "epoch " + e);
            assertEquals(whole.reports().get(e).validationLoss(), resumed.reports().get(e).validationLoss(), 0.0);
        }
        assertArrayEquals(Files.readAllBytes(folder.resolve("whole/final.nnue")),
                Files.readAllBytes(folder.resolve("halves/final.nnue")));
        assertArrayEquals(Files.readAllBytes(folder.resolve("whole/net-epoch03.nnue")),
                Files.readAllBytes(folder.resolve("halves/net-epoch03.nnue")));
        assertTrue(Files.size(folder.resolve("halves/loss.png")) > 1000, "a loss chart");
        assertEquals(5, Files.readAllLines(folder.resolve("halves/training.csv")).size(), "header and four epochs");
        assertTrue(whole.reports().get(3).trainLoss() < whole.reports().get(0).trainLoss(), "the loss fell: "
                + whole.reports());
    }

    @Test
    void threadCountDoesNotChangeABit() throws IOException {
        NnueTrainer.Result one = train(plan(2, 16, 0.5f), "threads1", 1);
        NnueTrainer.Result three = train(plan(2, 16, 0.5f), "threads3", 3);
        assertTrue(one.weights().sameAs(three.weights()), "one thread and three give the same weights");
        assertEquals(one.reports().get(1).validationLoss(), three.reports().get(1).validationLoss(), 0.0);
    }

    @Test
    void anotherPlanIsRefusedNamingTheField() throws IOException {
        train(plan(1, 16, 0.5f), "plan", 2);
        IllegalArgumentException wider = assertThrows(IllegalArgumentException.class,
                () -> train(plan(2, 32, 0.5f), "plan", 2));
        assertTrue(wider.getMessage().contains("--hidden differs: the checkpoint has 16, this command 32"),
                wider.getMessage());
        IllegalArgumentException lambda = assertThrows(IllegalArgumentException.class,
                () -> train(plan(2, 16, 0.7f), "plan", 2));
        assertTrue(lambda.getMessage().contains("--lambda differs"), lambda.getMessage());
        // More epochs under the same step schedule are the same plan: the run goes on.
        assertEquals(2, train(plan(2, 16, 0.5f), "plan", 2).reports().size());
    }

    @Test
    void mirroringIsPartOfThePlanAndKeepsRunsExact() throws IOException {
        NnueTrainer.Result plain = train(plan(2, 16, 0.5f), "plain", 2);
        NnueTrainer.Result one = train(plan(2, 16, 0.5f, true), "mirror1", 1);
        NnueTrainer.Result three = train(plan(2, 16, 0.5f, true), "mirror3", 3);
        assertTrue(one.weights().sameAs(three.weights()), "mirrored runs do not depend on the thread count");
        assertTrue(!one.weights().sameAs(plain.weights()), "mirroring changes what is trained");
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                () -> train(plan(3, 16, 0.5f, true), "plain", 2));
        assertTrue(other.getMessage().contains("--mirror"), other.getMessage());
    }

    @Test
    void aboutHalfTheRecordsAreMirroredAndADifferentHalfEachEpoch() {
        TrainingPlan mirror = plan(2, 16, 0.5f, true), plain = plan(2, 16, 0.5f);
        int first = 0, both = 0, records = 20_000;
        for (int r = 0; r < records; r++) {
            assertTrue(!plain.mirrored(r, 0) && !plain.mirrored(r, 1), "no mirroring unless asked");
            first += mirror.mirrored(r, 0) ? 1 : 0;
            both += mirror.mirrored(r, 0) && mirror.mirrored(r, 1) ? 1 : 0;
        }
        assertTrue(Math.abs(first - records / 2) < 400, "half mirrored in an epoch: " + first);
        assertTrue(Math.abs(both - records / 4) < 400, "independent across epochs: " + both);
    }
}
