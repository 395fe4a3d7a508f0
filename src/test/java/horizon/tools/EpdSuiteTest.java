package horizon.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Position;
import horizon.board.UciMove;
import horizon.io.EpdFile;
import horizon.io.EpdRecord;
import horizon.testing.ConsoleCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

class EpdSuiteTest {
    /** Back-rank mate in one: Ra8#. */
    private static final String MATE_IN_1 = "6k1/5ppp/8/8/8/8/8/R5K1 w - -";
    /** Mate in two with doubled rooks: 1.Re8+ Rxe8 2.Rxe8#. */
    private static final String MATE_IN_2 = "r5k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - -";

    @TempDir
    Path dir;

    private static SuitePosition task(String line) {
        return SuitePosition.of(new EpdFile.Line(1, EpdRecord.parse(line)));
    }

    private static int move(String fen, String uci) {
        return UciMove.parse(Position.fromFen(fen + " 0 1"), uci, false);
    }

    @Test
    void readsTheOpcodesOfPublicSuites() {
        SuitePosition wac = task("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";");
        assertEquals("WAC.001", wac.id());
        assertEquals("WAC", wac.theme());
        assertEquals("bm Qg6", wac.expected());
        String fen = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -";
        assertTrue(wac.isSolvedBy(move(fen, "g3g6"), 0));
        assertFalse(wac.isSolvedBy(move(fen, "f6e8"), 0));

        // Several best moves, separated by spaces or commas, with decorations.
        SuitePosition two = task(MATE_IN_1 + " bm Ra8#, Kf1!?; id \"x 7\";");
        assertEquals("x", two.theme());
        assertTrue(two.isSolvedBy(move(MATE_IN_1, "a1a8"), 1));
        assertTrue(two.isSolvedBy(move(MATE_IN_1, "g1f1"), 0));

        SuitePosition avoid = task(MATE_IN_1 + " am Kf1; id \"avoid.1\";");
        assertFalse(avoid.isSolvedBy(move(MATE_IN_1, "g1f1"), 0));
        assertTrue(avoid.isSolvedBy(move(MATE_IN_1, "a1a2"), 0));

        SuitePosition mate = task(MATE_IN_2 + " bm Re8+; dm 2; id \"mates.002\";");
        assertEquals(2, mate.mateIn());
        assertTrue(mate.isSolvedBy(move(MATE_IN_2, "e2e8"), 2));
        assertFalse(mate.isSolvedBy(move(MATE_IN_2, "e2e8"), 0), "a mate suite needs the mate score too");
        assertFalse(mate.isSolvedBy(move(MATE_IN_2, "e2e8"), 3), "mate in 3 is not mate in 2");
    }

    @Test
    void readsStrategicTestSuitePoints() {
        SuitePosition c0 = task(MATE_IN_1 + " bm Ra8#; c0 \"Ra8=10, Ra7=3, Kf1=1\"; id \"STS Mate.001\";");
        assertEquals("STS Mate", c0.theme());
        assertEquals(10, c0.maxPoints());
        assertEquals(3, c0.pointsFor(move(MATE_IN_1, "a1a7")));
        assertEquals(0, c0.pointsFor(move(MATE_IN_1, "a1a2")));

        SuitePosition c7 = task(MATE_IN_1 + " c7 \"Ra8 Ra7\"; c8 \"10 4\"; id \"STS Mate.002\";");
        assertEquals(4, c7.pointsFor(move(MATE_IN_1, "a1a7")));
        assertTrue(c7.isSolvedBy(move(MATE_IN_1, "a1a8"), 1));
        assertFalse(c7.isSolvedBy(move(MATE_IN_1, "a1a7"), 0), "solved means full points");

        SuitePosition c9 = task(MATE_IN_1 + " c9 \"a1a8 a1a7\"; c8 \"10 4\";");
        assertEquals(10, c9.pointsFor(move(MATE_IN_1, "a1a8")));
    }

    @Test
    void rejectsWhatCannotBeTested() {
        IllegalArgumentException illegal = assertThrows(IllegalArgumentException.class,
                () -> task(MATE_IN_1 + " bm Qh7; id \"bad\";"));
        assertTrue(illegal.getMessage().contains("Qh7"), illegal.getMessage());
        assertThrows(IllegalArgumentException.class, () -> task(MATE_IN_1 + " id \"nothing\";"));
        assertThrows(IllegalArgumentException.class, () -> task("8/8/8/8/8/8/8/8 w - - bm e4;"));
        assertThrows(IllegalArgumentException.class, () -> task(MATE_IN_1 + " c7 \"Ra8 Ra7\"; c8 \"10\";"));
        assertThrows(IllegalArgumentException.class, () -> task(MATE_IN_1 + " dm x;"));
    }

    @Test
    void malformedLinesAreReportedWithTheirNumberAndSkipped() throws IOException {
        Path file = dir.resolve("mixed.epd");
        Files.writeString(file, String.join("\n",
                "# a comment",
                MATE_IN_1 + " bm Ra8#; id \"good.1\";",
                "rnbqkbnr/pppppppp w",
                "",
                MATE_IN_1 + " bm Ra8; id \"good.2\"; c0 \"unterminated;"));
        List<String> problems = new ArrayList<>();
        List<EpdFile.Line> lines = EpdFile.read(file, problems::add);
        assertEquals(1, lines.size());
        assertEquals(2, lines.get(0).number());
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("mixed.epd:3:"), problems.get(0));
        assertTrue(problems.get(1).startsWith("mixed.epd:5:"), problems.get(1));
    }

    /** One search thread per position, or a Lazy SMP pair (epd --search-threads 2): the same verdicts. */
    @ParameterizedTest(name = "search threads {0}")
    @ValueSource(ints = {1, 2})
    void runnerJudgesSearchedAndPerftPositions(int searchThreads) throws InterruptedException {
        List<SuitePosition> suite = List.of(
                task(MATE_IN_1 + " bm Ra8#; dm 1; id \"m.1\";"),
                task(MATE_IN_2 + " bm Re8+; dm 2; id \"m.2\";"),
                task(MATE_IN_1 + " am Ra8; id \"wrong.1\";"),
                task("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902"),
                task("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401"));
        List<EpdRunner.Result> results = new ArrayList<>();
        new EpdRunner(new EpdRunner.Limit(0, 6, 0), 4, searchThreads).run(suite, 2, r -> {
            synchronized (results) {
                results.add(r);
            }
        });
        assertEquals(5, results.size());
        for (EpdRunner.Result r : results) {
            switch (r.position().id()) {
                case "m.1" -> {
                    assertTrue(r.solved());
                    assertEquals("Ra8#", r.found());
                    assertEquals("mate 1", r.score());
                    assertTrue(r.foundAtDepth() >= 1 && r.foundAtMs() >= 0);
                }
                case "m.2" -> {
                    assertTrue(r.solved(), r.toString());
                    assertEquals("mate 2", r.score());
                }
                case "wrong.1" -> assertFalse(r.solved(), "the engine mates; this suite says avoid it");
                default -> {
                    if (r.position().perftCounts().get(2) == 400L) {
                        assertTrue(r.solved());
                        assertEquals("perft D1-D3 ok", r.found());
                        assertEquals(20 + 400 + 8902, r.nodes());
                    } else {
                        assertFalse(r.solved());
                        assertEquals("D2 400 != 401", r.found());
                    }
                }
            }
        }
    }

    @Test
    void commandPrintsOneLinePerPositionASummaryAndACsvReport() throws IOException {
        Path suite = dir.resolve("s.epd");
        Files.writeString(suite, MATE_IN_1 + " bm Ra8#; id \"S.1\";\n"
                + MATE_IN_2 + " bm Re8+; id \"S.2\";\n"
                + MATE_IN_1 + " bm Nf3; id \"S.3\";\n"
                + MATE_IN_1 + " c0 \"Ra8=10, Ra7=2\"; id \"T.1\";\n");
        Path csv = dir.resolve("r.csv");
        ConsoleCapture.Captured run = ConsoleCapture.run(() -> new CommandLine(new EpdCommand()).execute(
                suite.toString(), "--depth", "5", "--report", csv.toString()));
        String text = run.out();
        assertEquals(0, run.exit(), run.both());
        assertTrue(run.err().contains("s.epd:3: bm move 'Nf3' is not a legal move"), run.err());
        List<String> rows = text.lines().filter(l -> !l.startsWith("#")).collect(Collectors.toList());
        assertTrue(rows.get(0).startsWith("S.1") && rows.get(0).contains("solved"), rows.get(0));
        assertTrue(rows.get(1).startsWith("S.2") && rows.get(1).contains("Re8+"), rows.get(1));
        assertTrue(rows.get(2).startsWith("T.1") && rows.get(2).contains("10/10"), rows.get(2));
        assertTrue(text.contains("# theme S "), text);
        assertTrue(text.contains("Solved 3 of 3 (100.0%), points 10 of 10 (100.0%)"), text);
        List<String> report = Files.readAllLines(csv);
        assertEquals(4, report.size());
        assertTrue(report.get(1).startsWith("1,S.1,S,bm Ra8#,Ra8#,true,"), report.get(1));
    }
}
