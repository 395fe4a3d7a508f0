package horizon.tune.games;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SPSA against a game runner whose results are a known function of the parameters, and its checkpoints. */
class SpsaTest {
    /** Where the fake "strength" peaks: a smooth hill, each parameter 20 steps away from its start. */
    private static final Map<String, Double> OPTIMUM = Map.of("alpha", 70.0, "beta", 130.0, "gamma", 20.0);

    private static List<SpsaParameter> parameters() {
        return List.of(new SpsaParameter("alpha", 50, 0, 100, 4, 0.002),
                new SpsaParameter("beta", 150, 100, 200, 4, 0.002),
                new SpsaParameter("gamma", 40, 0, 80, 4, 0.002));
    }

    /**
     * Plays games whose expected score follows the strength difference (a logistic of it), strength being minus
     * the squared distance to the optimum, scaled: a tuner that follows the results must climb the hill.
     */
    static final class HillRunner implements GameRunner {
        int calls;

        private static double strength(Map<String, Integer> values) {
            double s = 0;
            for (Map.Entry<String, Integer> e : values.entrySet()) {
                double d = e.getValue() - OPTIMUM.get(e.getKey());
                s -= d * d / 400.0;
            }
            return s;
        }

        @Override
        public Result play(Map<String, Integer> plus, Map<String, Integer> minus, int pairs, long seed) {
            calls++;
            double p = 1 / (1 + Math.exp(-(strength(plus) - strength(minus))));
            SplittableRandom random = new SplittableRandom(seed);
            int w = 0, l = 0, d = 0;
            for (int g = 0; g < 2 * pairs; g++) {
                double u = random.nextDouble();
                // A third of the games are draws whatever the strength, as in real games at short time controls.
                if (u < 1 / 3.0) {
                    d++;
                } else if (random.nextDouble() < p) {
                    w++;
                } else {
                    l++;
                }
            }
            return new Result(w, l, d, 0);
        }
    }

    private static double distance(Spsa spsa) {
        double sum = 0;
        for (SpsaParameter p : spsa.parameters()) {
            double d = p.value() - OPTIMUM.get(p.name);
            sum += d * d;
        }
        return Math.sqrt(sum);
    }

    @Test
    void climbsTowardsTheOptimumTheGamesReward() throws Exception {
        Spsa spsa = new Spsa(parameters(), 20_000, 8, 7);
        double before = distance(spsa); // about 34.6
        HillRunner runner = new HillRunner();
        while (!spsa.finished()) {
            spsa.step(runner);
        }
        assertEquals(2500, runner.calls);
        assertEquals(20_000, spsa.pairsDone());
        double after = distance(spsa);
        assertTrue(after < before / 4, "distance to the optimum " + before + " -> " + after);
        for (SpsaParameter p : spsa.parameters()) {
            assertTrue(Math.abs(p.value() - OPTIMUM.get(p.name)) < 8, p.name + " ended at " + p.value());
        }
    }

    @Test
    void scheduleIsOpenBenchs() {
        SpsaParameter p = new SpsaParameter("x", 0, -100, 100, 5, 0.002);
        Spsa spsa = new Spsa(List.of(p), 10_000, 8, 1);
        // At the last iteration c_k is c_end and r_k is r_end, as OpenBench's inputs mean them.
        assertEquals(5, spsa.perturbation(p, 10_000), 1e-9);
        assertEquals(0.002, spsa.learningRate(p, 10_000), 1e-12);
        // At the first, c = c_end N^gamma.
        assertEquals(5 * Math.pow(10_000, Spsa.GAMMA), spsa.perturbation(p, 1), 1e-9);
    }

    @Test
    void perturbsWithinBoundsAndSymmetrically() {
        Spsa spsa = new Spsa(parameters(), 1000, 4, 3);
        Spsa.Perturbation first = spsa.perturb();
        assertEquals(first.plus(), spsa.perturb().plus(), "a perturbation depends only on seed and progress");
        for (int i = 0; i < spsa.parameters().size(); i++) {
            SpsaParameter p = spsa.parameters().get(i);
            int plus = first.plus().get(p.name), minus = first.minus().get(p.name);
            assertTrue(plus >= p.min && plus <= p.max && minus >= p.min && minus <= p.max);
            assertEquals(first.delta()[i], Integer.signum(plus - minus), p.name + " " + plus + " " + minus);
        }
    }

    @Test
    void aCheckpointResumesExactlyWhereTheTuneStopped(@TempDir Path dir) throws Exception {
        Spsa straight = new Spsa(parameters(), 400, 8, 11);
        HillRunner runner = new HillRunner();
        for (int i = 0; i < 10; i++) {
            straight.step(runner);
        }

        Spsa first = new Spsa(parameters(), 400, 8, 11);
        first.recordHistory();
        for (int i = 0; i < 4; i++) {
            first.step(runner);
        }
        SpsaCheckpoint.save(first, Map.of("tc", "2+0.02"), dir);
        SpsaCheckpoint.Loaded loaded = SpsaCheckpoint.load(dir);
        assertEquals("2+0.02", loaded.settings().get("tc"));
        Spsa resumed = loaded.spsa();
        assertEquals(32, resumed.pairsDone());
        assertEquals(5, resumed.history().size(), "the start and four batches");
        for (int i = 0; i < 6; i++) {
            resumed.step(runner);
        }
        assertEquals(straight.pairsDone(), resumed.pairsDone());
        for (int i = 0; i < 3; i++) {
            // Values are saved with six decimals: the resumed path may differ in the last of them.
            assertEquals(straight.parameters().get(i).value(), resumed.parameters().get(i).value(), 1e-4);
        }
        assertEquals(straight.wins(), resumed.wins());
        assertEquals(straight.losses(), resumed.losses());
    }

    @Test
    void aFailedBatchChangesNothing(@TempDir Path dir) throws Exception {
        Spsa spsa = new Spsa(parameters(), 400, 8, 5);
        spsa.step(new HillRunner());
        SpsaCheckpoint.save(spsa, Map.of(), dir);
        byte[] saved = Files.readAllBytes(dir.resolve(SpsaCheckpoint.FILE));
        double[] values = spsa.parameters().stream().mapToDouble(SpsaParameter::value).toArray();
        GameRunner failing = (plus, minus, pairs, seed) -> {
            throw new GameRunner.GameRunnerException("fastchess exited with 1");
        };
        assertThrows(GameRunner.GameRunnerException.class, () -> spsa.step(failing));
        assertEquals(8, spsa.pairsDone());
        assertArrayEquals(values, spsa.parameters().stream().mapToDouble(SpsaParameter::value).toArray());
        assertArrayEquals(saved, Files.readAllBytes(dir.resolve(SpsaCheckpoint.FILE)));
        GameRunner empty = (plus, minus, pairs, seed) -> new GameRunner.Result(0, 0, 0, 0);
        assertThrows(GameRunner.GameRunnerException.class, () -> spsa.step(empty), "no games is no result");
        assertEquals(8, spsa.pairsDone());
    }

    @Test
    void malformedCheckpointsAreRefusedWithTheLine(@TempDir Path dir) throws IOException {
        Spsa spsa = new Spsa(parameters(), 400, 8, 5);
        SpsaCheckpoint.save(spsa, Map.of(), dir);
        Path file = dir.resolve(SpsaCheckpoint.FILE);
        String good = Files.readString(file);
        Files.writeString(file, good.replace("param alpha 50.000000", "param alpha 500.000000"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SpsaCheckpoint.load(dir));
        assertTrue(e.getMessage().contains("outside its range") && e.getMessage().contains("line"), e.getMessage());
        Files.writeString(file, good.replace("pairs-done=0\n", ""));
        e = assertThrows(IllegalArgumentException.class, () -> SpsaCheckpoint.load(dir));
        assertTrue(e.getMessage().contains("pairs-done"), e.getMessage());
        Files.writeString(file, good.replace("seed=5", "seed=five"));
        assertThrows(IllegalArgumentException.class, () -> SpsaCheckpoint.load(dir));
    }

    @Test
    void parameterBoundsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new SpsaParameter("x", 5, 10, 20, 1, 0.002));
        assertThrows(IllegalArgumentException.class, () -> new SpsaParameter("x", 15, 10, 20, 0, 0.002));
        assertThrows(IllegalArgumentException.class, () -> new Spsa(List.of(), 10, 1, 1));
    }
}
