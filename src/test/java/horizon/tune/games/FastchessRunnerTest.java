package horizon.tune.games;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.Main;
import horizon.io.ProcessGroup;
import horizon.io.RunLock;
import horizon.testing.ConsoleCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fastchess side of SPSA without fastchess: its summary parsed, and stand-in programs (shell scripts that print
 * what fastchess prints, or fail) run through the real runner and the real command.
 */
class FastchessRunnerTest {
    private static final String SUMMARY = String.join("\n",
            "Started game 1 of 4 (plus vs minus)",
            "Finished game 1 (plus vs minus): 0-1 {White loses on time (16ms overrun)}",
            "Finished game 2 (minus vs plus): 1-0 {White wins by adjudication}",
            "Results of plus vs minus (2+0.02, 1t, 16MB, uho.epd):",
            "Elo: 0.00 +/- 0.00, nElo: 0.00 +/- 0.00",
            "Games: 2, Wins: 0, Losses: 2, Draws: 0, Points: 0.0 (0.00 %)",
            "Results of plus vs minus (2+0.02, 1t, 16MB, uho.epd):",
            "Games: 4, Wins: 1, Losses: 2, Draws: 1, Points: 1.5 (37.50 %)",
            "Finished match", "");

    @Test
    void readsTheLastSummaryForTheFirstEngine() {
        GameRunner.Result r = FastchessRunner.parse(SUMMARY);
        assertEquals(new GameRunner.Result(1, 2, 1, 1), r);
        assertNull(FastchessRunner.parse("fastchess: unknown option -foo\n"));
    }

    private static Path script(Path dir, String name, String body) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        assertTrue(p.toFile().setExecutable(true));
        return p;
    }

    private static FastchessRunner runner(Path fastchess, Path dir) {
        return new FastchessRunner(new FastchessRunner.Settings(fastchess, "/bin/true", "2+0.02", 100, 16,
                dir.resolve("o.epd"), 2, dir.resolve("work")), RunLock.NONE);
    }

    @Test
    void passesBothSettingsAsOptionsAndReadsTheResult(@TempDir Path dir) throws Exception {
        Path args = dir.resolve("args.txt");
        Path fake = script(dir, "fastchess", "printf '%s\\n' \"$@\" > " + args + "\ncat <<'EOF'\n" + SUMMARY + "EOF");
        GameRunner.Result r = runner(fake, dir).play(Map.of("RfpMargin", 86), Map.of("RfpMargin", 74), 2, 42);
        assertEquals(new GameRunner.Result(1, 2, 1, 1), r);
        List<String> passed = Files.readAllLines(args);
        int plus = passed.indexOf("name=plus"), minus = passed.indexOf("name=minus");
        assertTrue(plus > 0 && minus > plus, passed.toString());
        assertEquals("option.RfpMargin=86", passed.get(plus + 1));
        assertEquals("option.RfpMargin=74", passed.get(minus + 1));
        assertTrue(passed.containsAll(List.of("-repeat", "tc=2+0.02", "option.Hash=16", "42")), passed.toString());
        assertEquals("timemargin=100", passed.get(passed.indexOf("tc=2+0.02") + 1), "after tc, which resets it");
        assertEquals("2", passed.get(passed.indexOf("-rounds") + 1));
    }

    @Test
    void aFailingOrSilentFastchessIsAnErrorWithItsOutput(@TempDir Path dir) throws Exception {
        Path failing = script(dir, "failing", "echo 'Engine plus crashed'; exit 3");
        GameRunner.GameRunnerException e = assertThrows(GameRunner.GameRunnerException.class,
                () -> runner(failing, dir).play(Map.of(), Map.of(), 1, 1));
        assertTrue(e.getMessage().contains("exited with 3") && e.getMessage().contains("Engine plus crashed"),
                e.getMessage());
        Path silent = script(dir, "silent", "echo nothing");
        e = assertThrows(GameRunner.GameRunnerException.class, () -> runner(silent, dir).play(Map.of(), Map.of(), 1, 1));
        assertTrue(e.getMessage().contains("no result"), e.getMessage());
    }

    @Test
    void locatesFastchessOrSaysHowToGetIt(@TempDir Path dir) throws IOException {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FastchessRunner.locate(dir.resolve("nowhere").toString()));
        assertTrue(e.getMessage().contains("Disservin/fastchess"), e.getMessage());
        Path fake = script(dir, "fastchess", "exit 0");
        assertEquals(fake.toAbsolutePath(), FastchessRunner.locate(fake.toString()));
    }

    /** Runs `horizon spsa ARGS`: its exit code and what it printed. */
    private static ConsoleCapture.Captured spsa(String... args) {
        return ConsoleCapture.run(() -> Main.commandLine(new SpsaCommand()).execute(args));
    }

    @Test
    void theCommandRefusesBadInputAndNeverLosesTheCheckpoint(@TempDir Path dir) throws Exception {
        Path openings = dir.resolve("o.epd");
        Files.writeString(openings, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
        Path cp = dir.resolve("cp");
        Path fake = script(dir, "fastchess", "cat <<'EOF'\n" + SUMMARY.replace("Games: 4, Wins: 1, Losses: 2, Draws: 1",
                "Games: 2, Wins: 1, Losses: 0, Draws: 1") + "EOF");
        String[] common = {"--checkpoint", cp.toString(), "--openings", openings.toString(), "--engine", "/bin/true",
            "--work", dir.resolve("work").toString(), "--games", "8", "--batch", "1"};

        ConsoleCapture.Captured run = spsa(concat(common, "--params", "RfpMargin,NoSuchThing", "--fastchess", fake.toString()));
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().contains("unknown parameter 'NoSuchThing'"), run.err());
        assertFalse(Files.exists(cp), "nothing written for a refused start");

        run = spsa(concat(common, "--params", "RfpMargin", "--start", "RfpMargin=999", "--fastchess",
                fake.toString()));
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().contains("RfpMargin takes 40 to 160, not 999"), run.err());

        run = spsa(concat(common, "--params", "RfpMargin", "--fastchess", dir.resolve("none").toString()));
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().contains("fastchess not found"), run.err());

        run = spsa(concat(common, "--params", "RfpMargin", "--step-scale", "0", "--fastchess",
                fake.toString()));
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().contains("--step-scale takes a factor above 0"), run.err());
        assertFalse(Files.exists(cp), "nothing written for a refused start");

        // Two batches with the stand-in (half steps: the checkpoint keeps the scaled c_end), then a failing
        // fastchess: the checkpoint stays at two pairs.
        run = spsa(concat(common, "--params", "RfpMargin,LmrBase", "--step-scale", "0.5",
                "--fastchess", fake.toString(), "--iterations", "2"));
        assertEquals(0, run.exit(), run.err());
        String saved = Files.readString(cp.resolve(SpsaCheckpoint.FILE));
        assertTrue(saved.contains("pairs-done=2\n"));
        assertTrue(saved.lines().anyMatch(l -> l.startsWith("param RfpMargin ") && l.endsWith(" 40 160 3.0 0.002")),
                "RfpMargin's c_end 6 halved");
        Path failing = script(dir, "failing", "echo boom; exit 1");
        run = spsa(concat(common, "--fastchess", failing.toString()));
        assertEquals(1, run.exit(), run.err());
        assertTrue(run.err().contains("stays at 2 pairs"), run.err());
        assertEquals(saved, Files.readString(cp.resolve(SpsaCheckpoint.FILE)));

        // A resume may not change the plan: the option that differs is named, and nothing is written.
        run = spsa(concat(common, "--fastchess", fake.toString(), "--tc", "10+0.1"));
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().contains("--tc differs: the checkpoint has 2+0.02, this command 10+0.1"), run.err());
        run = spsa(concat(common, "--fastchess", fake.toString(), "--step-scale", "0.25"));
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().contains("--step-scale differs: the checkpoint has 0.5, this command 0.25"), run.err());
        assertEquals(saved, Files.readString(cp.resolve(SpsaCheckpoint.FILE)));

        // Resumed to the end: four pairs of the plan's four.
        run = spsa(concat(common, "--fastchess", fake.toString()));
        assertEquals(0, run.exit(), run.err());
        assertTrue(Files.readString(cp.resolve(SpsaCheckpoint.FILE)).contains("pairs-done=4\n"));
        assertTrue(Files.readString(cp.resolve(SpsaCheckpoint.HISTORY)).lines().count() == 6, "header, start, 4 rows");
    }

    /** A tune's folder with openings, and the options every run of it takes. */
    private static String[] tune(Path dir, Path fastchess) throws IOException {
        Path openings = dir.resolve("o.epd");
        Files.writeString(openings, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
        return new String[] {"--checkpoint", dir.resolve("cp").toString(), "--openings", openings.toString(),
            "--engine", "/bin/true", "--work", dir.resolve("work").toString(), "--games", "8", "--batch", "1",
            "--fastchess", fastchess.toString()};
    }

    private static String oneBatch() {
        return "cat <<'EOF'\n" + SUMMARY.replace("Games: 4, Wins: 1, Losses: 2, Draws: 1",
                "Games: 2, Wins: 1, Losses: 0, Draws: 1") + "EOF";
    }

    /**
     * Finding 1 of issue 92: tuning/spsa/README.md says the same command resumes the tune, yet repeating it with its
     * --params was refused. The same plan given again resumes (names in any order, the same start values and step
     * scale); only another plan is refused, naming the option.
     */
    @Test
    void theSameCommandTwiceResumesTheTune(@TempDir Path dir) throws Exception {
        String[] command = concat(tune(dir, script(dir, "fastchess", oneBatch())), "--params", "AspWindow,RfpMargin",
                "--start", "RfpMargin=90", "--step-scale", "0.5", "--iterations", "1");
        Path cp = dir.resolve("cp");
        ConsoleCapture.Captured run = spsa(command);
        assertEquals(0, run.exit(), run.err());
        run = spsa(command);
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("spsa: resuming " + cp + " at 1 of 4 pairs"), run.out());
        assertTrue(Files.readString(cp.resolve(SpsaCheckpoint.FILE)).contains("pairs-done=2\n"));

        String[] reordered = command.clone();
        reordered[java.util.Arrays.asList(command).indexOf("AspWindow,RfpMargin")] = "RfpMargin,AspWindow";
        run = spsa(reordered);
        assertEquals(0, run.exit(), run.err());
        assertTrue(Files.readString(cp.resolve(SpsaCheckpoint.FILE)).contains("pairs-done=3\n"));

        String saved = Files.readString(cp.resolve(SpsaCheckpoint.FILE));
        String[] other = command.clone();
        other[java.util.Arrays.asList(command).indexOf("AspWindow,RfpMargin")] = "RfpMargin";
        run = spsa(other);
        assertEquals(2, run.exit(), run.err());
        assertEquals("spsa: --params differs: the checkpoint has AspWindow,RfpMargin, this command RfpMargin; give "
                + "the same plan to resume, or start a new tune in another directory\n", run.err());
        other = command.clone();
        other[java.util.Arrays.asList(command).indexOf("RfpMargin=90")] = "RfpMargin=86";
        run = spsa(other);
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().startsWith("spsa: --start differs: the checkpoint has RfpMargin=90, this command "
                + "RfpMargin=86"), run.err());
        assertEquals(saved, Files.readString(cp.resolve(SpsaCheckpoint.FILE)));
    }

    /** Finding 2 of issue 92: a binary-garbage checkpoint.txt got a stack trace (MalformedInputException). */
    @Test
    void aGarbageCheckpointIsOneLineAndIsLeftAsItWas(@TempDir Path dir) throws Exception {
        String[] command = concat(tune(dir, script(dir, "fastchess", oneBatch())), "--params", "RfpMargin");
        Path file = dir.resolve("cp").resolve(SpsaCheckpoint.FILE);
        Files.createDirectories(file.getParent());
        byte[] garbage = new byte[2048];
        new java.util.SplittableRandom(92).nextBytes(garbage);
        Files.write(file, garbage);
        ConsoleCapture.Captured run = spsa(command);
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().startsWith("spsa: " + file + ": not the text this file should hold (")
                && run.err().lines().count() == 1, run.err());
        assertArrayEquals(garbage, Files.readAllBytes(file));
        ConsoleCapture.Captured params = ConsoleCapture.run(() -> Main.commandLine(new ParamsCommand()).execute(
                "--checkpoint", dir.resolve("cp").toString()));
        assertEquals(1, params.err().lines().count(), params.err());
        assertTrue(params.err().contains("not the text this file should hold"), params.err());
    }

    @Test
    void twoRunsOnOneCheckpointFolder(@TempDir Path dir) throws Exception {
        String[] command = concat(tune(dir, script(dir, "fastchess", oneBatch())), "--params", "RfpMargin");
        try (RunLock first = RunLock.forFolder(dir.resolve("cp"), "spsa", System.err)) {
            ConsoleCapture.Captured run = spsa(command);
            assertEquals(2, run.exit(), run.err());
            assertTrue(run.err().startsWith("spsa: " + RunLock.inFolder(dir.resolve("cp")) + " is held by a run still "
                    + "going, pid " + ProcessHandle.current().pid() + " (spsa, started "), run.err());
            assertFalse(SpsaCheckpoint.exists(dir.resolve("cp")), "the refused run wrote nothing");
        }
        assertEquals(0, spsa(concat(command, "--iterations", "1")).exit());
        assertFalse(Files.exists(RunLock.inFolder(dir.resolve("cp"))), "a run that ended leaves no lock");
    }

    /** Processes a test started (a driver JVM, the stand-in it left): ended after the test, whatever it asserted. */
    private final List<ProcessHandle> started = new java.util.ArrayList<>();
    private final List<ProcessGroup.Leader> groups = new java.util.ArrayList<>();

    @org.junit.jupiter.api.AfterEach
    void endTheProcessesTheTestStarted() {
        groups.forEach(leader -> ProcessGroup.end(leader, 0));
        for (ProcessHandle process : started) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /**
     * Finding 3 of issue 92: kill -9 of the driver left fastchess and its engines playing. A stand-in fastchess that
     * starts two engines and plays until killed; the driver, a JVM of its own, is killed with -9 mid-batch: the
     * stand-in and its engines live on, and the next run of the same command ends all three, then plays.
     */
    @Test
    void killedWithNineTheDriverLeavesItsFastchessToTheNextRunWhichEndsIt(@TempDir Path dir) throws Exception {
        Path slow = dir.resolve("slow");
        Files.writeString(slow, "");
        Path fake = script(dir, "fastchess", "if [ -f " + slow + " ]; then sleep 300 & sleep 300 & wait; fi\n"
                + oneBatch());
        String[] command = concat(tune(dir, fake), "--params", "RfpMargin");
        List<String> jvm = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), "horizon.Main", "spsa"));
        jvm.addAll(List.of(command));
        Process driver = new ProcessBuilder(jvm).redirectErrorStream(true)
                .redirectOutput(dir.resolve("driver.log").toFile()).start();
        started.add(driver.toHandle());
        Path lockFile = RunLock.inFolder(dir.resolve("cp"));
        List<ProcessHandle> standIn = List.of();
        for (long deadline = System.currentTimeMillis() + 60_000; standIn.size() < 3
                && System.currentTimeMillis() < deadline; Thread.sleep(50)) {
            if (Files.exists(lockFile)) { // another process's lock: reading it takes nothing from it
                for (String line : Files.readAllLines(lockFile)) {
                    if (line.startsWith("group ")) {
                        ProcessGroup.Leader leader = ProcessGroup.Leader.parse(line.substring(6));
                        if (!groups.contains(leader)) {
                            groups.add(leader);
                        }
                        standIn = ProcessGroup.members(leader);
                    }
                }
            }
        }
        assertEquals(3, standIn.size(), "the stand-in and its two engines: " + standIn + "; the driver said "
                + Files.readString(dir.resolve("driver.log")));

        driver.destroyForcibly(); // SIGKILL: no shutdown hook, no cleanup
        assertTrue(driver.waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
        Thread.sleep(200);
        assertTrue(standIn.stream().allMatch(ProcessHandle::isAlive), "the stand-in and its engines outlive the "
                + "driver, as fastchess and its engines did");

        Files.delete(slow);
        ConsoleCapture.Captured run = spsa(concat(command, "--iterations", "1"));
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.err().contains("spsa: took over " + lockFile + " from pid " + driver.pid()
                + " (spsa, started ") && run.err().contains("ended 3 processes it left running"), run.err());
        for (ProcessHandle p : standIn) {
            p.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
        }
        assertTrue(Files.readString(dir.resolve("cp").resolve(SpsaCheckpoint.FILE)).contains("pairs-done=1\n"));
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
