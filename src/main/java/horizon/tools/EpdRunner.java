package horizon.tools;

import horizon.board.Move;
import horizon.board.Perft;
import horizon.board.Position;
import horizon.board.San;
import horizon.engine.Bound;
import horizon.engine.Engine;
import horizon.engine.EngineListener;
import horizon.engine.SearchInfo;
import horizon.engine.SearchResult;
import horizon.engine.SearchScore;
import horizon.search.SearchLimits;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Searches the positions of a suite and judges each answer. Every worker owns an engine (its searchers and hash
 * table, one search thread or a Lazy SMP team, as a GUI's engine would); table and history are cleared before each
 * position so that a result does not depend on which position came before it or on the number of workers, and with
 * a time limit each worker warms the JIT up before its first position.
 * Perft-only positions are counted instead of searched, node by node against each Dn.
 */
public final class EpdRunner {
    /** What one position gave. Times in milliseconds; {@code foundAtMs}/{@code foundAtDepth} are -1 when unsolved. */
    public record Result(SuitePosition position, String found, boolean solved, int points, long foundAtMs,
                         int foundAtDepth, long timeMs, int depth, long nodes, String score) {
    }

    /** How long to look at each position: exactly one of the three is positive. */
    public record Limit(long moveTimeMs, int depth, long nodes) {
        SearchLimits toSearchLimits() {
            SearchLimits limits = new SearchLimits();
            limits.moveTime = moveTimeMs;
            limits.depth = depth;
            limits.nodes = nodes;
            return limits;
        }
    }

    private final Limit limit;
    private final int hashMb;
    private final int searchThreads;

    /** With {@code searchThreads} above 1, each position is searched by that many threads (Lazy SMP). */
    public EpdRunner(Limit limit, int hashMb, int searchThreads) {
        this.limit = limit;
        this.hashMb = hashMb;
        this.searchThreads = Math.max(1, searchThreads);
    }

    /**
     * Runs every position with {@code workers} positions searched at once and hands each result to {@code sink}
     * as it is finished (from worker threads: the sink must be thread-safe).
     */
    public void run(List<SuitePosition> positions, int workers, Consumer<Result> sink) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        Thread[] threads = new Thread[Math.max(1, Math.min(workers, positions.size()))];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                Engine engine = new Engine();
                engine.setHashMb(hashMb);
                engine.setThreads(searchThreads);
                engine.setMoveOverhead(0);
                if (limit.moveTimeMs() > 0) {
                    // As the UCI loop does before a game: with a time limit, the first positions would otherwise
                    // be searched by the interpreter while the JIT compiles (a third of the nodes a second that
                    // later positions get), so their result would depend on where they stand in the suite.
                    engine.warmUp();
                }
                int i;
                while ((i = next.getAndIncrement()) < positions.size()) {
                    engine.newGame();
                    sink.accept(runOne(engine, positions.get(i)));
                }
            }, "epd-worker-" + t);
            threads[t].start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    Result runOne(Engine engine, SuitePosition task) {
        if (task.isPerftOnly()) {
            return runPerft(task);
        }
        Position pos = Position.fromFen(task.fen());
        SolutionTracker tracker = new SolutionTracker(task);
        engine.setPosition(pos);
        engine.go(limit.toSearchLimits(), tracker);
        engine.waitForSearch();
        SearchResult outcome = tracker.outcome;
        int best = outcome.bestMove();
        long elapsed = outcome.timeMs();
        int mate = mateDistance(outcome.score());
        boolean solved = best != Move.NONE && task.isSolvedBy(best, mate);
        String found = best == Move.NONE ? "(none)" : San.toSan(pos, best);
        // The solution time is when the final answer first appeared and stayed: the last iteration that changed it.
        long foundAt = solved ? tracker.stableSinceMs : -1;
        int foundDepth = solved ? tracker.stableSinceDepth : -1;
        if (solved && foundAt < 0) { // solved by the last, unfinished iteration
            foundAt = elapsed;
            foundDepth = outcome.depth() + 1;
        }
        return new Result(task, found, solved, task.hasPoints() ? task.pointsFor(best) : 0, foundAt, foundDepth,
                elapsed, outcome.depth(), outcome.nodes(), SearchScore.toText(outcome.score()));
    }

    private Result runPerft(SuitePosition task) {
        long start = System.nanoTime();
        Perft perft = new Perft(Position.fromFen(task.fen()));
        int maxDepth = limit.depth() > 0 ? limit.depth() : Integer.MAX_VALUE;
        int checked = 0;
        long nodes = 0;
        String found = "ok";
        boolean solved = true;
        for (Map.Entry<Integer, Long> entry : task.perftCounts().entrySet()) {
            int depth = entry.getKey();
            if (depth > maxDepth) {
                break;
            }
            long count = perft.count(depth);
            nodes += count;
            checked = depth;
            if (count != entry.getValue()) {
                found = "D" + depth + " " + count + " != " + entry.getValue();
                solved = false;
                break;
            }
        }
        long elapsed = (System.nanoTime() - start) / 1_000_000;
        return new Result(task, solved ? "perft D1-D" + checked + " ok" : found, solved, 0, solved ? elapsed : -1,
                solved ? checked : -1, elapsed, checked, nodes, "");
    }

    /** Moves to mate for a mating score (positive when the side to move mates), else 0. */
    static int mateDistance(int score) {
        return Math.max(0, SearchScore.mateMoves(score));
    }

    /**
     * Remembers since which iteration the best move has been a solution, to report when it was found, and how the
     * search ended.
     */
    private static final class SolutionTracker implements EngineListener {
        private final SuitePosition task;
        long stableSinceMs = -1;
        int stableSinceDepth = -1;
        SearchResult outcome;

        SolutionTracker(SuitePosition task) {
            this.task = task;
        }

        @Override
        public void iteration(SearchInfo info) {
            if (info.multipv() != 1 || info.bound() != Bound.EXACT || info.pv().length == 0) {
                return;
            }
            if (task.isSolvedBy(info.pv()[0], mateDistance(info.score()))) {
                if (stableSinceMs < 0) {
                    stableSinceMs = info.timeMs();
                    stableSinceDepth = info.depth();
                }
            } else {
                stableSinceMs = -1;
                stableSinceDepth = -1;
            }
        }

        @Override
        public void finished(SearchResult result) {
            outcome = result;
        }
    }
}
