package horizon.uci;

import static horizon.uci.UciLoopTest.transcript;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SyzygyPath and its companions through the protocol: tbhits, tablebase scores, bad folders. */
class SyzygyUciTest {
    private static final String TABLES = Path.of("src", "test", "resources", "syzygy").toAbsolutePath().toString();
    private static final Pattern TBHITS = Pattern.compile(" tbhits (\\d+) ");

    private static long lastTbHits(List<String> out) {
        long hits = -1;
        for (String line : out) {
            Matcher m = TBHITS.matcher(line);
            if (line.startsWith("info depth") && m.find()) {
                hits = Long.parseLong(m.group(1));
            }
        }
        return hits;
    }

    private static String lastInfo(List<String> out) {
        return out.stream().filter(l -> l.startsWith("info depth") && l.contains(" pv ")).reduce((a, b) -> b)
                .orElse("");
    }

    @Test
    void optionsAreAnnounced() throws IOException {
        List<String> out = transcript("uci", "quit");
        assertTrue(out.contains("option name SyzygyPath type string default <empty>"), out.toString());
        assertTrue(out.contains("option name SyzygyProbeDepth type spin default 1 min 1 max 100"), out.toString());
        assertTrue(out.contains("option name Syzygy50MoveRule type check default true"), out.toString());
        assertTrue(out.contains("option name SyzygyProbeLimit type spin default 7 min 0 max 7"), out.toString());
    }

    @Test
    void aWonEndingIsScoredAsATablebaseWinWithTbhits() throws IOException {
        List<String> out = transcript("setoption name SyzygyPath value " + TABLES,
                "position fen 8/8/8/3k4/8/8/8/R3K3 w - - 0 1", "go depth 8", "isready");
        assertTrue(out.contains("info string SyzygyPath: 17 tables, up to 4 pieces"), out.toString());
        String info = lastInfo(out);
        assertTrue(info.matches(".* score (cp 19\\d\\d\\d|mate \\d+) .*"), info);
        assertTrue(lastTbHits(out) > 0, info);
        assertEquals(1, out.stream().filter(l -> l.startsWith("bestmove ")).count(), out.toString());
    }

    @Test
    void aDrawnEndingIsScoredAsADraw() throws IOException {
        // KR v KR with nothing en prise: a table draw, whatever the evaluation thinks of the king placement
        List<String> out = transcript("setoption name SyzygyPath value " + TABLES,
                "position fen 8/3r4/3k4/8/8/3K4/8/R7 w - - 0 1", "go depth 8", "isready");
        String info = lastInfo(out);
        assertTrue(info.contains(" score cp 0 "), info);
    }

    @Test
    void probeLimitZeroAndAnEmptyPathSwitchProbingOff() throws IOException {
        List<String> out = transcript("setoption name SyzygyPath value " + TABLES,
                "setoption name SyzygyProbeLimit value 0",
                "position fen 8/8/8/3k4/8/8/8/R3K3 w - - 0 1", "go depth 6", "isready");
        assertEquals(0, lastTbHits(out), lastInfo(out));
        out = transcript("setoption name SyzygyPath value " + TABLES, "setoption name SyzygyPath value <empty>",
                "position fen 8/8/8/3k4/8/8/8/R3K3 w - - 0 1", "go depth 6", "isready");
        assertTrue(out.contains("info string SyzygyPath: no tablebases"), out.toString());
        assertEquals(0, lastTbHits(out), lastInfo(out));
    }

    @Test
    void aMissingFolderIsReportedAndTheEnginePlaysOn(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("nowhere");
        List<String> out = transcript("setoption name SyzygyPath value " + missing,
                "setoption name SyzygyProbeDepth value 0",
                "position fen 8/8/8/3k4/8/8/8/R3K3 w - - 0 1", "go depth 5", "isready");
        List<String> notes = out.stream().filter(l -> l.startsWith("info string SyzygyPath")).collect(Collectors.toList());
        assertTrue(notes.stream().anyMatch(l -> l.contains(missing.toString())), notes.toString());
        assertTrue(notes.contains("info string SyzygyPath: no usable tables found in " + missing
                + "; playing without tablebases"), notes.toString());
        assertTrue(out.contains("info string SyzygyProbeDepth must be between 1 and 100, not 0"), out.toString());
        assertEquals(1, out.stream().filter(l -> l.startsWith("bestmove ")).count(), out.toString());
        assertTrue(out.contains("readyok"));
    }
}
