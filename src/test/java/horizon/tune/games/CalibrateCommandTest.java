package horizon.tune.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.Main;
import horizon.io.RunLock;
import horizon.search.StrengthCalibration;
import horizon.testing.ConsoleCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What `horizon calibrate` can be checked on without games: its anchors, their choice, the pooling, the table. */
class CalibrateCommandTest {
    private static final List<String> ANCHORS = List.of("# name | rating | source | options",
            "weak | 1200 | list A | cmd=/bin/true", "mid | 1800 | list B | cmd=/bin/true tc=10+0.1 timemargin=1000",
            "strong | 2600 | list C | cmd=/bin/true");

    /** Processes a test started (a stand-in fastchess, its engines): ended after the test, whatever it asserted. */
    private final List<ProcessHandle> started = new ArrayList<>();

    @AfterEach
    void endTheProcessesTheTestStarted() {
        for (ProcessHandle process : started) {
            process.descendants().forEach(ProcessHandle::destroyForcibly); // while they are still its descendants
            process.destroyForcibly();
        }
    }

    @Test
    void anchorsAreReadAndMalformedLinesRefused() {
        List<CalibrateCommand.Anchor> anchors = CalibrateCommand.readAnchors(ANCHORS);
        assertEquals(3, anchors.size());
        assertEquals(List.of("cmd=/bin/true", "tc=10+0.1", "timemargin=1000"), anchors.get(1).options());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CalibrateCommand.readAnchors(List.of("x | strong | s | cmd=a")));
        assertTrue(e.getMessage().contains("line 1: rating 'strong' is not a number"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> CalibrateCommand.readAnchors(List.of("x | 1 | s | a")));
        assertTrue(e.getMessage().contains("cmd="), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CalibrateCommand.readAnchors(List.of("# none")));
    }

    @Test
    void aSettingPlaysTheAnchorsThatBracketItsRatingAsMeasured() {
        List<CalibrateCommand.Anchor> all = CalibrateCommand.readAnchors(ANCHORS);
        CalibrateCommand.Anchor weak = all.get(0), mid = all.get(1), strong = all.get(2);
        assertEquals(mid, CalibrateCommand.nextAnchor(all, List.of(), 1600, 3), "first the nearest to the guess");
        // It scored well against mid: the estimate rose past it, so the next is the one above.
        assertEquals(strong, CalibrateCommand.nextAnchor(all, List.of(mid), 2150, 3));
        assertNull(CalibrateCommand.nextAnchor(all, List.of(mid, strong), 2150, 3), "bracketed by two: enough");
        // Two anchors both below the estimate: the third must come from above.
        assertEquals(strong, CalibrateCommand.nextAnchor(all, List.of(weak, mid), 1950, 3));
        assertNull(CalibrateCommand.nextAnchor(all, List.of(weak, mid), 1950, 2), "no more than --max-anchors");
        assertNull(CalibrateCommand.nextAnchor(all, List.of(mid, strong), 2900, 3), "nothing left above");
        // Measured below the weakest anchor: a stronger one would say little, so the walk stops.
        assertNull(CalibrateCommand.nextAnchor(all, List.of(weak), 900, 3), "nothing left below");
        // Measured a little under mid after one match: the next comes from below, to bracket it.
        assertEquals(weak, CalibrateCommand.nextAnchor(all, List.of(mid), 1700, 3));
        // Every game lost to the first anchor: the estimate is only a bound, below every anchor; an anchor between
        // it and the one played tells by how much, one no nearer than those played does not.
        assertEquals(weak, CalibrateCommand.nextAnchor(all, List.of(strong), 900, 3));
        assertEquals(weak, CalibrateCommand.nextAnchor(all, List.of(strong, mid), 900, 3));
        assertNull(CalibrateCommand.nextAnchor(all, List.of(weak), 900, 3), "the ones above say less");
        assertNull(CalibrateCommand.nextAnchor(all, List.of(weak, strong), 1000, 3), "nothing nearer than weak");
        // A guess on another scale, far below every anchor, still walks up to the anchors that can tell.
        assertEquals(weak, CalibrateCommand.nextAnchor(all, List.of(), 300, 3));
    }

    @Test
    void anchorOptionsNameEnginesThroughTheEnvironment() {
        CalibrateCommand.Anchor a = CalibrateCommand.readAnchors(List.of("bbc | 1942 | l | cmd=${ANCHORS}/bbc-1.2 "
                + "tc=10+0.1")).get(0);
        assertEquals(List.of("cmd=/opt/engines/bbc-1.2", "tc=10+0.1"),
                CalibrateCommand.expand(a, Map.of("ANCHORS", "/opt/engines")).options());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CalibrateCommand.expand(a, Map.of()));
        assertTrue(e.getMessage().contains("${ANCHORS} is not set"), e.getMessage());
    }

    @Test
    void ratingsOutOfOrderArePooledIntoOneRisingTable() {
        // 1400 scores 50 % against 1500 and 2000 scores 50 % against 1450: out of order, pooled at 2000.
        List<CalibrateCommand.Measured> measured = List.of(
                new CalibrateCommand.Measured(1000, List.of(new EloFit.Games(1200, 10, 0, 30))),
                new CalibrateCommand.Measured(1400, List.of(new EloFit.Games(1500, 10, 20, 10))),
                new CalibrateCommand.Measured(2000, List.of(new EloFit.Games(1450, 10, 20, 10))),
                new CalibrateCommand.Measured(2800, List.of(new EloFit.Games(2400, 30, 0, 10))));
        List<StrengthCalibration.Point> points = CalibrateCommand.monotonic(measured);
        assertEquals(List.of(1000, 2000, 2800), points.stream().map(StrengthCalibration.Point::setting).toList());
        assertEquals(1475, points.get(1).elo(), "pooled: 50 % against 1500 and 1450");
        assertEquals(80, points.get(1).games());
        StrengthCalibration.parse(StrengthCalibration.format(points, "s", "10+0.1", "today")); // well-formed
    }

    /**
     * Writes the anchors and openings files and a stand-in for fastchess that first runs {@code record} (a shell
     * line) and then reports 20 games in which Horizon wins (value - 800) / 100, the value being what the option
     * {@code option} was set to: the stronger the setting or label, the more it scores. Returns the arguments that
     * point a run at them.
     */
    private static List<String> standIn(Path dir, String option, String record) throws Exception {
        Path anchors = dir.resolve("anchors.txt");
        Files.write(anchors, ANCHORS);
        Path openings = dir.resolve("o.epd");
        Files.writeString(openings, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
        Path fake = dir.resolve("fastchess");
        Files.writeString(fake, "#!/bin/sh\n" + record + "\n"
                + "v=$(printf '%s\\n' \"$@\" | sed -n 's/^option." + option + "=//p')\n"
                + "w=$(( (v - 800) / 100 )); l=$(( 20 - w ))\n"
                + "echo \"Games: 20, Wins: $w, Losses: $l, Draws: 0, Points: $w.0 (0 %)\"\n");
        assertTrue(fake.toFile().setExecutable(true));
        return List.of("--anchors", anchors.toString(), "--fastchess", fake.toString(), "--openings",
                openings.toString());
    }

    /** Runs `horizon calibrate` with the stand-in's arguments and these; its exit code. */
    private static int run(List<String> standIn, String... args) {
        List<String> all = new java.util.ArrayList<>(standIn);
        all.addAll(List.of(args));
        return Main.commandLine(new CalibrateCommand()).execute(all.toArray(String[]::new));
    }

    @Test
    void aWholeRunWithAStandInFastchessWritesATableTheEngineReads(@TempDir Path dir) throws Exception {
        // The stand-in scores by the setting it is given: stronger settings score more.
        Path out = dir.resolve("table.calibration");
        int exit = run(standIn(dir, "StrengthSetting", ""), "--settings", "1000,1400,2000,2800", "--out",
                out.toString(), "--work", dir.resolve("w").toString(), "--max-anchors", "2");
        assertEquals(0, exit);
        StrengthCalibration table = StrengthCalibration.parse(Files.readString(out));
        assertEquals(4, table.points().size());
        assertEquals(2800, table.points().get(3).setting());
    }

    @Test
    void aRunCutOffGoesOnFromTheFirstMatchNotFinished(@TempDir Path dir) throws Exception {
        // The stand-in counts its calls, so that a second run shows which matches it played again.
        Path calls = dir.resolve("calls");
        List<String> standIn = standIn(dir, "StrengthSetting", "echo x >> " + calls);
        Path work = dir.resolve("w");
        Path out = dir.resolve("table.calibration");
        String[] args = {"--settings", "1400,2800", "--out", out.toString(), "--work", work.toString(), "--games",
            "20", "--max-anchors", "2"};
        assertEquals(0, run(standIn, args));
        int played = Files.readAllLines(calls).size();
        String table = Files.readString(out);
        assertTrue(played >= 2, "each setting played at least one match: " + played);

        // Run again: every match is finished, none is played, and the table comes out the same.
        assertEquals(0, run(standIn, args));
        assertEquals(played, Files.readAllLines(calls).size());
        assertEquals(table, Files.readString(out));

        // A match cut off part-way (its log has fewer games than asked for) is played again; only that one.
        Path log = work.resolve("setting2800-strong.log");
        assertTrue(Files.isRegularFile(log), "each match has its own log");
        Files.writeString(log, "Games: 6, Wins: 6, Losses: 0, Draws: 0, Points: 6.0 (100 %)\n");
        assertNull(CalibrateCommand.finished(log, 20));
        assertEquals(0, run(standIn, args));
        assertEquals(played + 1, Files.readAllLines(calls).size());
        assertEquals(table, Files.readString(out));
    }

    @Test
    void aMatchThatFailsEndsTheRunWithWhereToLookNotAStackTrace(@TempDir Path dir) throws Exception {
        // The stand-in fails at once, as fastchess does when an anchor crashes.
        Path work = dir.resolve("w");
        List<String> failing = standIn(dir, "StrengthSetting", "exit 1");
        ConsoleCapture.Captured run = ConsoleCapture.run(() -> run(failing, "--settings", "1400,2800", "--out",
                dir.resolve("t").toString(), "--work", work.toString()));
        String text = run.err();
        assertEquals(1, run.exit(), text);
        assertTrue(text.startsWith("calibrate: fastchess exited with 1 for setting1400 against ")
                && text.contains(work.toAbsolutePath().toString()) && !text.contains("\tat "), text);
        assertTrue(Files.notExists(dir.resolve("t")), "no table from a run that failed");
    }

    @Test
    void checkingLabelsPlaysThemAsAUserSetsThemAndWritesNoTable(@TempDir Path dir) throws Exception {
        // The stand-in records what Horizon was given and scores by the label.
        Path seen = dir.resolve("seen");
        Path out = dir.resolve("table.calibration");
        Path work = dir.resolve("w");
        int exit = run(standIn(dir, "UCI_Elo", "printf '%s\\n' \"$@\" >> " + seen), "--check-labels", "1400,1800",
                "--out", out.toString(), "--work", work.toString(), "--games", "20", "--max-anchors", "2");
        assertEquals(0, exit);
        List<String> args = Files.readAllLines(seen);
        assertTrue(args.contains("option.UCI_LimitStrength=true") && args.contains("option.UCI_Elo=1800"), "" + args);
        assertTrue(args.stream().noneMatch(a -> a.contains("StrengthSetting") || a.contains("--tunable")),
                "labels are played as a user sets them, not through the hidden setting");
        assertTrue(Files.isRegularFile(work.resolve("label1400-weak.log")));
        assertTrue(args.contains("outname=" + work.toAbsolutePath().resolve("label1400-weak.json")),
                "fastchess keeps its state with the match, not in the directory calibrate runs in: " + args);
        assertTrue(Files.notExists(out), "checking labels writes no table");
    }

    @Test
    void aStoppedMatchTakesItsEnginesDownWithIt() throws Exception {
        // A stand-in for fastchess with two engines that would outlive it, started as calibrate starts fastchess.
        Process p = RunLock.NONE.start(new ProcessBuilder("sh", "-c", "sleep 300 & sleep 300 & wait"));
        started.add(p.toHandle());
        long deadline = System.currentTimeMillis() + 10_000;
        while (p.toHandle().descendants().count() < 2 && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        List<ProcessHandle> engines = p.toHandle().descendants().toList();
        started.addAll(engines);
        assertEquals(2, engines.size(), "the stand-in's engines started: " + engines);
        RunLock.NONE.end(p);
        for (ProcessHandle e : engines) {
            e.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
            assertTrue(!e.isAlive(), "an engine outlived its match");
        }
        assertTrue(p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS));
    }

    @Test
    void aSecondCalibrationInTheSameWorkFolderIsRefusedWithThePidOfTheFirst(@TempDir Path dir) throws Exception {
        Path work = dir.resolve("w");
        try (RunLock first = RunLock.forFolder(work, "calibrate", System.err)) {
            ConsoleCapture.Captured run = ConsoleCapture.run(() -> run(standIn(dir, "StrengthSetting", ""),
                    "--settings", "1400,2800", "--out", dir.resolve("t").toString(), "--work", work.toString()));
            assertEquals(2, run.exit(), run.err());
            assertTrue(run.err().startsWith("calibrate: " + RunLock.inFolder(work) + " is held by a run still going,"
                    + " pid " + ProcessHandle.current().pid()), run.err());
        }
    }
}
