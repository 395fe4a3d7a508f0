package horizon.tune.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.Main;
import horizon.testing.ConsoleCapture;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command lines of the data tools: a whole run through datagen --format bin, datastats and dataconvert, and a
 * bad argument or unusable file answered with one line and exit code 2.
 */
class DataCommandsTest {
    @TempDir
    Path dir;

    private static ConsoleCapture.Captured run(Callable<?> command, String... args) {
        return ConsoleCapture.run(() -> Main.commandLine(command).execute(args));
    }

    private static void assertOneLineError(ConsoleCapture.Captured run, String expected) {
        assertEquals(2, run.exit(), run.both());
        assertEquals(1, run.err().lines().count(), "one line: " + run.err());
        assertTrue(run.err().contains(expected), run.err());
        assertTrue(!run.both().contains("Exception") && !run.both().contains("\tat "), run.both());
    }

    @Test
    void datagenWritesRecordsThatStatsReadsAndConvertMatches() throws Exception {
        Path out = dir.resolve("self.bin");
        ConsoleCapture.Captured datagen = run(new DatagenCommand(), "--format", "bin", "--games", "2", "--nodes",
                "300", "--hash", "1", "--threads", "2", "--out", out.toString());
        assertEquals(0, datagen.exit(), datagen.both());
        assertTrue(datagen.err().contains("positions/s"), datagen.err());
        long records = Files.size(out) / TrainingRecord.BYTES;
        assertTrue(records > 0 && Files.size(out) % TrainingRecord.BYTES == 0);

        ConsoleCapture.Captured stats = run(new DataStatsCommand(), out.toString());
        assertEquals(0, stats.exit(), stats.both());
        assertTrue(stats.out().contains("positions      " + records + "\n"), stats.out());

        Path epd = dir.resolve("in.epd");
        Files.write(epd, List.of("4k3/8/8/8/8/8/4P3/4K3 w - - ce 250; c9 \"1/2-1/2\";"));
        ConsoleCapture.Captured convert = run(new DataConvertCommand(), epd.toString(), "--out",
                dir.resolve("epd.bin").toString());
        assertEquals(0, convert.exit(), convert.both());
        assertTrue(convert.out().startsWith("dataconvert: 1 positions of 1 lines"), convert.out());
        assertEquals(TrainingRecord.BYTES, Files.size(dir.resolve("epd.bin")));

        Path walked = dir.resolve("walks.bin");
        ConsoleCapture.Captured walk = run(new DataWalkCommand(), out.toString(), "--out", walked.toString(),
                "--walks", "2", "--threads", "2");
        assertEquals(0, walk.exit(), walk.both());
        long written = Files.size(walked) / TrainingRecord.BYTES;
        assertTrue(walk.out().startsWith("datawalk: " + written + " records written"), walk.out());
        assertTrue(walk.out().contains("from " + 2 * records + " walks of " + records + " source records"),
                walk.out());
    }

    @Test
    void badArgumentsAndFilesGetOneLineAndExitCodeTwo() throws Exception {
        String out = dir.resolve("x.bin").toString();
        String missing = dir.resolve("missing").toString();
        assertOneLineError(run(new DataStatsCommand(), missing), "cannot read");
        assertOneLineError(run(new DataStatsCommand(), dir.toString()), "cannot read");
        assertOneLineError(run(new DataConvertCommand(), missing, "--out", out), "cannot read");
        Path epd = dir.resolve("in.epd");
        Files.write(epd, List.of("4k3/8/8/8/8/8/4P3/4K3 w - - ce 250; c9 \"1/2-1/2\";"));
        assertOneLineError(run(new DataConvertCommand(), epd.toString(), "--out", missing + "/x.bin"),
                "no such file");
        assertOneLineError(run(new DatagenCommand(), "--format", "bin", "--games", "0", "--out", out),
                "positive numbers");
        assertOneLineError(run(new DatagenCommand(), "--format", "csv", "--games", "1", "--out", out), "epd or bin");
        assertOneLineError(run(new DatagenCommand(), "--format", "bin", "--engine", "stockfish", "--games", "1",
                "--out", out), "Horizon's self-play");
        assertOneLineError(run(new DatagenCommand(), "--format", "bin", "--games", "1", "--out", out,
                "--openings", missing), "cannot read");
        assertOneLineError(run(new DatagenCommand(), "--format", "bin", "--games", "1", "--out", out,
                "--weights", missing), "missing");
        assertOneLineError(run(new DatagenCommand(), "--format", "bin", "--games", "1", "--out", missing + "/x.bin"),
                "no such file");
        assertOneLineError(run(new DataWalkCommand(), missing, "--out", out), "cannot read");
        Path records = Files.write(dir.resolve("r.bin"), new byte[TrainingRecord.BYTES]);
        assertOneLineError(run(new DataWalkCommand(), records.toString(), "--out", records.toString()),
                "is one of the inputs");
        assertOneLineError(run(new DataWalkCommand(), records.toString(), "--out", out, "--walks", "0"), "--walks");
        assertOneLineError(run(new DataWalkCommand(), records.toString(), "--out", out, "--weights", missing),
                "missing: no such file");
        ConsoleCapture.Captured damaged = run(new DataWalkCommand(), records.toString(), "--out", out);
        assertEquals(0, damaged.exit(), "a record that is no position is skipped: " + damaged.both());
        assertTrue(damaged.out().startsWith("datawalk: 0 records written"), damaged.out());
        Path progress = DatagenProgress.of(dir.resolve("y.bin"));
        Files.write(progress, List.of("length what"));
        assertOneLineError(run(new DatagenCommand(), "--format", "bin", "--games", "1", "--out",
                dir.resolve("y.bin").toString()), "y.bin.progress line 1");
        Files.write(progress, new byte[] {'l', 0, (byte) 0xFF, 1, 2});
        assertOneLineError(run(new DatagenCommand(), "--format", "bin", "--games", "1", "--out",
                dir.resolve("y.bin").toString()), "y.bin.progress: not the text this file should hold");
        assertOneLineError(run(new DatagenCommand(), "--engine", "horizon", "--games", "1", "--out",
                dir.resolve("y.bin").toString()), "y.bin.progress: not the text this file should hold");
    }
}
