package horizon.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.engine.Engine;
import horizon.testing.PomVersion;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Transcripts through in-memory streams: commands in, exact lines out. */
class UciLoopTest {
    static List<String> transcript(String... commands) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String input = String.join("\n", commands) + "\n";
        new UciLoop(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(bytes, true, StandardCharsets.UTF_8)).run();
        return Arrays.asList(bytes.toString(StandardCharsets.UTF_8).split("\\R", -1));
    }

    private static String fenLine(List<String> lines) {
        return lines.stream().filter(l -> l.startsWith("Fen: ")).reduce((a, b) -> b).orElse("");
    }

    @Test
    void handshake() throws IOException {
        List<String> out = transcript("uci", "isready", "quit");
        assertEquals("id name Horizon " + PomVersion.read(), out.get(0));
        assertTrue(out.contains("uciok"));
        assertTrue(out.indexOf("readyok") > out.indexOf("uciok"));
    }

    @Test
    void goPerftPrintsStockfishLayout() throws IOException {
        List<String> out = transcript("position startpos", "go perft 2");
        List<String> moves = out.stream().filter(l -> l.matches("[a-h][1-8][a-h][1-8]: \\d+")).collect(Collectors.toList());
        assertEquals(20, moves.size());
        assertTrue(moves.contains("e2e4: 20"));
        int total = out.indexOf("Nodes searched: 400");
        assertTrue(total > 0, out.toString());
        assertEquals("", out.get(total - 1), "a blank line before the total");
    }

    @Test
    void positionWithMovesAndDisplay() throws IOException {
        List<String> out = transcript("position startpos moves e2e4 e7e5 g1f3", "d");
        assertEquals("Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", fenLine(out));
    }

    @Test
    void illegalMoveKeepsThePreviousPosition() throws IOException {
        List<String> out = transcript("position startpos moves e2e4", "position startpos moves e2e4 e7e4", "d");
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string illegal move 'e7e4'")), out.toString());
        assertEquals("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", fenLine(out));
    }

    @Test
    void malformedFenIsExplainedAndIgnored() throws IOException {
        List<String> out = transcript("position startpos moves d2d4", "position fen 8/8/8 w - - 0 1", "d");
        assertTrue(out.stream().anyMatch(l -> l.equals("info string bad FEN: piece placement has 3 ranks, expected 8")),
                out.toString());
        assertEquals("Fen: rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", fenLine(out));
    }

    @Test
    void unknownInputGetsAnInfoStringAndTheEngineKeepsAnswering() throws IOException {
        List<String> out = transcript("xyzzy", "setoption name NoSuchOption value 3", "go perft banana",
                "setoption name UCI_Chess960 value maybe", "setoption name Syzygy50MoveRule value maybe", "position",
                "isready");
        assertTrue(out.contains("info string unknown command 'xyzzy'"), out.toString());
        assertTrue(out.contains("info string unknown option 'NoSuchOption'"), out.toString());
        assertTrue(out.contains("info string perft needs a depth from 1 to 20"), out.toString());
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string UCI_Chess960 takes true or false")));
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string Syzygy50MoveRule takes true or false")));
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string position needs")));
        assertEquals("readyok", out.get(out.size() - 2));
    }

    @Test
    void tunableConstantsAreOptionsOnlyWhenAskedFor() throws IOException {
        List<String> plain = transcript("uci", "setoption name RfpMargin value 90", "isready");
        assertTrue(plain.stream().noneMatch(l -> l.startsWith("option name RfpMargin")), "a GUI's list stays short");
        assertTrue(plain.contains("info string unknown option 'RfpMargin'"), plain.toString());
        assertEquals(horizon.search.Tunables.RFP_MARGIN.defaultValue, horizon.search.Tunables.RFP_MARGIN.get());

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String input = "uci\nsetoption name RfpMargin value 9000\nsetoption name rfpmargin value 90\nisready\n";
        try {
            new UciLoop(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                    new PrintStream(bytes, true, StandardCharsets.UTF_8)).withTunableOptions(true).run();
            List<String> out = Arrays.asList(bytes.toString(StandardCharsets.UTF_8).split("\\R", -1));
            String rfpMargin = "option name RfpMargin type spin default "
                    + horizon.search.Tunables.RFP_MARGIN.defaultValue + " min 40 max 160";
            assertTrue(out.contains(rfpMargin), out.toString());
            assertTrue(out.contains("option name EvalMaterial type spin default 100 min 50 max 150"), out.toString());
            assertTrue(out.indexOf("uciok") > out.indexOf(rfpMargin));
            assertTrue(out.contains("info string RfpMargin must be between 40 and 160, not 9000"), out.toString());
            assertEquals(90, horizon.search.Tunables.RFP_MARGIN.get());
            assertEquals("readyok", out.get(out.size() - 2));
        } finally {
            horizon.search.Tunables.resetAll();
        }
    }

    @Test
    void uciEloOutsideTheRangePlaysTheNearestWithAWord() throws IOException {
        List<String> out = transcript("setoption name UCI_Elo value 400", "setoption name UCI_Elo value 9999",
                "setoption name UCI_Elo value strong", "isready");
        int min = horizon.search.StrengthLimit.MIN_ELO, max = horizon.search.StrengthLimit.MAX_ELO;
        assertTrue(out.contains("info string UCI_Elo 400 is outside the calibrated " + min + "-" + max
                + "; playing at " + min), out.toString());
        assertTrue(out.contains("info string UCI_Elo 9999 is outside the calibrated " + min + "-" + max
                + "; playing at " + max), out.toString());
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string UCI_Elo needs a number")), out.toString());
        assertEquals("readyok", out.get(out.size() - 2));
    }

    @Test
    void chess960CastlingInBothNotations() throws IOException {
        String standardFen = "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        List<String> standard = transcript(standardFen, "go perft 1");
        assertTrue(standard.contains("e1g1: 1") && standard.contains("e1c1: 1"), "king-to-target: " + standard);
        List<String> chess960 = transcript("setoption name UCI_Chess960 value true", standardFen, "go perft 1");
        assertTrue(chess960.contains("e1h1: 1") && chess960.contains("e1a1: 1"), "king-takes-rook: " + chess960);
        // A Chess960 start where the king (b1) castles with the rook beside it (a1).
        List<String> played = transcript("setoption name UCI_Chess960 value true",
                "position fen r5kr/8/8/8/8/8/8/RK5R w AHah - 0 1 moves b1a1", "d");
        assertEquals("Fen: r5kr/8/8/8/8/8/8/2KR3R b ha - 1 1", fenLine(played));
    }

    @Test
    void evalFileLoadsUserWeightsAndRefusesABrokenFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws IOException {
        java.nio.file.Path good = dir.resolve("mine.weights"), bad = dir.resolve("broken.weights");
        java.nio.file.Files.writeString(good, "horizon-weights 2\nname mine\nmaterial P 100 100\nmaterial Q 2000 2000\n");
        java.nio.file.Files.writeString(bad, "horizon-weights 2\nname broken\nterm passed 1 2\n");
        List<String> out = transcript("uci", "position fen 4k3/p7/8/8/8/8/8/3QK3 w - - 0 1",
                "setoption name EvalFile value " + good, "eval",
                "setoption name EvalFile value " + bad, "eval",
                "setoption name EvalFile value " + dir.resolve("missing.weights"),
                "setoption name EvalFile value <built-in>", "eval", "isready");
        assertTrue(out.contains("option name EvalFile type string default <built-in>"), out.toString());
        assertTrue(out.stream().anyMatch(l -> l.equals("info string EvalFile: loaded weights 'mine' from " + good)));
        List<String> totals = out.stream().filter(l -> l.startsWith("Total ")).collect(Collectors.toList());
        // The last eval, after <built-in>, shows what plays as shipped: the built-in net's board, or the built-in
        // weights' table.
        assertEquals(Engine.NETWORK_BY_DEFAULT ? 2 : 3, totals.size(), out.toString());
        assertTrue(totals.get(0).contains("1900 cp (White's view)") && totals.get(0).contains("'mine'"), totals.get(0));
        assertEquals(totals.get(0), totals.get(1), "a broken file leaves the weights as they were");
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string EvalFile " + bad + " not loaded (line 3:")),
                out.toString());
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string EvalFile " + dir.resolve("missing.weights")
                + " not loaded (no such file)")), out.toString());
        assertTrue(out.contains("info string EvalFile " + dir.resolve("missing.weights")
                + " not loaded (no such file); keeping the linear evaluation (weights 'mine')"), out.toString());
        if (Engine.NETWORK_BY_DEFAULT) {
            assertTrue(out.stream().anyMatch(l -> l.startsWith("NNUE evaluation:")), out.toString());
        } else {
            assertTrue(!totals.get(2).contains("'mine'"), totals.get(2));
        }
        assertTrue(out.contains("readyok"));
    }
}
