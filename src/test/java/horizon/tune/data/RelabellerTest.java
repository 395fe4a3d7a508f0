package horizon.tune.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.eval.Weights;
import horizon.testing.Stockfish;
import horizon.tune.fit.texel.TrainingSet;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scoring a labelled file again with Stockfish: new scores, kept results, dropped lines as comments, resume. */
class RelabellerTest {
    @TempDir
    Path dir;

    private static final String QUEEN_UP = "4k3/ppp5/8/8/8/8/PPPQ4/4K3 w - - ce 0; c9 \"1-0\";";
    private static final String NO_SCORE = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 \"1/2-1/2\";";
    private static final String MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - ce 900; c9 \"1-0\";";
    private static final String BLACK_QUEEN_UP = "4k3/pppq4/8/8/8/8/PPP5/4K3 w - - ce 25; c9 \"0-1\";";

    private Relabeller.Summary relabel(Path in, Path out, boolean resume, int threads) throws Exception {
        return relabel(in, out, resume, threads, 1);
    }

    private Relabeller.Summary relabel(Path in, Path out, boolean resume, int threads, int chunk) throws Exception {
        Relabeller.Options options = new Relabeller.Options();
        options.in = in;
        options.out = out;
        options.engine = Stockfish.path();
        options.nodes = 2000;
        options.hashMb = 2;
        options.threads = threads;
        options.chunk = chunk;
        options.resume = resume;
        return new Relabeller(options).run(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    @Tag("oracle")
    @Test
    void everyPositionGetsTheJudgesScoreAndKeepsItsResult() throws Exception {
        Path in = dir.resolve("in.epd");
        Files.write(in, List.of(QUEEN_UP, NO_SCORE, MATE_IN_ONE, "not a position c9 \"1-0\";", BLACK_QUEEN_UP));
        Path out = dir.resolve("out.epd");
        Relabeller.Summary summary = relabel(in, out, false, 2);
        List<String> lines = Files.readAllLines(out);
        assertEquals(5, lines.size(), "one output line per input line: " + lines);
        assertEquals(new Relabeller.Summary(3, 1, 1, 0), summary, String.join("\n", lines));

        assertTrue(lines.get(0).startsWith("4k3/ppp5/8/8/8/8/PPPQ4/4K3 w - - ce ") && lines.get(0).endsWith(" c9 \"1-0\";"),
                lines.get(0));
        assertTrue(score(lines.get(0)) > 200, "a queen up, from the side to move's view: " + lines.get(0));
        assertTrue(score(lines.get(4)) < -200, "a queen down for the side to move: " + lines.get(4));
        assertTrue(lines.get(1).contains(" ce ") && lines.get(1).endsWith("c9 \"1/2-1/2\";"), lines.get(1));
        assertTrue(Math.abs(score(lines.get(1))) < 100, lines.get(1));
        assertTrue(lines.get(2).startsWith("# mate score"), lines.get(2));
        assertTrue(lines.get(3).startsWith("# malformed"), lines.get(3));

        // The tuner reads the new file: the comments are skipped, the scores and results are the new and old ones.
        TrainingSet set = TrainingSet.read(List.of(out), Weights.CLASSIC, new PrintStream(new ByteArrayOutputStream()));
        assertEquals(3, set.size());
    }

    @Tag("oracle")
    @Test
    void aStoppedRunGoesOnAtTheLastWholeChunkOfItsOutput() throws Exception {
        Path in = dir.resolve("in.epd");
        Files.write(in, List.of(QUEEN_UP, NO_SCORE, BLACK_QUEEN_UP, QUEEN_UP.replace("K3 w", "K3 b"), NO_SCORE));
        Path full = dir.resolve("full.epd");
        relabel(in, full, false, 1, 2);
        List<String> expected = Files.readAllLines(full);

        // Three complete lines and a half-written fourth, as a run killed while writing leaves them: the chunks
        // are two lines, so the third line goes too, and the scores come out as those of an uninterrupted run,
        // with any number of threads.
        Path partial = dir.resolve("partial.epd");
        Files.writeString(partial, String.join("\n", expected.subList(0, 3)) + "\n" + expected.get(3).substring(0, 9));
        Relabeller.Summary summary = relabel(in, partial, true, 2, 2);
        assertEquals(2, summary.skippedByResume());
        assertEquals(3, summary.scored());
        assertEquals(expected, Files.readAllLines(partial));

        // An output longer than the input is no relabelling of it, and is left as it is.
        List<String> other = List.of("a", "b", "c", "d", "e", "f");
        Files.write(partial, other);
        assertThrows(IOException.class, () -> relabel(in, partial, true, 1, 2));
        assertEquals(other, Files.readAllLines(partial));
    }

    @Tag("oracle")
    @Test
    void theSameCommandGoesOnAndAnotherPlanIsRefusedByName() throws Exception {
        Path in = dir.resolve("in.epd");
        Files.write(in, List.of(QUEEN_UP, NO_SCORE, BLACK_QUEEN_UP, QUEEN_UP.replace("K3 w", "K3 b"), NO_SCORE));
        Path full = dir.resolve("full.epd");
        relabel(in, full, false, 1, 2);
        List<String> expected = Files.readAllLines(full);
        assertTrue(Files.readString(Relabeller.planFile(full)).contains("--nodes=2000\n"));

        // A run stopped after its first chunk, then the same command, without --resume: it goes on.
        Path out = dir.resolve("out.epd");
        relabel(in, out, false, 1, 2);
        Files.write(out, expected.subList(0, 2));
        Relabeller.Summary summary = relabel(in, out, false, 2, 2);
        assertEquals(2, summary.skippedByResume());
        assertEquals(expected, Files.readAllLines(out));

        // Another chunk size is another plan: refused by name, the output left as it is.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> relabel(in, out, false, 1, 3));
        assertEquals("--chunk differs: out.epd.plan has 2, this command 3; give the same options to go on, or "
                + "another --out", e.getMessage());
        assertEquals(expected, Files.readAllLines(out));

        // An output with no plan (an older version's) goes on only with --resume; nothing is overwritten.
        Files.delete(Relabeller.planFile(out));
        e = assertThrows(IllegalArgumentException.class, () -> relabel(in, out, false, 1, 2));
        assertTrue(e.getMessage().contains("--resume to go on after its whole chunks, or remove it"), e.getMessage());
        assertEquals(expected, Files.readAllLines(out));
    }

    @Test
    void theScoreIsReplacedOrAddedAndNothingElseChanges() {
        assertEquals("8/8/8/8/8/8/8/K1k5 w - - ce -40; c9 \"0-1\";",
                Relabeller.withScore("8/8/8/8/8/8/8/K1k5 w - - ce 12; c9 \"0-1\";", -40));
        assertEquals("8/8/8/8/8/8/8/K1k5 w - - c9 \"0-1\"; ce 7;",
                Relabeller.withScore("8/8/8/8/8/8/8/K1k5 w - - c9 \"0-1\"; ce -3;", 7));
        assertEquals("8/8/8/8/8/8/8/K1k5 b - - ce 5; c9 \"1-0\";",
                Relabeller.withScore("8/8/8/8/8/8/8/K1k5 b - - c9 \"1-0\";", 5));
        assertEquals("8/8/8/8/8/8/8/K1k5 b - - ce 5;", Relabeller.withScore("8/8/8/8/8/8/8/K1k5 b - -", 5));
    }

    private static int score(String line) {
        int at = line.indexOf(" ce ");
        return Integer.parseInt(line.substring(at + 4, line.indexOf(';', at)).trim());
    }
}
