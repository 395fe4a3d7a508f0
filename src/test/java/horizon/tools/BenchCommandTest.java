package horizon.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import horizon.Main;
import horizon.engine.Bench;
import horizon.engine.Engine;
import horizon.eval.Weights;
import horizon.eval.WeightsFile;
import horizon.nnue.Network;
import horizon.testing.RandomWeights;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchCommandTest {
    @Test
    void theBenchSearchesWithTheEvaluationItIsGiven() {
        Bench.Listener quiet = (i, fen, nodes) -> { };
        long byDefault = Bench.run(5, quiet).nodes();
        assertEquals(byDefault, Bench.run(5, Weights.builtIn(), Engine.NETWORK_BY_DEFAULT ? Network.builtIn() : null,
                quiet).nodes(), "the evaluation the engine plays by default: the signature");
        long linear = Bench.run(5, Weights.builtIn(), quiet).nodes();
        assertNotEquals(Bench.run(5, Weights.builtIn(), Network.builtIn(), quiet).nodes(), linear,
                "the built-in network searches another tree than the linear evaluation");
        assertNotEquals(linear, Bench.run(5, RandomWeights.create(3), quiet).nodes(),
                "other weights search another tree");
    }

    @Test
    void linearAndNetworkAreOneOptionEachAndNotTogether() {
        assertEquals(0, Main.commandLine().execute("bench", "2", "--linear"));
        assertEquals(0, Main.commandLine().execute("bench", "2", "--network"));
        assertEquals(2, Main.commandLine().execute("bench", "2", "--linear", "--network"));
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
