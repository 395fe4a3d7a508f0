package horizon.tune.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.io.RunLock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The EPD datagen stopped and run again, as the binary one: the same command completes a killed run into the lines
 * of an uninterrupted one, a torn last line is cut, another plan is refused by name, and one run at a time.
 */
class DataGeneratorTest {
    private static final int GAMES = 4;

    @TempDir
    Path dir;

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    private DataGenerator.Options options(Path out, int games, int threads) {
        DataGenerator.Options options = new DataGenerator.Options();
        options.out = out;
        options.games = games;
        options.threads = threads;
        options.nodes = 500;
        options.hashMb = 2;
        options.seed = 92;
        return options;
    }

    private long run(DataGenerator.Options options) throws Exception {
        return new DataGenerator(options).run(new PrintStream(log, true, StandardCharsets.UTF_8));
    }

    /** The file's lines, sorted: what a run wrote, whatever the order its threads finished the games in. */
    private static List<String> lines(Path file) throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(file));
        lines.sort(null);
        return lines;
    }

    @Test
    void theSameCommandCompletesAStoppedRunIntoTheLinesOfAnUninterruptedOne() throws Exception {
        Path full = dir.resolve("full.epd");
        run(options(full, GAMES, 1));
        List<String> expected = lines(full);
        assertTrue(expected.size() > 4 * GAMES, expected.size() + " positions");

        Path resumed = dir.resolve("resumed.epd");
        run(options(resumed, 2, 2));
        assertEquals(2, DatagenProgress.read(DatagenProgress.of(resumed), 1).doneCount(92));
        run(options(resumed, GAMES, 2));
        assertTrue(log.toString().contains("2 of seed 92's 4 games to play"), log.toString());
        assertEquals(expected, lines(resumed));

        // Killed inside a write: a half line after the last game the sidecar counts is cut, and nothing is played.
        long length = Files.size(resumed);
        Files.writeString(resumed, "rnbqkbnr/pppp", StandardOpenOption.APPEND);
        log.reset();
        assertEquals(0, run(options(resumed, GAMES, 1)));
        assertEquals(length, Files.size(resumed));
        assertEquals(expected, lines(resumed));
        assertTrue(log.toString().contains("cut 13 bytes") && log.toString().contains("holds all 4 games of seed 92"),
                log.toString());
    }

    @Test
    void anotherPlanALineNoSidecarCountsAndASecondRunAreRefused() throws Exception {
        Path out = dir.resolve("data.epd");
        run(options(out, 1, 1));
        byte[] before = Files.readAllBytes(out);
        DataGenerator.Options other = options(out, 2, 1);
        other.nodes = 600;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run(other));
        assertEquals("--nodes differs: seed 92 of " + out + " has 500, this command 600; use the same settings to go"
                + " on, or another --seed", e.getMessage());

        try (RunLock first = RunLock.forOutput(out, "datagen", System.err)) {
            e = assertThrows(IllegalArgumentException.class, () -> run(options(out, 2, 1)));
            assertTrue(e.getMessage().contains("held by a run still going, pid " + ProcessHandle.current().pid()),
                    e.getMessage());
        }

        Files.delete(DatagenProgress.of(out));
        e = assertThrows(IllegalArgumentException.class, () -> run(options(out, 2, 1)));
        assertTrue(e.getMessage().contains("that no data.epd.progress counts"), e.getMessage());
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(out)), "the file is left as it was");
    }
}
