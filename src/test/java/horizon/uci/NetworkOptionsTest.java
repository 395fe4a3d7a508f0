package horizon.uci;

import static horizon.uci.UciLoopTest.transcript;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.engine.Engine;
import horizon.nnue.Network;
import horizon.nnue.NetworkFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * EvalFile with a network, UseNNUE, and the "eval" report of a network; a damaged network file leaves the
 * evaluation in force, whichever it was.
 */
class NetworkOptionsTest {
    @TempDir
    Path dir;

    private static Network randomNetwork(int hidden) {
        SplittableRandom random = new SplittableRandom(21);
        short[] l0w = new short[Network.INPUTS * hidden];
        for (int i = 0; i < l0w.length; i++) {
            l0w[i] = (short) random.nextInt(-60, 61);
        }
        short[] l0b = new short[hidden];
        Arrays.fill(l0b, (short) 60);
        short[] l1w = new short[2 * hidden];
        for (int i = 0; i < l1w.length; i++) {
            l1w[i] = (short) random.nextInt(-127, 128);
        }
        return new Network(hidden, l0w, l0b, l1w, (short) 0);
    }

    @Test
    void aNetworkFileSwitchesTheNetworkOnAndBadFilesChangeNothing() throws IOException {
        Network net = randomNetwork(32);
        Path good = dir.resolve("mine.nnue");
        NetworkFile.write(good, net);
        byte[] bytes = Files.readAllBytes(good);
        Path truncated = dir.resolve("truncated.nnue"), header = dir.resolve("header.nnue");
        Path wrongSize = dir.resolve("wrong-size.nnue"), text = dir.resolve("text.nnue");
        Files.write(truncated, Arrays.copyOf(bytes, bytes.length / 2));
        byte[] otherMagic = bytes.clone();
        otherMagic[0] = 'X';
        Files.write(header, otherMagic); // no header: read as a bullet net, whose size no width gives
        Files.write(wrongSize, Arrays.copyOf(bytes, bytes.length + 64));
        Files.writeString(text, "HZNN but not a network at all, one two three\n");
        String fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        List<String> out = transcript("uci", "position fen " + fen,
                "setoption name EvalFile value " + good, "eval",
                "setoption name EvalFile value " + truncated, "eval",
                "setoption name EvalFile value " + header,
                "setoption name EvalFile value " + wrongSize,
                "setoption name EvalFile value " + text,
                "go depth 3", "eval",
                "setoption name UseNNUE value false", "eval",
                "setoption name UseNNUE value maybe",
                "setoption name EvalFile value " + truncated, "eval", "isready");
        String all = String.join("\n", out);
        assertTrue(out.contains("option name UseNNUE type check default " + Engine.NETWORK_BY_DEFAULT), all);
        assertTrue(out.contains("info string EvalFile: loaded network 768->32x2->1 SCReLU from " + good
                + "; UseNNUE is on"), all);
        String expected = String.format("NNUE evaluation: %+.2f (White's view), %d cp for the side to move",
                net.evaluate(horizon.board.Position.fromFen(fen)) / 100.0,
                net.evaluate(horizon.board.Position.fromFen(fen)));
        List<String> scores = out.stream().filter(l -> l.startsWith("NNUE evaluation:")).collect(Collectors.toList());
        assertEquals(List.of(expected, expected, expected), scores, "bad files leave the network in force");
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string EvalFile " + truncated + " not loaded (truncated")),
                all);
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string EvalFile " + header + " not loaded (neither")),
                all);
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string EvalFile " + wrongSize
                + " not loaded (too long")), all);
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string EvalFile " + text + " not loaded (")), all);
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string EvalFile " + header + " not loaded (")
                && l.endsWith("); keeping the network 768->32x2->1 SCReLU")), all);
        assertTrue(out.stream().anyMatch(l -> l.startsWith("bestmove ")), all);
        assertTrue(out.stream().anyMatch(l -> l.startsWith("NNUE derived piece values")), all);
        assertTrue(out.contains("info string the linear evaluation plays (weights '"
                + horizon.eval.Weights.builtIn().name + "')"), all);
        assertTrue(out.contains("info string UseNNUE takes true or false, not 'maybe'"), all);
        // After UseNNUE false the linear report again, also after a bad network file.
        long linearReports = out.stream().filter(l -> l.startsWith("Total ")).count();
        assertEquals(2, linearReports, all);
        assertTrue(out.contains("readyok"), all);
    }

    @Test
    void withoutANetworkUseNnueSaysHowToGetOne() throws IOException {
        List<String> out = transcript("setoption name UseNNUE value true", "isready");
        if (Network.builtIn() == null) {
            assertTrue(out.contains("info string UseNNUE: this build has no built-in network; set EvalFile to a "
                    + ".nnue file"), String.join("\n", out));
        } else {
            assertTrue(out.stream().anyMatch(l -> l.startsWith("info string the network evaluates (768->")),
                    String.join("\n", out));
        }
    }

    @Test
    void useNnuePlaysTheBuiltInNetworkAndEvalFileBuiltInGoesBackToTheDefault(@TempDir Path dir)
            throws IOException {
        Path weights = dir.resolve("shipped.weights");
        Files.writeString(weights, horizon.eval.WeightsFile.format(horizon.eval.Weights.builtIn(), List.of()));
        List<String> out = transcript("eval", "setoption name UseNNUE value true", "eval",
                "setoption name EvalFile value " + weights, "eval",
                "setoption name EvalFile value <built-in>", "eval", "setoption name UseNNUE value false", "eval",
                "isready");
        String all = String.join("\n", out);
        List<String> reports = out.stream().filter(l -> l.startsWith("NNUE evaluation:") || l.startsWith("Total "))
                .map(l -> l.startsWith("NNUE") ? "network" : "linear").collect(Collectors.toList());
        String byDefault = Engine.NETWORK_BY_DEFAULT ? "network" : "linear";
        assertEquals(List.of(byDefault, "network", "linear", byDefault, "linear"), reports, all);
        assertTrue(out.contains("info string the network evaluates (" + Network.builtIn().architecture() + ")"),
                all);
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string EvalFile: built-in weights '"
                + horizon.eval.Weights.builtIn().name + "'")), all);
    }
}
