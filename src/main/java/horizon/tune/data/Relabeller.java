package horizon.tune.data;

import horizon.board.Position;
import horizon.io.EpdRecord;
import horizon.io.RunLock;
import horizon.io.RunPlan;
import horizon.io.StateFile;
import horizon.search.Searcher;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import me.tongfei.progressbar.ProgressBar;

/**
 * Gives every position of a labelled EPD file a new score ({@code ce}) from a stronger judge, keeping its game
 * result ({@code c9}): the positions of Horizon's own games, scored by Stockfish, can teach evaluation blocks that
 * were zero in the engine that played them (its own scores know nothing of those blocks), at the cost of one search a
 * position instead of the two or so a played game spends on each position it keeps.
 *
 * <p>The file is cut into chunks of {@link Options#chunk} lines, each scored in order by one engine that starts it
 * cleared ({@code ucinewgame}): consecutive lines come from one game, so the engine's hash helps as it does in a
 * game, and the scores depend on the chunks alone, not on the thread count or timing (clearing Stockfish for every
 * position would cost more than its search). The output is written block by block in input order; the same command
 * run again continues at the last whole chunk its output holds, its plan ({@code OUT.plan}) checked first.
 */
public final class Relabeller {
    /** Settings of a run. */
    public static final class Options {
        public Path in;
        public Path out;
        /** UCI engine command that scores the positions. */
        public String engine;
        public long nodes = 5000;
        public int hashMb = 16;
        public int threads = 1;
        /** Lines scored by one engine from a cleared start. */
        public int chunk = 100;
        /**
         * Continue after the whole chunks an output holds though no plan file says how it was made (one written
         * before there were plan files); an output with its plan goes on whenever the plan is the same.
         */
        public boolean resume;
    }

    /** Chunks scored at once between two writes of the output: a stopped run loses at most one block. */
    static final int CHUNKS_PER_BLOCK = 20;

    private static final Pattern SCORE = Pattern.compile("(^|[;\\s])ce\\s+-?\\d+\\s*;");

    /** How a dropped line starts in the output; run() counts the lines by these. */
    static final String MATE_SCORE = "# mate score: ", MALFORMED = "# malformed: ";

    /** What a run did. */
    public record Summary(long scored, long matesDropped, long malformed, long skippedByResume) {
    }

    private final Options options;
    /** The run's lock, which starts the judges (none outside {@link #run}). */
    private RunLock run = RunLock.NONE;

    public Relabeller(Options options) {
        this.options = options;
    }

    /**
     * Scores the input into the output; the same command run again goes on after the whole chunks the output holds.
     *
     * @throws IllegalArgumentException when the output was made under another plan (naming the option), exists
     *                                  with no plan and no --resume, or another run holds it
     */
    public Summary run(PrintStream log) throws IOException, InterruptedException {
        try (RunLock lock = RunLock.forOutput(options.out, "relabel", log)) {
            run = lock;
            return runLocked(log);
        } finally {
            run = RunLock.NONE;
        }
    }

    /** The plan file of an output: how it is being made, so that the same command resumes it. */
    static Path planFile(Path out) {
        return out.resolveSibling(out.getFileName() + ".plan");
    }

    /** What decides the output's lines: the input and the judge; the thread count does not. */
    private Map<String, String> plan() throws IOException {
        Map<String, String> plan = new LinkedHashMap<>();
        plan.put("input", options.in.getFileName() + " (" + Files.size(options.in) + " bytes)");
        plan.put("--engine", options.engine);
        plan.put("--nodes", Long.toString(options.nodes));
        plan.put("--hash", Integer.toString(options.hashMb));
        plan.put("--chunk", Integer.toString(options.chunk));
        return plan;
    }

    private Summary runLocked(PrintStream log) throws IOException, InterruptedException {
        List<String> input = StateFile.readText(options.in).lines().toList();
        Map<String, String> plan = plan();
        Path planFile = planFile(options.out);
        long done = 0;
        if (Files.exists(options.out)) {
            if (Files.exists(planFile)) {
                String difference = RunPlan.firstDifference(RunPlan.parse(StateFile.readText(planFile)), plan,
                        planFile.getFileName().toString());
                if (difference != null) {
                    throw new IllegalArgumentException(difference + "; give the same options to go on, or another "
                            + "--out");
                }
                done = keepWholeChunks(options.out, options.chunk, input.size());
            } else if (options.resume) {
                done = keepWholeChunks(options.out, options.chunk, input.size()); // an output of an older version
            } else if (Files.size(options.out) > 0) {
                throw new IllegalArgumentException(options.out + " exists, and no " + planFile.getFileName()
                        + " says how it was made: --resume to go on after its whole chunks, or remove it to start "
                        + "over");
            }
        }
        StateFile.writeText(planFile, "# horizon relabel: how " + options.out.getFileName() + " is made; the same "
                + "command goes on after its whole chunks\n" + RunPlan.format(plan));
        long scored = 0, mates = 0, malformed = 0;
        List<GamePlayer> players = new ArrayList<>();
        try (BufferedWriter writer = done > 0
                ? Files.newBufferedWriter(options.out, StandardCharsets.UTF_8, StandardOpenOption.APPEND)
                : Files.newBufferedWriter(options.out, StandardCharsets.UTF_8);
             ProgressBar bar = horizon.io.ProgressBars.onStderr("relabel", input.size())) {
            bar.stepTo(done);
            for (int t = 0; t < Math.max(1, options.threads); t++) {
                players.add(GamePlayer.uci(options.engine, options.nodes, options.hashMb, run));
            }
            // A dropped line (mate score, malformed) is written as a comment, which the tuner skips, so that the
            // output has one line per input line and --resume knows where to go on from its length alone.
            int block = options.chunk * CHUNKS_PER_BLOCK;
            for (int from = (int) done; from < input.size(); from += block) {
                int to = Math.min(input.size(), from + block);
                String[] results = scoreBlock(input.subList(from, to), players, bar);
                for (int k = 0; k < results.length; k++) {
                    String line = results[k];
                    if (line.startsWith(MATE_SCORE)) {
                        mates++;
                    } else if (line.startsWith(MALFORMED)) {
                        malformed++;
                        log.println("relabel: " + options.in + ":" + (from + k + 1) + ": " + line.substring(2));
                    } else {
                        scored++;
                    }
                    writer.write(line);
                    writer.write('\n');
                }
                writer.flush();
            }
        } finally {
            for (GamePlayer player : players) {
                player.close();
            }
        }
        log.printf("relabel: %d positions scored at %d nodes, %d dropped (mate scores), %d malformed, %d kept from an "
                + "earlier run -> %s%n", scored, options.nodes, mates, malformed, done, options.out);
        return new Summary(scored, mates, malformed, done);
    }

    /** Scores one block with every player at once, a chunk at a time each; the lines in input order. */
    private String[] scoreBlock(List<String> lines, List<GamePlayer> players, ProgressBar bar)
            throws InterruptedException, IOException {
        String[] results = new String[lines.size()];
        int chunks = (lines.size() + options.chunk - 1) / options.chunk;
        AtomicInteger nextChunk = new AtomicInteger();
        List<Throwable> failures = new ArrayList<>();
        List<Thread> workers = new ArrayList<>();
        for (GamePlayer player : players) {
            Thread worker = new Thread(() -> {
                int c;
                while ((c = nextChunk.getAndIncrement()) < chunks) {
                    player.newGame();
                    for (int i = c * options.chunk; i < Math.min(lines.size(), (c + 1) * options.chunk); i++) {
                        try {
                            results[i] = relabel(lines.get(i), player);
                        } catch (UncheckedIOException | IllegalStateException e) {
                            synchronized (failures) {
                                failures.add(e);
                            }
                            return;
                        }
                        bar.step();
                    }
                }
            }, "relabel");
            workers.add(worker);
            worker.start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        if (!failures.isEmpty()) {
            throw new IOException("the scoring engine failed: " + failures.get(0).getMessage(), failures.get(0));
        }
        return results;
    }

    /**
     * The line with the player's score as its {@code ce} (replaced, or added after the position), or a comment
     * line saying why it was dropped: a mate score (the tuner's sigmoid has no use for it, and datagen keeps none)
     * or a line that is no position.
     */
    static String relabel(String line, GamePlayer player) {
        String text = line.strip();
        if (text.isEmpty() || text.startsWith("#")) {
            return MALFORMED + "an empty or comment line";
        }
        Position pos;
        try {
            pos = Position.fromFen(EpdRecord.parse(text).fen());
        } catch (IllegalArgumentException e) {
            return MALFORMED + e.getMessage();
        }
        player.move(pos, pos.toFen(), List.of());
        int score = player.score();
        if (Math.abs(score) >= Searcher.MATE_BOUND) {
            return MATE_SCORE + text;
        }
        return withScore(text, score);
    }

    /** line with its ce operation set to score. */
    static String withScore(String line, int score) {
        Matcher m = SCORE.matcher(line);
        if (m.find()) {
            return line.substring(0, m.start()) + m.group(1) + "ce " + score + ";" + line.substring(m.end());
        }
        String[] fields = line.split("\\s+", 5);
        String head = String.join(" ", fields[0], fields[1], fields[2], fields[3]);
        String rest = fields.length > 4 ? " " + fields[4] : "";
        return head + " ce " + score + ";" + rest;
    }

    /**
     * Cuts file back to the whole chunks of complete lines it holds (a run stopped while writing leaves a
     * half-written line, or part of a block); returns the lines it keeps. A file longer than the input is refused
     * untouched.
     */
    static long keepWholeChunks(Path file, int chunk, long inputLines) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        long total = 0;
        for (byte b : bytes) {
            total += b == '\n' ? 1 : 0;
        }
        if (total > inputLines) {
            throw new IOException(file + " has " + total + " lines, more than the " + inputLines
                    + " of the input: not a relabelling of it (left as it is)");
        }
        long keep = total / chunk * chunk;
        long lines = 0;
        int end = 0;
        while (lines < keep) {
            if (bytes[end++] == '\n') {
                lines++;
            }
        }
        if (end < bytes.length) {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.truncate(end);
            }
        }
        return keep;
    }
}
