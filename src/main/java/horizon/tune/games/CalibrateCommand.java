package horizon.tune.games;

import horizon.search.StrengthCalibration;
import horizon.io.CommandException;
import horizon.io.RunLock;
import horizon.search.StrengthLimit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code horizon calibrate}: re-measures the UCI_Elo labels in one step. For each internal strength setting it plays
 * fastchess matches against the anchor engines rated near the setting's rating (first guessed from the present
 * label, then from its games so far), fits the setting's rating by maximum likelihood ({@link EloFit}), pools
 * neighbouring settings whose ratings come out of order, and writes the calibration table the engine reads
 * ({@link StrengthCalibration}).
 */
@Command(name = "calibrate", description = "Measure the UCI_Elo labels against rated anchor engines (fastchess) and "
        + "write the calibration table.")
public final class CalibrateCommand implements Callable<Integer> {
    /** An environment variable in an anchor's options: ${NAME}. */
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");

    @Option(names = "--anchors", required = true, description = "anchors, one a line: NAME | RATING | SOURCE | "
            + "fastchess engine options (cmd=..., its own tc=... timemargin=...)")
    Path anchors;

    @Option(names = "--settings", split = ",", description = "internal settings to measure, 1000-2800 (default: "
            + "${DEFAULT-VALUE}; 2800 is full strength)")
    List<Integer> settings = List.of(1000, 1200, 1400, 1800, 2200, 2600, 2800);

    @Option(names = "--check-labels", split = ",", description = "instead of calibrating: play these UCI_Elo "
            + "labels as a user sets them (UCI_LimitStrength on) against the anchors around each, and report each "
            + "label's measured rating; writes no table")
    List<Integer> checkLabels;

    @Option(names = "--games", description = "games per setting and anchor (default: ${DEFAULT-VALUE})")
    int games = 40;

    @Option(names = "--max-anchors", description = "at most this many anchors per setting (default: "
            + "${DEFAULT-VALUE}; at least two, one on each side of the setting's rating where the list has one)")
    int maxAnchors = 3;

    @Option(names = "--tc", description = "Horizon's time control (default: ${DEFAULT-VALUE})")
    String tc = "10+0.1";

    @Option(names = "--engine", description = "Horizon's command, run with --tunable (default: ./horizon)")
    String engine = "./horizon";

    @Option(names = "--fastchess", description = "the fastchess binary (default: $FASTCHESS, else on the PATH)")
    String fastchess;

    @Option(names = "--openings", description = "EPD openings (default: ${DEFAULT-VALUE})")
    Path openings = Path.of("../shared/openings/noob_3moves_sample10k.epd");

    @Option(names = "--concurrency", description = "games at once (default: ${DEFAULT-VALUE})")
    int concurrency = 2;

    @Option(names = "--scale", description = "what the anchors' ratings are (written into the table)")
    String scale = "CCRL-like, anchors as listed in the anchors file";

    @Option(names = "--out", description = "calibration table to write (default: ${DEFAULT-VALUE})")
    Path out = Path.of("src/main/resources/horizon/search/uci-elo.calibration");

    @Option(names = "--work", description = "where fastchess's PGN and logs go; run again with the same folder, the "
            + "calibration goes on from the first match not finished (default: ${DEFAULT-VALUE})")
    Path work = Path.of("calibration-work");

    /** The run's lock, which starts fastchess (none outside {@link #call}). */
    private RunLock run = RunLock.NONE;

    /** An anchor engine: its name, rating, where the rating comes from, and its fastchess engine options. */
    record Anchor(String name, double rating, String source, List<String> options) {
    }

    /**
     * Reads the anchors file.
     *
     * @throws IllegalArgumentException naming the line that is wrong
     */
    static List<Anchor> readAnchors(List<String> lines) {
        List<Anchor> list = new ArrayList<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\\|");
            if (f.length != 4) {
                throw new IllegalArgumentException("anchors line " + (n + 1) + ": expected NAME | RATING | SOURCE | "
                        + "OPTIONS");
            }
            double rating;
            try {
                rating = Double.parseDouble(f[1].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("anchors line " + (n + 1) + ": rating '" + f[1].trim()
                        + "' is not a number");
            }
            List<String> options = Arrays.asList(f[3].trim().split("\\s+"));
            if (options.stream().noneMatch(o -> o.startsWith("cmd="))) {
                throw new IllegalArgumentException("anchors line " + (n + 1) + ": the options need cmd=...");
            }
            list.add(new Anchor(f[0].trim(), rating, f[2].trim(), options));
        }
        if (list.isEmpty()) {
            throw new IllegalArgumentException("no anchors in the file");
        }
        return list;
    }

    /**
     * Replaces each {@code ${NAME}} in an anchor's options by the environment variable NAME, so that an anchors file
     * can name engines built outside the repository ({@code cmd=${HORIZON_ANCHORS}/bbc-1.2}).
     *
     * @throws IllegalArgumentException naming the variable that is not set
     */
    static Anchor expand(Anchor anchor, Map<String, String> env) {
        List<String> options = new ArrayList<>();
        for (String option : anchor.options()) {
            Matcher m = VARIABLE.matcher(option);
            StringBuilder sb = new StringBuilder();
            while (m.find()) {
                String value = env.get(m.group(1));
                if (value == null) {
                    throw new IllegalArgumentException("anchor " + anchor.name() + ": ${" + m.group(1)
                            + "} is not set in the environment");
                }
                m.appendReplacement(sb, Matcher.quoteReplacement(value));
            }
            m.appendTail(sb);
            options.add(sb.toString());
        }
        return new Anchor(anchor.name(), anchor.rating(), anchor.source(), options);
    }

    /**
     * The next anchor a setting plays, chosen by the setting's rating as measured so far rather than by its present
     * label alone, so that a run on a new scale (anchors hundreds of Elo from today's labels) still finds the anchors
     * that can tell: first the anchor nearest the estimate, then the nearest on the side of the estimate that no
     * played anchor covers yet. Where that side has none left, the nearest of those nearer the estimate than every
     * anchor played: a setting that lost every game to its first anchor (its estimate only a bound, below every
     * anchor) next plays the anchor below that one nearest the bound, which can tell by how much. Null when the
     * estimate lies between played anchors, when no anchor is left on the open side or nearer (a setting weaker
     * than the weakest anchor gains little from more games against stronger ones), or when {@code max} have been
     * played.
     */
    static Anchor nextAnchor(List<Anchor> all, List<Anchor> played, double estimate, int max) {
        if (played.size() >= Math.min(max, all.size())) {
            return null;
        }
        boolean below = played.stream().anyMatch(a -> a.rating() <= estimate);
        boolean above = played.stream().anyMatch(a -> a.rating() >= estimate);
        if (played.size() >= 2 && below && above) {
            return null;
        }
        Anchor best = null, nearer = null;
        double lowest = played.stream().mapToDouble(Anchor::rating).min().orElse(Double.NaN);
        double highest = played.stream().mapToDouble(Anchor::rating).max().orElse(Double.NaN);
        for (Anchor a : all) {
            if (played.contains(a)) {
                continue;
            }
            if (below != above && (below ? a.rating() < estimate : a.rating() > estimate)) {
                // That side is covered already: only an anchor on the other side can bracket the rating, but one
                // between the estimate and every anchor played still measures it more closely than they do.
                if (below ? a.rating() > highest : a.rating() < lowest) {
                    nearer = nearest(nearer, a, estimate);
                }
                continue;
            }
            best = nearest(best, a, estimate);
        }
        return best != null ? best : nearer;
    }

    private static Anchor nearest(Anchor best, Anchor candidate, double estimate) {
        return best == null || Math.abs(candidate.rating() - estimate) < Math.abs(best.rating() - estimate)
                ? candidate : best;
    }

    /** One setting's games: the setting, and its results against each anchor it played. */
    record Measured(int setting, List<EloFit.Games> games) {
    }

    /**
     * Pools neighbouring settings whose ratings come out of order (a stronger setting measured below a weaker one,
     * within their errors) into one point at the stronger setting, until the ratings rise: the table the engine
     * reads must map labels to settings monotonically.
     */
    static List<StrengthCalibration.Point> monotonic(List<Measured> measured) {
        List<Measured> work = new ArrayList<>(measured);
        while (true) {
            List<StrengthCalibration.Point> points = new ArrayList<>();
            int bad = -1;
            for (int i = 0; i < work.size(); i++) {
                EloFit.Result r = EloFit.fit(work.get(i).games());
                int n = work.get(i).games().stream().mapToInt(EloFit.Games::n).sum();
                points.add(new StrengthCalibration.Point(work.get(i).setting(), (int) Math.round(r.rating()),
                        r.bound() ? 999 : (int) Math.round(r.error()), n));
                if (i > 0 && bad < 0 && points.get(i).elo() <= points.get(i - 1).elo()) {
                    bad = i;
                }
            }
            if (bad < 0) {
                return points;
            }
            List<EloFit.Games> pooled = new ArrayList<>(work.get(bad - 1).games());
            pooled.addAll(work.get(bad).games());
            work.set(bad, new Measured(work.get(bad).setting(), pooled));
            work.remove(bad - 1);
        }
    }

    @Override
    public Integer call() throws Exception {
        List<Anchor> all;
        try {
            all = new ArrayList<>();
            for (Anchor a : readAnchors(Files.readAllLines(anchors, StandardCharsets.UTF_8))) {
                all.add(expand(a, System.getenv()));
            }
            if (maxAnchors < 2) {
                throw new IllegalArgumentException("--max-anchors must be at least 2");
            }
            for (int s : settings) {
                if (s < StrengthLimit.SETTING_MIN || s > StrengthLimit.SETTING_MAX) {
                    throw new IllegalArgumentException("setting " + s + " outside " + StrengthLimit.SETTING_MIN + "-"
                            + StrengthLimit.SETTING_MAX);
                }
            }
            if (!settings.contains(StrengthLimit.SETTING_MAX)) {
                throw new IllegalArgumentException("--settings must include " + StrengthLimit.SETTING_MAX
                        + " (full strength, the top of the range)");
            }
            if (!Files.isRegularFile(openings)) {
                throw new IllegalArgumentException("no openings file at " + openings.toAbsolutePath());
            }
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(e.getMessage());
        }
        Path binary;
        try {
            binary = FastchessRunner.locate(fastchess);
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(e.getMessage());
        }
        // The work folder is the calibration's state: one run at a time, and a run killed before this one (its
        // fastchess and engines still playing, taking the cores the time-bound anchors need) is cleaned up first.
        try (RunLock lock = RunLock.forFolder(work, "calibrate", System.err)) {
            run = lock;
            return checkLabels != null ? checkLabels(binary, all) : calibrate(binary, all);
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(e.getMessage());
        } catch (IOException e) {
            // A match that did not finish (an anchor crashed, fastchess refused an option): what failed and where
            // its log is, not a stack trace; the finished matches stay in --work for the next run.
            throw CommandException.failed(e.getMessage());
        } finally {
            run = RunLock.NONE;
        }
    }

    /** Measures every setting and writes the table. */
    private int calibrate(Path binary, List<Anchor> all) throws IOException, InterruptedException {
        StrengthCalibration present = StrengthCalibration.builtIn();
        List<Measured> measured = new ArrayList<>();
        EloFit.Result r = null; // the last setting's fit
        List<Integer> sorted = new ArrayList<>(settings);
        sorted.sort(null);
        for (int setting : sorted) {
            // The first guess: the present label, moved by what the setting below measured against its own label.
            double estimate = present.eloFor(setting);
            if (!measured.isEmpty()) {
                int below = measured.get(measured.size() - 1).setting();
                estimate = r.rating() + Math.max(0, estimate - present.eloFor(below));
            }
            List<EloFit.Games> results = measure(binary, all, "setting" + setting, List.of("args=--tunable",
                    "option.StrengthSetting=" + setting), estimate);
            r = EloFit.fit(results);
            measured.add(new Measured(setting, results));
            System.out.printf(Locale.ROOT, "setting %d: %.0f +- %.0f%s%n", setting, r.rating(), r.error(),
                    r.bound() ? " (a bound: every game won or lost)" : "");
        }
        List<StrengthCalibration.Point> points = monotonic(measured);
        String table = StrengthCalibration.format(points, scale, tc, LocalDate.now() + ", " + games
                + " games per setting and anchor, anchors from " + anchors.getFileName());
        StrengthCalibration.parse(table); // never write a table the engine would refuse
        Files.writeString(out, table, StandardCharsets.UTF_8);
        System.out.print(table);
        System.out.println("calibrate: wrote " + out);
        return 0;
    }

    /** How many games a match against one anchor plays: whole pairs, both colours. */
    private int gamesPerMatch() {
        return 2 * Math.max(1, games / 2);
    }

    /**
     * A match that an earlier run finished: its log holds fastchess's summary over all the games asked for. A
     * calibration plays for hours, longer than one sitting; run again with the same {@code --work}, it goes on from
     * the first match not finished instead of starting over. A log cut off mid-match (fewer games) does not count:
     * that match is played again.
     *
     * @return the finished match's result, or null
     */
    static GameRunner.Result finished(Path log, int games) throws IOException {
        if (!Files.isRegularFile(log)) {
            return null;
        }
        GameRunner.Result r = FastchessRunner.parse(FastchessRunner.readLog(log));
        return r != null && r.wins() + r.draws() + r.losses() == games ? r : null;
    }

    /**
     * Checks labels as a user meets them: each UCI_Elo label, set with UCI_LimitStrength in the engine as it ships
     * (its built-in table), plays the anchors around it as a setting does in a calibration, and its measured rating
     * is set beside the label. The table is right where every label lands within about 100 Elo of what it plays at.
     */
    private int checkLabels(Path binary, List<Anchor> all) throws IOException, InterruptedException {
        List<String> report = new ArrayList<>();
        for (int label : checkLabels) {
            List<EloFit.Games> results = measure(binary, all, "label" + label, List.of(
                    "option.UCI_LimitStrength=true", "option.UCI_Elo=" + label), label);
            EloFit.Result r = EloFit.fit(results);
            int n = results.stream().mapToInt(EloFit.Games::n).sum();
            report.add(String.format(Locale.ROOT, "label %d: measured %.0f +- %s over %d games, %+.0f from the label%s",
                    label, r.rating(), r.bound() ? "? (a bound: every game won or lost)"
                            : String.format(Locale.ROOT, "%.0f", r.error()), n, r.rating() - label,
                    Math.abs(r.rating() - label) <= 100 ? "" : " (more than 100)"));
            System.out.println(report.get(report.size() - 1));
        }
        System.out.println("calibrate --check-labels:");
        report.forEach(System.out::println);
        return 0;
    }

    /**
     * One player's (a setting's or a label's) matches: first every match against an anchor that an earlier run
     * finished (so that a resumed run counts the games already played, whatever walk led to them), then the walk
     * from the estimate: the anchor nearest the rating as measured so far, until two bracket it ({@link #nextAnchor}).
     */
    private List<EloFit.Games> measure(Path binary, List<Anchor> all, String player, List<String> horizonOptions,
                                       double estimate) throws IOException, InterruptedException {
        List<EloFit.Games> results = new ArrayList<>();
        List<Anchor> played = new ArrayList<>();
        for (Anchor anchor : all) {
            GameRunner.Result done = finished(matchFile(player, anchor, ".log"), gamesPerMatch());
            if (done != null) {
                results.add(new EloFit.Games(anchor.rating(), done.wins(), done.draws(), done.losses()));
                played.add(anchor);
                System.out.printf(Locale.ROOT, "%s vs %s (%.0f): +%d =%d -%d, finished in an earlier run%n", player,
                        anchor.name(), anchor.rating(), done.wins(), done.draws(), done.losses());
            }
        }
        if (!results.isEmpty()) {
            estimate = EloFit.fit(results).rating();
        }
        for (Anchor anchor; (anchor = nextAnchor(all, played, estimate, maxAnchors)) != null; ) {
            EloFit.Games g = play(binary, player, horizonOptions, anchor);
            results.add(g);
            played.add(anchor);
            estimate = EloFit.fit(results).rating();
            System.out.printf(Locale.ROOT, "%s vs %s (%.0f): +%d =%d -%d%n", player, anchor.name(), anchor.rating(),
                    g.wins(), g.draws(), g.losses());
        }
        return results;
    }

    /** A match's own file in {@code --work}: fastchess's log (".log"), games (".pgn") and state (".json"). */
    private Path matchFile(String player, Anchor anchor, String extension) {
        return work.toAbsolutePath().resolve(player + "-" + anchor.name().replaceAll("\\W+", "_") + extension);
    }

    private EloFit.Games play(Path binary, String player, List<String> horizonOptions, Anchor anchor)
            throws IOException, InterruptedException {
        Path log = matchFile(player, anchor, ".log");
        Path pgn = matchFile(player, anchor, ".pgn");
        Files.deleteIfExists(pgn); // an unfinished match starts over, so that its PGN holds each game once
        List<String> cmd = new ArrayList<>(List.of(binary.toString(), "-engine", "cmd=" + engine, "name=horizon",
                "tc=" + tc, "option.Threads=1", "option.Hash=16"));
        cmd.addAll(horizonOptions);
        cmd.add("-engine");
        cmd.addAll(anchor.options());
        cmd.add("name=" + anchor.name().replaceAll("\\s+", "_"));
        cmd.addAll(List.of("-each", "proto=uci", "-openings", "file=" + openings.toAbsolutePath(), "format=epd",
                "order=random", "-rounds", Integer.toString(gamesPerMatch() / 2), "-games", "2", "-repeat",
                "-concurrency", Integer.toString(concurrency), "-resign", "movecount=3", "score=600", "twosided=true",
                "-draw", "movenumber=40", "movecount=8", "score=10", "-pgnout", "file=" + pgn,
                // fastchess saves its own state for resuming as config.json where it runs: the match's file instead
                "-config", "outname=" + matchFile(player, anchor, ".json")));
        // fastchess and its engines in a group of their own, recorded in the lock: stopped part-way (Ctrl-C, kill),
        // the command takes them down with it, and killed with -9 the next run does: an engine left running would
        // take CPU from the time-bound anchors of the next run and skew its matches.
        Process p = run.start(new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()));
        int exit;
        try {
            exit = p.waitFor();
        } finally {
            run.end(p);
        }
        // Read as the SPSA driver reads it: fastchess's last summary line, for the first engine (Horizon).
        GameRunner.Result r = FastchessRunner.parse(FastchessRunner.readLog(log));
        if (exit != 0 || r == null) {
            throw new IOException("fastchess " + (exit != 0 ? "exited with " + exit : "printed no result")
                    + " for " + player + " against " + anchor.name() + "; see " + log);
        }
        return new EloFit.Games(anchor.rating(), r.wins(), r.draws(), r.losses());
    }
}
