package horizon.tune.games;

import horizon.io.CommandException;
import horizon.io.ProgressBars;
import horizon.io.RunLock;
import horizon.io.RunPlan;
import horizon.search.Tunable;
import horizon.search.Tunables;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code horizon spsa}: tunes the registry's constants ({@link Tunables}) by games, SPSA with OpenBench's schedule
 * ({@link Spsa}), fastchess playing the games ({@link FastchessRunner}). The state is a checkpoint directory,
 * written after every batch: the same command resumes the tune, in a later session too, and a command that changes
 * the plan is refused, naming the option. The folder holds one run at a time ({@link RunLock}).
 */
@Command(name = "spsa", description = "Tune the search, time and evaluation-scale constants by games (SPSA with "
        + "fastchess); resumes from the checkpoint directory.")
public final class SpsaCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--checkpoint", required = true, description = "the tune's state directory (small: commit it)")
    Path checkpoint;

    @Option(names = "--params", split = ",", description = "parameters to tune, by name (default: all of 'horizon"
            + " params'); on resume, the tune's own or left out")
    List<String> params;

    @Option(names = "--start", split = ",", description = "NAME=VALUE start values other than the defaults; on "
            + "resume, the tune's own or left out")
    List<String> start;

    @Option(names = "--step-scale", description = "multiplies every tuned parameter's c_end (the perturbation; r_end,"
            + " the learning rate, stays), so a second pass from a first's values takes smaller steps: each move of"
            + " theta scales with it too (default: ${DEFAULT-VALUE}); on resume, the tune's own or left out")
    double stepScale = 1.0;

    @Option(names = "--games", description = "games the tune is planned for, in pairs of two (default: "
            + "${DEFAULT-VALUE}); sets the schedule: on resume, the tune's own or left out")
    long games = 20_000;

    @Option(names = "--batch", description = "game pairs per SPSA step (default: ${DEFAULT-VALUE}); on resume, the "
            + "tune's own or left out")
    int batch = 8;

    @Option(names = "--seed", description = "seeds perturbations and openings (default: ${DEFAULT-VALUE})")
    long seed = 1;

    @Option(names = "--tc", description = "time control, fastchess's syntax (default: ${DEFAULT-VALUE})")
    String tc = "2+0.02";

    @Option(names = "--timemargin", description = "ms an engine may overrun its clock before it loses (default: "
            + "${DEFAULT-VALUE}). Each batch starts fresh JVMs on a loaded machine: without a margin, process stalls "
            + "(1.5 s on a third move, before the JIT settled) lost 3 of 16 games at 2+0.02, noise that says nothing of"
            + " the parameters")
    int timeMargin = 100;

    @Option(names = "--hash", description = "hash per engine, MB (default: ${DEFAULT-VALUE})")
    int hash = 16;

    @Option(names = "--openings", description = "EPD openings (default: ${DEFAULT-VALUE})")
    Path openings = Path.of("../shared/openings/uho_4060_v3_sample20k.epd");

    @Option(names = "--concurrency", description = "games at once (default: ${DEFAULT-VALUE}; as many as cores: "
            + "one engine of a game thinks at a time)")
    int concurrency = 2;

    @Option(names = "--fastchess", description = "the fastchess binary (default: $FASTCHESS, else on the PATH)")
    String fastchess;

    @Option(names = "--engine", description = "engine command (default: this jar, copied into the work directory, "
            + "run with --tunable)")
    String engine;

    @Option(names = "--work", description = "scratch directory: engine copy, PGN, fastchess log (default: "
            + "<tmp>/horizon-spsa-<checkpoint name>)")
    Path work;

    @Option(names = "--minutes", description = "start no batch after this many minutes (default: no limit)")
    double minutes = Double.POSITIVE_INFINITY;

    @Option(names = "--iterations", description = "play at most this many batches now (default: no limit)")
    long iterations = Long.MAX_VALUE;

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        // The checkpoint folder is the tune: one run at a time, and a run killed before this one ends what it left.
        try (RunLock lock = RunLock.forFolder(checkpoint, "spsa", System.err)) {
            return run(out, lock);
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(e.getMessage());
        } catch (IOException e) {
            throw CommandException.input(e);
        }
    }

    private boolean given(String option) {
        return spec != null && spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    int run(PrintStream out, RunLock lock) throws IOException {
        Path workDir = work != null ? work
                : Path.of(System.getProperty("java.io.tmpdir"), "horizon-spsa-" + checkpoint.toAbsolutePath()
                .normalize().getFileName());
        workDir = workDir.toAbsolutePath().normalize(); // fastchess runs there: every path it is given is absolute
        Spsa spsa;
        Map<String, String> settings;
        if (SpsaCheckpoint.exists(checkpoint)) {
            SpsaCheckpoint.Loaded loaded = SpsaCheckpoint.load(checkpoint);
            spsa = loaded.spsa();
            settings = loaded.settings();
            for (SpsaParameter p : spsa.parameters()) {
                if (Tunables.find(p.name) == null) {
                    throw new IllegalArgumentException("the checkpoint tunes '" + p.name + "', which this engine's"
                            + " registry does not have ('horizon params' lists it)");
                }
            }
            // The same command resumes: only an option given with another value than the tune's is refused.
            String difference = planDifference(spsa, settings);
            if (difference != null) {
                throw new IllegalArgumentException(difference + "; give the same plan to resume, or start a new tune"
                        + " in another directory");
            }
            timeMargin = Integer.parseInt(settings.getOrDefault("timemargin", Integer.toString(timeMargin)));
            tc = settings.getOrDefault("tc", tc);
            hash = Integer.parseInt(settings.getOrDefault("hash", Integer.toString(hash)));
            openings = Path.of(settings.getOrDefault("openings", openings.toString()));
            out.printf(Locale.ROOT, "spsa: resuming %s at %d of %d pairs%n", checkpoint, spsa.pairsDone(),
                    spsa.totalPairs());
        } else {
            spsa = new Spsa(chooseParameters(), Math.max(1, games / 2), batch, seed);
            settings = new LinkedHashMap<>();
            settings.put("tc", tc);
            settings.put("timemargin", Integer.toString(timeMargin));
            settings.put("hash", Integer.toString(hash));
            settings.put("openings", openings.toString());
            settings.put("concurrency", Integer.toString(concurrency));
            spsa.recordHistory();
        }
        if (spsa.finished()) {
            report(spsa, out);
            return 0;
        }
        if (!Files.isRegularFile(openings)) {
            throw new IllegalArgumentException("no openings file at " + openings.toAbsolutePath());
        }
        Path fastchessBinary = FastchessRunner.locate(fastchess);
        String engineCommand = engine != null ? engine : defaultEngine(workDir, settings, out);
        if (!SpsaCheckpoint.exists(checkpoint)) {
            SpsaCheckpoint.save(spsa, settings, checkpoint); // a new tune exists on disk before its first game
        }
        // A tune stopped from outside (Ctrl-C, kill, a session's end) ends the batch's fastchess and engines through
        // the lock, which records them; killed with -9, the next run ends them.
        FastchessRunner runner = new FastchessRunner(new FastchessRunner.Settings(fastchessBinary, engineCommand, tc,
                timeMargin, hash, openings.toAbsolutePath(), concurrency, workDir), lock);
        long startNanos = System.nanoTime();
        long played = 0;
        int exit = 0;
        try (ProgressBar bar = ProgressBars.onStderr("spsa", spsa.totalPairs() * 2)) {
            bar.stepTo(spsa.pairsDone() * 2);
            while (!spsa.finished() && played < iterations
                    && (System.nanoTime() - startNanos) / 60e9 < minutes) {
                GameRunner.Result r;
                try {
                    r = spsa.step(runner);
                } catch (GameRunner.GameRunnerException e) {
                    System.err.println("spsa: the batch failed, the checkpoint stays at " + spsa.pairsDone()
                            + " pairs: " + e.getMessage());
                    exit = 1;
                    break;
                }
                SpsaCheckpoint.save(spsa, settings, checkpoint);
                played++;
                bar.stepTo(spsa.pairsDone() * 2);
                bar.setExtraMessage(String.format(Locale.ROOT, " W%d L%d D%d | %s", spsa.wins(), spsa.losses(),
                        spsa.draws(), movedMost(spsa, 4)));
                if (r.timeLosses() > 0) {
                    System.err.println("spsa: " + r.timeLosses() + " game(s) lost on time in this batch (see "
                            + workDir.resolve("last-batch.log") + ")");
                }
            }
        }
        report(spsa, out);
        return exit;
    }

    /**
     * Null when every plan option this command gives has the value the checkpoint's tune has, else one line naming
     * the first that differs. Names compare as sets and values as numbers: {@code --params RfpMargin,AspWindow}
     * is the plan of {@code --params AspWindow,RfpMargin}.
     */
    private String planDifference(Spsa spsa, Map<String, String> settings) {
        Map<String, String> saved = new LinkedHashMap<>(), mine = new LinkedHashMap<>();
        if (params != null) {
            saved.put("--params", sortedNames(spsa.parameters().stream().map(p -> p.name).toList()));
            mine.put("--params", sortedNames(params.stream().map(n -> {
                Tunable t = Tunables.find(n.trim());
                return t != null ? t.name : n.trim();
            }).toList()));
        }
        if (start != null) {
            List<String> before = new ArrayList<>(), now = new ArrayList<>();
            for (String s : start) {
                int eq = s.indexOf('=');
                Tunable t = eq > 0 ? Tunables.find(s.substring(0, eq).trim()) : null;
                SpsaParameter p = t == null ? null : spsa.parameters().stream().filter(q -> q.name.equals(t.name))
                        .findFirst().orElse(null);
                now.add(t == null ? s.trim() : t.name + "=" + s.substring(eq + 1).trim());
                before.add(p == null ? s.trim() + " (not tuned)" : t.name + "=" + number(p.start));
            }
            before.sort(null);
            now.sort(null);
            saved.put("--start", String.join(",", before));
            mine.put("--start", String.join(",", now));
        }
        if (given("--step-scale")) {
            SpsaParameter p = spsa.parameters().get(0);
            Tunable t = Tunables.find(p.name);
            saved.put("--step-scale", number(p.cEnd / t.cEnd));
            mine.put("--step-scale", number(stepScale));
        }
        if (given("--games")) {
            saved.put("--games", Long.toString(2 * spsa.totalPairs()));
            mine.put("--games", Long.toString(2 * Math.max(1, games / 2)));
        }
        if (given("--batch")) {
            saved.put("--batch", Integer.toString(spsa.pairsPerIteration()));
            mine.put("--batch", Integer.toString(batch));
        }
        if (given("--seed")) {
            saved.put("--seed", Long.toString(spsa.seed()));
            mine.put("--seed", Long.toString(seed));
        }
        String[][] kept = {{"--tc", "tc", tc}, {"--hash", "hash", Integer.toString(hash)},
            {"--timemargin", "timemargin", Integer.toString(timeMargin)}, {"--openings", "openings",
                openings.toString()}};
        for (String[] option : kept) {
            if (given(option[0]) && settings.containsKey(option[1])) {
                saved.put(option[0], settings.get(option[1]));
                mine.put(option[0], option[2]);
            }
        }
        return RunPlan.firstDifference(saved, mine, "the checkpoint");
    }

    private static String sortedNames(List<String> names) {
        List<String> sorted = new ArrayList<>(names);
        sorted.sort(null);
        return String.join(",", sorted);
    }

    /** A number as a user writes it: 86, 0.5 (rounded to six places, which a ratio of doubles needs). */
    private static String number(double value) {
        return BigDecimal.valueOf(Math.round(value * 1e6) / 1e6).stripTrailingZeros().toPlainString();
    }

    private List<SpsaParameter> chooseParameters() {
        List<Tunable> chosen = new ArrayList<>();
        if (params == null || params.isEmpty()) {
            chosen.addAll(Tunables.all());
        } else {
            for (String name : params) {
                Tunable t = Tunables.find(name.trim());
                if (t == null) {
                    throw new IllegalArgumentException("unknown parameter '" + name + "' ('horizon params' lists them)");
                }
                chosen.add(t);
            }
        }
        Map<String, Integer> starts = new LinkedHashMap<>();
        if (start != null) {
            for (String s : start) {
                int eq = s.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("--start takes NAME=VALUE, not '" + s + "'");
                }
                Tunable t = Tunables.find(s.substring(0, eq).trim());
                if (t == null) {
                    throw new IllegalArgumentException("unknown parameter '" + s.substring(0, eq) + "'");
                }
                int v;
                try {
                    v = Integer.parseInt(s.substring(eq + 1).trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("--start " + t.name + " needs a whole number, not '"
                            + s.substring(eq + 1) + "'");
                }
                if (v < t.min || v > t.max) {
                    throw new IllegalArgumentException(t.name + " takes " + t.min + " to " + t.max + ", not " + v);
                }
                starts.put(t.name, v);
            }
        }
        if (!(stepScale > 0 && stepScale <= 4)) {
            throw new IllegalArgumentException("--step-scale takes a factor above 0 and at most 4, not " + stepScale);
        }
        List<SpsaParameter> list = new ArrayList<>();
        for (Tunable t : chosen) {
            list.add(new SpsaParameter(t.name, starts.getOrDefault(t.name, t.defaultValue), t.min, t.max,
                    t.cEnd * stepScale, t.rEnd));
        }
        return list;
    }

    /**
     * The engine the tune plays: a copy of this jar (so that rebuilding the checkout mid-tune changes nothing),
     * started by a small launcher with the tunables as UCI options. Its SHA-256 goes into the checkpoint; a
     * resumed tune warns when the engine differs from the one it started with.
     */
    private String defaultEngine(Path workDir, Map<String, String> settings, PrintStream out) throws IOException {
        Path jar;
        try {
            jar = Path.of(SpsaCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException("cannot locate the running jar", e);
        }
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("not running from a jar (" + jar + "): pass --engine");
        }
        Files.createDirectories(workDir);
        Path copy = workDir.resolve("engine.jar");
        if (!Files.exists(copy)) {
            Files.copy(jar, copy, StandardCopyOption.REPLACE_EXISTING);
        }
        String sha = sha256(copy);
        String recorded = settings.get("engine-sha256");
        if (recorded == null) {
            settings.put("engine-sha256", sha);
        } else if (!recorded.equals(sha)) {
            out.println("spsa: warning: the engine differs from the one this tune started with (jar SHA-256 "
                    + sha.substring(0, 12) + " against " + recorded.substring(0, 12) + ")");
        }
        Path launcher = workDir.resolve("engine.sh");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Files.writeString(launcher, "#!/bin/sh\nexec \"" + java + "\" -XX:+UseParallelGC -Xmn64m -Xss16m "
                + "-Xlog:disable -Xlog:all=warning:stderr -jar \"" + copy.toAbsolutePath() + "\" --tunable\n");
        launcher.toFile().setExecutable(true);
        return launcher.toAbsolutePath().toString();
    }

    private static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            int n;
            while ((n = in.read(buffer)) > 0) {
                md.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The parameters that moved furthest from their start, in units of their final perturbation. */
    private static String movedMost(Spsa spsa, int count) {
        List<SpsaParameter> ps = new ArrayList<>(spsa.parameters());
        ps.sort((a, b) -> Double.compare(Math.abs(b.value - b.start) / b.cEnd, Math.abs(a.value - a.start) / a.cEnd));
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(count, ps.size()); i++) {
            SpsaParameter p = ps.get(i);
            sb.append(i == 0 ? "" : " ").append(String.format(Locale.ROOT, "%s %.1f", p.name, p.value));
        }
        return sb.toString();
    }

    /** Prints the values (OpenBench's format, as the new defaults) and draws every parameter's path. */
    private void report(Spsa spsa, PrintStream out) throws IOException {
        double score = spsa.wins() + spsa.draws() / 2.0;
        long n = spsa.wins() + spsa.losses() + spsa.draws();
        out.printf(Locale.ROOT, "spsa: %s, %d of %d pairs (%d games: plus W%d L%d D%d, %.1f %%), %d lost on time%n",
                spsa.finished() ? "finished" : "paused", spsa.pairsDone(), spsa.totalPairs(), n, spsa.wins(),
                spsa.losses(), spsa.draws(), n == 0 ? 50.0 : 100.0 * score / n, spsa.timeLosses());
        out.println("# name, int, value, min, max, c_end, r_end   (start -> now)");
        for (SpsaParameter p : spsa.parameters()) {
            out.printf(Locale.ROOT, "%s   # %.1f -> %.2f%n", p.openBenchLine(), p.start, p.value);
        }
        Path png = checkpoint.resolve("paths.png");
        try {
            SpsaPlots.paths(spsa, "SPSA: " + checkpoint.getFileName() + ", " + spsa.pairsDone() * 2 + " games",
                    png);
            out.println("spsa: paths drawn in " + png);
        } catch (RuntimeException | IOException | Error e) { // a headless machine without fonts must not lose a tune
            out.println("spsa: could not draw " + png + ": " + e);
        }
    }
}
