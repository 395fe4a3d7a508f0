package horizon.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import horizon.Main;
import horizon.engine.Bench;
import horizon.eval.Weights;
import horizon.eval.WeightsFile;
import horizon.testing.RandomWeights;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchCommandTest {
    @Test
    void theBenchSearchesWithTheWeightsItIsGiven() {
        Bench.Listener quiet = (i, fen, nodes) -> { };
        long builtIn = Bench.run(5, quiet).nodes();
        assertEquals(builtIn, Bench.run(5, Weights.builtIn(), quiet).nodes(), "the built-in weights: the signature");
        assertNotEquals(builtIn, Bench.run(5, RandomWeights.create(3), quiet).nodes(),
                "other weights search another tree");
    }

    @Test
    void aWeightsFileIsReadAndABadOneRefused(@TempDir Path dir) throws IOException {
        Path good = dir.resolve("shipped.weights");
        Files.writeString(good, WeightsFile.format(Weights.builtIn(), List.of()));
        assertEquals(0, Main.commandLine().execute("bench", "3", "--weights", good.toString()));
        Path bad = dir.resolve("bad.weights");
        Files.writeString(bad, "not weights\n");
        assertEquals(2, Main.commandLine().execute("bench", "3", "--weights", bad.toString()));
        assertEquals(2, Main.commandLine().execute("bench", "3", "--weights", dir.resolve("none").toString()));
    }
}
