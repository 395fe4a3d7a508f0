package horizon.tune.data;

import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.eval.Weights;
import horizon.io.RunLock;
import horizon.nnue.Network;
import horizon.search.SearchLimits;
import horizon.search.Searcher;
import horizon.search.TranspositionTable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;

/**
 * Widens a data set for a network that has seen too few positions. From every source record it takes a few short
 * random walks (1 to maxPlies uniformly random legal moves) and keeps each position reached that is quiet (not in
 * check, a move to play, static evaluation equal to the quiescence score), labelled with the linear evaluation's
 * score. Self-play labels a position by a 5,000-node search, about a hundred a second on two cores; this labels
 * tens of thousands a second, so the net can learn the linear evaluation's judgement of many more positions,
 * including the lopsided ones a search visits and games never reach. With a node count, each quiet position is
 * labelled by a search of its own instead (a few hundred a second a core at 1,000 nodes): fewer positions, with
 * what the search finds beyond the evaluation.
 *
 * <p>A walk's game result is unknown: its records hold a draw, so they are trained with {@code --lambda 1} (the
 * score alone). The walks from a source record draw from their own stream, seeded by the seed and the record's
 * index over all sources, and blocks of records are written in order: the output depends on the seed, never on the
 * thread count.
 *
 * <p>With a network the walks are judged and labelled by it, as the search that plays with it sees them (its score
 * with the endgame knowledge over it, {@code Searcher.staticScore}): the last net labels the next net's
 * data. A run writes {@code OUT.progress} as it goes ({@link WalkProgress}), so a run that was stopped is continued
 * by the same command, and the output is then the same bytes as an uninterrupted run's.
 */
public final class WalkLabeller {
    /** Source records per task. */
    static final int BLOCK = 2048;
    private static final int NO_LABEL = Integer.MIN_VALUE;

    /** Source records read, walks taken, records written. */
    public record Summary(long sources, long walks, long written) {
    }

    private final Weights weights;
    private final Network network;
    private final int walks;
    private final int maxPlies;
    private final long seed;
    private final long nodes;

    /** Labels by the static evaluation. */
    public WalkLabeller(Weights weights, int walks, int maxPlies, long seed) {
        this(weights, walks, maxPlies, seed, 0);
    }

    /**
     * @param walks    walks from each source record
     * @param maxPlies each walk is 1 to maxPlies random moves long
     * @param nodes    0: label by the static evaluation; else by a search of this many nodes (soft; hard 8 times
     *                 as many, as self-play), from a cleared table for each position, the {@link RecordFilter}
     *                 applied to its best move and score
     */
    public WalkLabeller(Weights weights, int walks, int maxPlies, long seed, long nodes) {
        this(weights, null, walks, maxPlies, seed, nodes);
    }

    /** Judged and labelled by network where it is not null, else by the linear evaluation with weights. */
    public WalkLabeller(Weights weights, Network network, int walks, int maxPlies, long seed, long nodes) {
        if (walks < 1 || walks > 1000) {
            throw new IllegalArgumentException("--walks must be 1 to 1000, not " + walks);
        }
        if (maxPlies < 1 || maxPlies > 100) {
            throw new IllegalArgumentException("--plies must be 1 to 100, not " + maxPlies);
        }
        this.weights = weights;
        this.network = network;
        this.walks = walks;
        this.maxPlies = maxPlies;
        this.seed = seed;
        if (nodes < 0) {
            throw new IllegalArgumentException("--nodes must be 0 (the static evaluation) or more, not " + nodes);
        }
        this.nodes = nodes;
    }

    /** A thread's own searcher (the quiet test's quiescence search, and the N-node label search) and scratch. */
    private final class Walker {
        final Searcher searcher = new Searcher(new TranspositionTable(1));
        final int[] moves = new int[MoveGenerator.MAX_MOVES];
        final SearchLimits limits = new SearchLimits();
        final ByteBuffer scratch = ByteBuffer.allocate(TrainingRecord.BYTES).order(ByteOrder.LITTLE_ENDIAN);

        Walker() {
            searcher.setWeights(weights);
            searcher.setNetwork(network);
            limits.softNodes = nodes;
            limits.nodes = 8 * nodes;
        }

        /** The label of a quiet position: its static evaluation, or a search's score; NO_LABEL to leave it out. */
        int label(Position pos, int staticScore) {
            if (nodes == 0) {
                return staticScore;
            }
            // The search sees the position as its record will hold it (the side to move as White, no walk behind
            // it, no castling, en passant or move counters), from a cleared table and history: a label that
            // anyone can check from the record alone, the same on any thread and in any order.
            scratch.clear();
            TrainingRecord.write(pos, 0, 0.5, scratch);
            Position stored = Position.fromFen(TrainingRecord.toFen(scratch, 0, false));
            searcher.newGame();
            int move = searcher.search(stored, limits, null);
            int score = searcher.bestScore();
            return RecordFilter.judge(stored, move, score) == RecordFilter.Verdict.KEPT ? score : NO_LABEL;
        }

        /** The walks from records [first, end) of source, whose first record has the global index base. */
        ByteBuffer walk(ByteBuffer source, int first, int end, long base) {
            ByteBuffer out = ByteBuffer.allocate((end - first) * walks * TrainingRecord.BYTES)
                    .order(ByteOrder.LITTLE_ENDIAN);
            for (int r = first; r < end; r++) {
                if (TrainingRecord.problem(source, r * TrainingRecord.BYTES) != null) {
                    continue; // not a position (a damaged file): nothing to walk from
                }
                SplittableRandom random = new SplittableRandom(seed ^ ((base + r - first) * 0x9E3779B97F4A7C15L));
                String fen = TrainingRecord.toFen(source, r * TrainingRecord.BYTES, false);
                for (int w = 0; w < walks; w++) {
                    Position pos = walkFrom(fen, 1 + random.nextInt(maxPlies), random);
                    if (pos == null || pos.inCheck() || MoveGenerator.generateAll(pos, moves) == 0) {
                        continue;
                    }
                    int score = searcher.staticScore(pos);
                    if (score != searcher.quiescenceScore(pos)) {
                        continue;
                    }
                    int label = label(pos, score);
                    if (label != NO_LABEL) {
                        TrainingRecord.write(pos, label, 0.5, out);
                    }
                }
            }
            return out.flip();
        }

        /** The position after plies random legal moves, or null where the game ended first or fen is no position. */
        private Position walkFrom(String fen, int plies, SplittableRandom random) {
            Position pos;
            try {
                pos = Position.fromFen(fen);
            } catch (IllegalArgumentException e) {
                return null; // a record the format allows but chess does not (a pawn on the last rank)
            }
            for (int p = 0; p < plies; p++) {
                int n = MoveGenerator.generateAll(pos, moves);
                if (n == 0) {
                    return null;
                }
                pos.makeMove(moves[random.nextInt(n)]);
            }
            return pos;
        }
    }

    /**
     * Walks from every record of the sources into out, or continues the run that out's sidecar describes: out is
     * cut back to the length its last whole block left, and the sources after that block are walked (the inputs as
     * they stood when the run began). A new run replaces out.
     *
     * @param settings what labels the walks besides this labeller's own settings (the weights' and network's
     *                 names), kept in the sidecar so that another command's run is not continued by mistake
     * @param progress told the number of source records done, block by block (those of earlier runs at once)
     * @throws IllegalArgumentException when out's sidecar is another run's, or another run holds out
     */
    public Summary run(List<Path> sources, Path out, String settings, int threads, LongConsumer progress,
            PrintStream log) throws IOException {
        return run(sources, out, settings, threads, progress, log, RecordFile.CHUNK_RECORDS);
    }

    /** A run with the built-in weights' name and no log, as tests call it. */
    public Summary run(List<Path> sources, Path out, int threads, LongConsumer progress) throws IOException {
        return run(sources, out, "weights built-in", threads, progress, System.err, RecordFile.CHUNK_RECORDS);
    }

    /** With sources mapped in chunks of chunkRecords: small ones let a test cross chunk boundaries. */
    Summary run(List<Path> sources, Path out, int threads, LongConsumer progress, int chunkRecords)
            throws IOException {
        return run(sources, out, "weights built-in", threads, progress, System.err, chunkRecords);
    }

    Summary run(List<Path> sources, Path out, String settings, int threads, LongConsumer progress,
            PrintStream log, int chunkRecords) throws IOException {
        if (threads < 1) {
            throw new IllegalArgumentException("--threads must be at least 1, not " + threads);
        }
        // The output and its sidecar are one run's at a time: two runs would interleave their blocks.
        try (RunLock lock = RunLock.forOutput(out, "datawalk", log)) {
            return runLocked(sources, out, describe(settings), threads, progress, log, chunkRecords);
        }
    }

    /** The settings the sidecar keeps: this labeller's and the caller's. */
    private String describe(String settings) {
        return "walks " + walks + ", plies 1-" + maxPlies + ", seed " + seed + ", "
                + (nodes == 0 ? "static labels" : "labels by " + nodes + "-node searches") + ", " + settings;
    }

    private Summary runLocked(List<Path> sources, Path out, String settings, int threads, LongConsumer progress,
            PrintStream log, int chunkRecords) throws IOException {
        WalkProgress state = WalkProgress.resume(out, settings, sources);
        long keep = 0;
        if (state == null) {
            state = WalkProgress.start(settings, sources);
        } else {
            keep = state.length;
            log.printf("datawalk: %s: continuing after %,d of %,d source records (%,d records written)%n", out,
                    state.sourcesDone, state.sources(), keep / TrainingRecord.BYTES);
            progress.accept(state.sourcesDone);
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(task, "datawalk");
            thread.setDaemon(true);
            return thread;
        });
        ThreadLocal<Walker> walkers = ThreadLocal.withInitial(Walker::new);
        long sourcesRead = 0;
        try (RecordFile.Appender output = RecordFile.appendTo(out, keep)) {
            state.write(out);
            for (int i = 0; i < sources.size(); i++) {
                RecordFile source = RecordFile.open(sources.get(i), chunkRecords, state.inputs.get(i).records());
                // A window of blocks in flight, written in order as they finish. A block lies within one chunk;
                // its walks are seeded by the records' index over all sources, so where blocks end changes nothing.
                ArrayDeque<Block> window = new ArrayDeque<>();
                for (int c = 0; c < source.chunkCount(); c++) {
                    int records = source.chunkRecords(c);
                    for (int first = 0; first < records; first += BLOCK) {
                        int from = first, to = Math.min(records, first + BLOCK);
                        long base = sourcesRead + source.firstRecord(c) + from;
                        if (base + (to - from) <= state.sourcesDone) {
                            continue; // walked by an earlier run
                        }
                        if (window.size() == 4 * threads) {
                            writeOldest(window, output, state, out, progress);
                        }
                        ByteBuffer view = source.chunk(c);
                        window.add(new Block(pool.submit(() -> walkers.get().walk(view, from, to, base)), to - from));
                    }
                }
                while (!window.isEmpty()) {
                    writeOldest(window, output, state, out, progress);
                }
                sourcesRead += source.records();
            }
            long written = output.length() / TrainingRecord.BYTES;
            return new Summary(sourcesRead, sourcesRead * walks, written);
        } finally {
            pool.shutdownNow();
        }
    }

    /** A block of source records in flight: the records its walks will write, and how many sources it has. */
    private record Block(Future<ByteBuffer> records, int sources) {
    }

    /** Waits for the window's oldest block, appends its records, and then counts it in the sidecar. */
    private static void writeOldest(ArrayDeque<Block> window, RecordFile.Appender output, WalkProgress state,
            Path out, LongConsumer progress) throws IOException {
        Block block = window.remove();
        output.append(take(block.records()));
        state.sourcesDone += block.sources();
        state.length = output.length();
        state.write(out);
        progress.accept(block.sources());
    }

    private static ByteBuffer take(Future<ByteBuffer> future) throws IOException {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IOException(cause);
        }
    }
}
