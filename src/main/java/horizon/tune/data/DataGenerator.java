package horizon.tune.data;

import horizon.board.Move;
import horizon.board.MoveGenerator;
import horizon.board.Piece;
import horizon.board.Position;
import horizon.eval.Evaluator;
import horizon.eval.Weights;
import horizon.io.ProgressBars;
import horizon.io.RunLock;
import horizon.search.Searcher;
import horizon.search.TranspositionTable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ProgressBar;

/**
 * Self-play for tuning data: games at a fixed node count per move, from book positions (or the start position)
 * followed by a few random moves, adjudicated when both the score and its persistence make the result clear.
 * Every game's quiet positions are written with its result, as {@code <FEN> c9 "1-0";}.
 *
 * <p>Kept: positions not in check, whose best move is quiet and whose quiescence score equals the static
 * evaluation, so that the label belongs to the position the evaluation sees. Each game draws its openings from
 * its own seeded stream and a cleared search, so a run is reproducible game by game whatever the thread count (only
 * the order of the games in the file depends on thread timing), and a killed run is completed by the same command
 * (see {@link #run}).
 */
public final class DataGenerator {
    /** Settings of a run. */
    public static final class Options {
        public int games = 1000;
        public long nodes = 5000;
        public int threads = 1;
        public Path out;
        public Path openings;
        public int randomPlies = 4;
        /**
         * Chance that a move after the opening is a random legal one instead of the player's: games of strong
         * players keep material imbalances only where they are justified, so without such blunders the data
         * never shows the tuner what a piece given away for nothing is worth.
         */
        public double blunderRate = 0;
        public long seed = 1;
        public int hashMb = 16;
        /**
         * A game ends when the player's score stays at least this high for one side over
         * {@link Adjudicator#RESIGN_PLIES}
         * plies (0: never; played out to mate or a draw by rule). Adjudication saves time, but the positions of a
         * won game's conversion (the passed pawn that runs, the extra piece that mates) then never reach the data.
         */
        public int resignScore = Adjudicator.DEFAULT_RESIGN_SCORE;
        /** Weights Horizon plays and filters with; null means the built-in ones. */
        public Weights weights;
        /** Where the weights came from, for the sidecar's record of the settings. */
        public String weightsName = "built-in";
        /** UCI engine command that plays the games; null means Horizon itself. */
        public String engine;
    }

    static final int MAX_PLIES = 400;

    private final Options options;
    private final List<String> book;
    private final AtomicInteger nextGame = new AtomicInteger();
    private final AtomicLong positions = new AtomicLong();
    private final DatagenStatistics statistics = new DatagenStatistics();
    /** The run's lock, which starts the UCI players (none outside {@link #run}). */
    private RunLock run = RunLock.NONE;

    public DataGenerator(Options options) throws IOException {
        this.options = options;
        this.book = new ArrayList<>();
        if (options.openings != null) {
            for (String line : Files.readAllLines(options.openings, StandardCharsets.UTF_8)) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    book.add(line.trim());
                }
            }
        }
    }

    /**
     * Plays the games of the seed that the file does not hold yet, appending their lines; returns the number of
     * positions written by this run. As {@link SelfPlayDatagen} does for records, a sidecar ({@link DatagenProgress})
     * counts the whole games the file holds, so that the same command run again after a kill cuts what a torn
     * write left and plays the missing games.
     *
     * @throws IllegalArgumentException when the file and its sidecar disagree, the seed was played with other
     *                                  settings, the file holds lines no sidecar counts, or another run holds it
     */
    public long run(PrintStream log) throws IOException, InterruptedException {
        try (RunLock lock = RunLock.forOutput(options.out, "datagen", log)) {
            run = lock;
            return runLocked(log);
        } finally {
            run = RunLock.NONE;
        }
    }

    /** The settings a seed's games are played with, as the sidecar keeps them. */
    private String settings() {
        return "format epd, engine " + (options.engine == null ? "horizon" : options.engine) + ", nodes "
                + options.nodes + ", random plies " + options.randomPlies + ", openings " + (options.openings == null
                ? "start position" : options.openings.getFileName()) + ", blunder rate " + options.blunderRate
                + ", resign " + options.resignScore + ", weights " + options.weightsName + ", hash " + options.hashMb;
    }

    private long runLocked(PrintStream log) throws IOException, InterruptedException {
        Path sidecar = DatagenProgress.of(options.out);
        long fileLength = Files.exists(options.out) ? Files.size(options.out) : 0;
        String settings = settings();
        DatagenProgress progress = DatagenProgress.resume(options.out, fileLength, 1, options.seed, settings);
        if (progress == null) {
            if (fileLength > 0) {
                // Lines of an older run, whose games no one counted: resuming could play them again, starting over
                // would throw them away.
                throw new IllegalArgumentException(options.out + " holds " + fileLength + " bytes that no "
                        + sidecar.getFileName() + " counts: remove it to start over, or give another --out");
            }
            progress = new DatagenProgress(0);
        }
        long keep = progress.length();
        if (keep < fileLength) {
            log.printf("datagen: %s: cut %d bytes written after its last finished game (a run stopped while "
                    + "writing), back to %d bytes%n", options.out, fileLength - keep, keep);
        }
        List<Integer> pending = progress.pendingGames(options.seed, options.games);
        if (pending.isEmpty()) {
            RecordFile.Appender.open(options.out, keep, 1, true).close(); // the cut, with nothing to append
            log.printf("datagen: %s holds all %d games of seed %d already (raise --games, or take another --seed, "
                    + "for more)%n", options.out, options.games, options.seed);
            return 0;
        }
        if (keep > 0) {
            log.printf("datagen: appending to %s; %d of seed %d's %d games to play%n", options.out, pending.size(),
                    options.seed, options.games);
        }
        long start = System.nanoTime();
        // EPD lines are units of one byte: the sidecar's length cuts a torn line as it cuts a torn record.
        try (RecordFile.Appender out = RecordFile.Appender.open(options.out, keep, 1, true);
             ProgressBar bar = ProgressBars.onStderr("datagen", pending.size())) {
            Output output = new Output(out, progress, sidecar, settings);
            List<Thread> workers = new ArrayList<>();
            List<Throwable> failures = new ArrayList<>();
            for (int t = 0; t < Math.max(1, Math.min(options.threads, pending.size())); t++) {
                Thread worker = new Thread(() -> {
                    try {
                        playGames(pending, output, bar);
                    } catch (RuntimeException | IOException e) {
                        synchronized (failures) {
                            failures.add(e);
                        }
                    }
                }, "datagen-" + t);
                workers.add(worker);
                worker.start();
            }
            for (Thread worker : workers) {
                worker.join();
            }
            if (!failures.isEmpty()) {
                throw new IOException("a datagen thread failed: " + failures.get(0).getMessage(), failures.get(0));
            }
        }
        double minutes = (System.nanoTime() - start) / 60e9;
        log.printf("datagen: %d games of seed %d played (%d before), %d positions in %.1f min (%.0f positions/min) "
                + "-> %s%n", pending.size(), options.seed, progress.doneCount(options.seed) - pending.size(),
                positions.get(), minutes, positions.get() / minutes, options.out);
        log.print(statistics.summary());
        return positions.get();
    }

    /** Where finished games go: their lines in one write, then the sidecar that counts them. */
    private final class Output {
        private final RecordFile.Appender appender;
        private final DatagenProgress progress;
        private final Path sidecar;
        private final String settings;

        Output(RecordFile.Appender appender, DatagenProgress progress, Path sidecar, String settings) {
            this.appender = appender;
            this.progress = progress;
            this.sidecar = sidecar;
            this.settings = settings;
        }

        synchronized void finished(int game, String lines) throws IOException {
            // Lines first, then the sidecar: a kill between the two leaves lines the sidecar does not count, which
            // the next run cuts off.
            appender.append(ByteBuffer.wrap(lines.getBytes(StandardCharsets.UTF_8)));
            progress.markDone(options.seed, game, settings, appender.length());
            progress.save(sidecar, options.out.getFileName().toString());
        }
    }

    private void playGames(List<Integer> pending, Output output, ProgressBar bar) throws IOException {
        // The quiet filter always asks Horizon's quiescence search, whoever plays the moves.
        Weights weights = options.weights != null ? options.weights : Weights.builtIn();
        Searcher filter = new Searcher(new TranspositionTable(1));
        filter.setWeights(weights);
        try (GamePlayer player = options.engine == null ? GamePlayer.horizon(options.nodes, options.hashMb, weights)
                : GamePlayer.uci(options.engine, options.nodes, options.hashMb, run)) {
            int index;
            while ((index = nextGame.getAndIncrement()) < pending.size()) {
                int game = pending.get(index);
                // Each game starts from a cleared table and history, so that it does not depend on which games
                // this thread happened to play before it: the same seed gives the same games with any number of
                // threads.
                player.newGame();
                SplittableRandom random = new SplittableRandom(options.seed * 1_000_003L + game);
                List<String> fens = new ArrayList<>();
                List<Integer> phases = new ArrayList<>();
                double result = play(player, filter, opening(random), random, fens, phases);
                StringBuilder lines = new StringBuilder();
                String label = " c9 \"" + GameResult.toPgn(result) + "\";\n";
                for (String fen : fens) {
                    lines.append(fen).append(label);
                }
                output.finished(game, lines.toString());
                positions.addAndGet(fens.size());
                statistics.addGame(result, phases);
                bar.step();
            }
        }
    }

    private Position opening(SplittableRandom random) {
        // The random plies are played on the board, so the game's UCI history starts from the position they reach.
        Position pos = book.isEmpty() ? Position.startPosition()
                : Position.fromFen(horizon.io.EpdRecord.parse(book.get(random.nextInt(book.size()))).fen());
        int plies = book.isEmpty() ? Math.max(options.randomPlies, 8) : options.randomPlies;
        for (int i = 0; i < plies; i++) {
            int move = randomMove(pos, random);
            if (move == Move.NONE) {
                break;
            }
            pos.makeMove(move);
        }
        return pos;
    }

    /** A legal move of pos drawn uniformly from the game's stream, or Move.NONE when there is none. */
    private static int randomMove(Position pos, SplittableRandom random) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateAll(pos, moves);
        return n == 0 ? Move.NONE : moves[random.nextInt(n)];
    }

    /**
     * Plays one game from pos, collecting quiet positions (with the player's score of each, {@code ce} from the
     * side to move's view, as EPD defines it) and their phases; returns the result from White's view. A position is
     * labelled with the player's score even when a blunder (see {@link Options#blunderRate}) is played from it: the
     * score is the position's value, whatever move follows.
     */
    private double play(GamePlayer player, Searcher filter, Position pos, SplittableRandom random, List<String> fens,
                        List<Integer> phases) {
        String startFen = pos.toFen();
        List<String> uciMoves = new ArrayList<>();
        Adjudicator adjudicator = new Adjudicator(options.resignScore);
        for (int ply = 0; ; ply++) {
            if (MoveGenerator.countLegal(pos) == 0) {
                return pos.inCheck() ? (pos.sideToMove() == Piece.WHITE ? 0.0 : 1.0) : 0.5;
            }
            if (pos.halfmoveClock() >= 100 || pos.repetitionCount() >= 2 || pos.isInsufficientMaterial()
                    || ply >= MAX_PLIES) {
                return 0.5;
            }
            int best = player.move(pos, startFen, uciMoves);
            int score = player.score();
            int whiteScore = pos.sideToMove() == Piece.WHITE ? score : -score;
            if (!pos.inCheck() && !Move.isNoisy(best) && Math.abs(score) < Searcher.MATE_BOUND
                    && filter.evaluator().evaluate(pos) == filter.quiescenceScore(pos)) {
                String[] fields = pos.toFen().split(" ");
                fens.add(fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3] + " ce " + score + ";");
                phases.add(Evaluator.phase(pos));
            }
            double adjudicated = adjudicator.afterSearch(ply, whiteScore);
            if (!Double.isNaN(adjudicated)) {
                return adjudicated;
            }
            if (options.blunderRate > 0 && random.nextDouble() < options.blunderRate) {
                best = randomMove(pos, random); // the position has legal moves: checked at the top of the loop
            }
            uciMoves.add(Move.toUci(best, false));
            pos.makeMove(best);
        }
    }
}
