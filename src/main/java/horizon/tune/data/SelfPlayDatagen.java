package horizon.tune.data;

import horizon.board.Position;
import horizon.eval.Weights;
import horizon.eval.WeightsFile;
import horizon.io.CommandErrors;
import horizon.io.CommandException;
import horizon.io.ProgressBars;
import horizon.io.RunLock;
import horizon.search.SearchLimits;
import horizon.nnue.Network;
import horizon.nnue.NetworkFile;
import horizon.search.Searcher;
import horizon.search.TranspositionTable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import me.tongfei.progressbar.ProgressBar;

/**
 * Training data for the network: Horizon's self-play written as {@link TrainingRecord}s ({@code datagen --format
 * bin}). Each move searches to a soft node limit (no iteration starts after it) under a hard cap; the
 * {@link RecordFilter} is applied as the records are written.
 *
 * <p>Game g of seed s draws its opening from its own random stream, seeded by (s, g), and plays with a cleared
 * search, so that a seed's games are the same whatever the thread count; each game's records go out together, so
 * only the order of the games in the file varies. A killed run loses only the games in flight: the file and its
 * {@link DatagenProgress} sidecar say which games are done, and the same command run again cuts what a torn write
 * left and plays the missing games (any --games larger than before plays more).
 */
public final class SelfPlayDatagen {
    /** Settings of a run. */
    public static final class Options {
        /** Games of this seed the file should hold when the run ends (those done before count). */
        public int games = 1000;
        public long softNodes = 5000;
        /** The hard cap; 0 means {@link #DEFAULT_HARD_FACTOR} times the soft limit. */
        public long hardNodes;
        public int threads = 1;
        public int hashMb = 16;
        public Path out;
        /** Book of start positions; null means the start position. */
        public Path openings;
        /** Random plies after the opening: this many or one more, chosen per game. */
        public int randomPlies = 8;
        public int resignScore = Adjudicator.DEFAULT_RESIGN_SCORE;
        public long seed = 1;
        /** Weights Horizon plays with; null means the built-in ones. */
        public Weights weights;
        /** Where the weights came from, for the sidecar's record of the settings. */
        public String weightsName = "built-in";
        /**
         * The network Horizon plays with instead of the linear evaluation, or null: the last net makes the next
         * net's data (the rounds of docs/nnue.md).
         */
        public Network network;
        /** Where the network came from, for the sidecar's record of the settings. */
        public String networkName;
    }

    public static final int DEFAULT_HARD_FACTOR = 8;

    /** What a run did. */
    public record Summary(int gamesPlayed, int gamesBefore, long positions, long inCheck, long noisy, long decisive,
                          int whiteWins, int draws, int blackWins, double seconds) {
        public double positionsPerSecond() {
            return seconds > 0 ? positions / seconds : 0;
        }
    }

    private final Options options;
    private final Openings openings;
    private final String settings;

    /**
     * @throws IllegalArgumentException for a setting out of range or a book line that is not a position
     */
    public SelfPlayDatagen(Options options) throws IOException {
        if (options.games < 1 || options.softNodes < 1 || options.threads < 1 || options.hashMb < 1
                || options.randomPlies < 0 || options.resignScore < 0) {
            throw new IllegalArgumentException("--games, --nodes, --threads and --hash take positive numbers, "
                    + "--random-plies and --resign-score 0 or more");
        }
        if (options.hardNodes != 0 && options.hardNodes < options.softNodes) {
            throw new IllegalArgumentException("--hard-nodes " + options.hardNodes + " is below --nodes "
                    + options.softNodes);
        }
        if (options.out == null) {
            throw new IllegalArgumentException("no output file");
        }
        this.options = options;
        this.openings = options.openings == null ? Openings.startPosition(options.randomPlies)
                : Openings.read(options.openings, options.randomPlies);
        this.settings = "nodes " + options.softNodes + "/" + hardNodes() + ", random plies " + options.randomPlies
                + "-" + (options.randomPlies + 1) + ", openings "
                + (options.openings == null ? "start position" : options.openings.getFileName()) + ", resign "
                + options.resignScore + ", weights " + options.weightsName
                + (options.network == null ? "" : ", network " + options.networkName);
    }

    /**
     * Runs datagen --format bin for the command line: loads the weights file (null: the built-in weights) and the
     * network file (null: none, the linear evaluation plays), plays,
     * and prints the summary.
     *
     * @throws CommandException a bad setting or an unusable file, in one line
     */
    public static int runCommand(Options options, Path weightsFile, Path networkFile) throws InterruptedException {
        try {
            if (networkFile != null) {
                try {
                    options.network = NetworkFile.read(networkFile);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(networkFile + ": " + e.getMessage());
                }
                options.networkName = networkFile.getFileName().toString();
            }
            if (weightsFile != null) {
                try {
                    options.weights = WeightsFile.read(weightsFile);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(weightsFile + ": " + e.getMessage());
                }
                options.weightsName = weightsFile.getFileName().toString();
            }
            SelfPlayDatagen datagen = new SelfPlayDatagen(options);
            Summary summary = datagen.run(System.err);
            if (summary.gamesPlayed() > 0) {
                System.err.print(datagen.describe(summary));
            }
            return 0;
        } catch (IOException | IllegalArgumentException e) {
            throw CommandException.input(e);
        }
    }

    private long hardNodes() {
        return options.hardNodes > 0 ? options.hardNodes : DEFAULT_HARD_FACTOR * options.softNodes;
    }

    /**
     * Plays the games of the seed that the file does not hold yet, appending their records.
     *
     * @throws IllegalArgumentException when the file and its sidecar disagree, the seed was played with other
     *                                  settings, or another run holds the file
     */
    public Summary run(PrintStream log) throws IOException, InterruptedException {
        // The file and its sidecar are one run's at a time: a second run would write the same games twice.
        try (RunLock lock = RunLock.forOutput(options.out, "datagen", log)) {
            return runLocked(log);
        }
    }

    private Summary runLocked(PrintStream log) throws IOException, InterruptedException {
        Path sidecar = DatagenProgress.of(options.out);
        long fileLength = Files.exists(options.out) ? Files.size(options.out) : 0;
        DatagenProgress progress = DatagenProgress.resume(options.out, fileLength, TrainingRecord.BYTES,
                options.seed, settings);
        if (progress == null) { // a file without a sidecar (dataconvert's, or a copy): its whole records stay
            progress = new DatagenProgress(RecordFile.wholeBytes(fileLength));
        }
        long keep = progress.length();
        if (keep < fileLength) {
            log.printf("datagen: %s: cut %d bytes written after its last finished game (a run stopped while "
                    + "writing), back to %d bytes, %d whole records%n", options.out, fileLength - keep, keep,
                    keep / TrainingRecord.BYTES);
        }
        int gamesBefore = progress.doneCount(options.seed);
        List<Integer> pending = progress.pendingGames(options.seed, options.games);
        if (pending.isEmpty()) {
            RecordFile.appendTo(options.out, keep).close(); // the cut, with nothing to append
            log.printf("datagen: %s holds all %d games of seed %d already (raise --games, or take another "
                    + "--seed, for more)%n", options.out, options.games, options.seed);
            return new Summary(0, gamesBefore, 0, 0, 0, 0, 0, 0, 0, 0);
        }
        if (keep > 0) {
            log.printf("datagen: appending to %s (%d records); %d of seed %d's %d games to play%n", options.out,
                    keep / TrainingRecord.BYTES, pending.size(), options.seed, options.games);
        }
        try (RecordFile.Appender appender = RecordFile.appendTo(options.out, keep);
             ProgressBar bar = ProgressBars.onStderr("datagen", pending.size())) {
            Run run = new Run(pending, appender, progress, sidecar, bar);
            long start = System.nanoTime();
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < Math.min(options.threads, pending.size()); t++) {
                Thread worker = new Thread(run::playGames, "datagen-" + t);
                workers.add(worker);
                worker.start();
            }
            for (Thread worker : workers) {
                worker.join();
            }
            if (run.failure != null) {
                throw new IOException("a datagen thread failed: " + CommandErrors.describe(run.failure),
                        run.failure);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            return new Summary(run.gamesPlayed, gamesBefore, run.positions, run.inCheck, run.noisy, run.decisive,
                    run.whiteWins, run.draws, run.blackWins, seconds);
        }
    }

    /** The summary line of a run, for the log. */
    public String describe(Summary s) {
        return String.format("datagen: %d games of seed %d played (%d before; white wins %d, draws %d, black wins "
                        + "%d), %d positions written in %.1f s, %.0f positions/s; left out: %d in check, %d noisy "
                        + "best move, %d mate or tablebase score -> %s%n", s.gamesPlayed(), options.seed,
                s.gamesBefore(), s.whiteWins(), s.draws(), s.blackWins(), s.positions(), s.seconds(),
                s.positionsPerSecond(), s.inCheck(), s.noisy(), s.decisive(), options.out);
    }

    /** The shared state of one run's worker threads; all of it is written under the lock of this object. */
    private final class Run {
        private final List<Integer> pending;
        private final AtomicInteger next = new AtomicInteger();
        private final RecordFile.Appender appender;
        private final DatagenProgress progress;
        private final Path sidecar;
        private final ProgressBar bar;
        private final long startNanos = System.nanoTime();
        private int gamesPlayed, whiteWins, draws, blackWins;
        private long positions, inCheck, noisy, decisive;
        private volatile Exception failure;

        Run(List<Integer> pending, RecordFile.Appender appender, DatagenProgress progress, Path sidecar,
            ProgressBar bar) {
            this.pending = pending;
            this.appender = appender;
            this.progress = progress;
            this.sidecar = sidecar;
            this.bar = bar;
        }

        void playGames() {
            Searcher searcher = new Searcher(new TranspositionTable(options.hashMb));
            searcher.setWeights(options.weights != null ? options.weights : Weights.builtIn());
            searcher.setNetwork(options.network);
            SearchLimits limits = new SearchLimits();
            limits.softNodes = options.softNodes;
            limits.nodes = hardNodes();
            int index;
            while (failure == null && (index = next.getAndIncrement()) < pending.size()) {
                int game = pending.get(index);
                SplittableRandom random = new SplittableRandom(options.seed * 1_000_003L + game);
                try {
                    Position start = openings.pick(random, searcher);
                    // A cleared search: the game depends on its start alone, not on the games before it.
                    searcher.newGame();
                    SelfPlayGame.Outcome outcome = SelfPlayGame.play(start, searcher, limits, options.resignScore);
                    finished(game, outcome);
                } catch (IOException | RuntimeException e) {
                    failure = e;
                }
            }
        }

        private synchronized void finished(int game, SelfPlayGame.Outcome outcome) throws IOException {
            // Records first, then the sidecar that counts them: a kill between the two leaves records the sidecar
            // does not count, which the next run cuts off.
            appender.append(outcome.records());
            progress.markDone(options.seed, game, settings, appender.length());
            progress.save(sidecar, options.out.getFileName().toString());
            gamesPlayed++;
            positions += outcome.positions();
            inCheck += outcome.inCheck();
            noisy += outcome.noisy();
            decisive += outcome.decisive();
            if (outcome.whiteResult() == 1.0) {
                whiteWins++;
            } else if (outcome.whiteResult() == 0.0) {
                blackWins++;
            } else {
                draws++;
            }
            double seconds = (System.nanoTime() - startNanos) / 1e9;
            bar.setExtraMessage(String.format("%d pos, %.0f pos/s", positions, positions / Math.max(seconds, 1e-3)));
            bar.step();
        }
    }
}
