package horizon.tune.games;

import horizon.io.RunLock;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Plays SPSA's game pairs with fastchess (github.com/Disservin/fastchess, built from source outside the repo): both
 * engines are the same command, told their parameters as UCI options, each opening played with both colours
 * ({@code -repeat}), openings drawn at random from an EPD file by the batch's seed. The result is read from
 * fastchess's summary line ({@code Games: N, Wins: W, Losses: L, Draws: D}, for the first engine: "plus").
 * Its output of the last batch is kept in {@code last-batch.log}, its games appended to {@code games.pgn}.
 */
public final class FastchessRunner implements GameRunner {
    private static final Pattern SUMMARY =
            Pattern.compile("Games: (\\d+), Wins: (\\d+), Losses: (\\d+), Draws: (\\d+)");

    /** What a batch is played with. */
    public record Settings(Path fastchess, String engine, String timeControl, int timeMarginMs, int hashMb,
                           Path openings, int concurrency, Path workDir) {
    }

    private final Settings settings;
    /** Starts fastchess in a process group of its own, recorded in the run's lock: see {@link RunLock}. */
    private final RunLock run;

    public FastchessRunner(Settings settings, RunLock run) {
        this.settings = settings;
        this.run = run;
    }

    /**
     * The fastchess binary: the given path, else {@code FASTCHESS}, else {@code fastchess} on the PATH.
     *
     * @throws IllegalArgumentException saying where it was looked for and how to get it
     */
    public static Path locate(String given) {
        String name = given != null ? given : System.getenv("FASTCHESS");
        if (name != null && !name.isEmpty()) {
            Path p = Path.of(name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p.toAbsolutePath();
            }
            throw new IllegalArgumentException("fastchess not found or not executable at " + p.toAbsolutePath()
                    + howToGet());
        }
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                Path p = Path.of(dir, "fastchess");
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        throw new IllegalArgumentException("fastchess not found (no --fastchess, no FASTCHESS, none on the PATH)"
                + howToGet());
    }

    private static String howToGet() {
        return "; build it from its source (github.com/Disservin/fastchess: make) outside this repository and pass"
                + " --fastchess PATH or set FASTCHESS";
    }

    /** The fastchess command line of one batch. */
    List<String> command(Map<String, Integer> plus, Map<String, Integer> minus, int pairs, long seed) {
        List<String> cmd = new ArrayList<>();
        cmd.add(settings.fastchess().toString());
        engine(cmd, "plus", plus);
        engine(cmd, "minus", minus);
        // timemargin after tc: fastchess's tc= resets it.
        cmd.addAll(List.of("-each", "proto=uci", "tc=" + settings.timeControl(),
                "timemargin=" + settings.timeMarginMs(), "option.Hash=" + settings.hashMb(), "option.Threads=1"));
        cmd.addAll(List.of("-openings", "file=" + settings.openings(), "format=epd", "order=random"));
        cmd.addAll(List.of("-srand", Long.toString(seed & 0x7FFFFFFFL)));
        cmd.addAll(List.of("-rounds", Integer.toString(pairs), "-games", "2", "-repeat"));
        cmd.addAll(List.of("-concurrency", Integer.toString(settings.concurrency())));
        cmd.addAll(List.of("-resign", "movecount=3", "score=600", "twosided=true"));
        cmd.addAll(List.of("-draw", "movenumber=40", "movecount=8", "score=10"));
        cmd.addAll(List.of("-pgnout", "file=" + settings.workDir().resolve("games.pgn")));
        return cmd;
    }

    private void engine(List<String> cmd, String name, Map<String, Integer> values) {
        cmd.add("-engine");
        // fastchess runs in the work directory: a relative engine path is made absolute first.
        Path enginePath = Path.of(settings.engine());
        cmd.add("cmd=" + (Files.exists(enginePath) ? enginePath.toAbsolutePath() : settings.engine()));
        cmd.add("name=" + name);
        for (Map.Entry<String, Integer> e : values.entrySet()) {
            cmd.add("option." + e.getKey() + "=" + e.getValue());
        }
    }

    @Override
    public Result play(Map<String, Integer> plus, Map<String, Integer> minus, int pairs, long seed)
            throws GameRunnerException {
        Path log = settings.workDir().resolve("last-batch.log");
        int exit;
        try {
            Files.createDirectories(settings.workDir());
            // In the work directory: fastchess leaves its config.json (for its own resume) where it runs.
            Process process = run.start(new ProcessBuilder(command(plus, minus, pairs, seed)).directory(settings
                    .workDir().toFile()).redirectErrorStream(true).redirectOutput(log.toFile()));
            try {
                exit = process.waitFor();
            } finally {
                run.end(process); // and any engine fastchess left behind it
            }
        } catch (IOException e) {
            throw new GameRunnerException("could not run fastchess: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GameRunnerException("interrupted while fastchess played", e);
        }
        String output;
        try {
            output = readLog(log);
        } catch (IOException e) {
            throw new GameRunnerException("could not read fastchess's output " + log + ": " + e.getMessage(), e);
        }
        Result result = parse(output);
        if (exit != 0 || result == null) {
            throw new GameRunnerException("fastchess " + (exit != 0 ? "exited with " + exit : "printed no result")
                    + "; its output is in " + log + ", ending:\n" + tail(output, 12));
        }
        return result;
    }

    /**
     * fastchess's output, whatever bytes it holds: another program's log, in which a byte that is not UTF-8 (an
     * engine's name, a damaged file) must not hide the summary line.
     */
    static String readLog(Path log) throws IOException {
        return new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
    }

    /** The last summary line's counts, with the games lost on time; null when there is none. */
    static Result parse(String output) {
        Matcher m = SUMMARY.matcher(output);
        Result last = null;
        int timeLosses = 0;
        for (String line : output.split("\n")) {
            if (line.startsWith("Finished game") && line.contains("on time")) {
                timeLosses++;
            }
        }
        while (m.find()) {
            last = new Result(Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
                    Integer.parseInt(m.group(4)), timeLosses);
        }
        return last;
    }

    private static String tail(String text, int lines) {
        String[] all = text.split("\n");
        return String.join("\n", Arrays.copyOfRange(all, Math.max(0, all.length - lines), all.length));
    }
}
