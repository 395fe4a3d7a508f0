package horizon.uci;

import horizon.board.Move;
import horizon.board.Position;
import horizon.search.SearchLimits;
import horizon.search.SearchListener;
import horizon.search.Searcher;
import horizon.search.StrengthLimit;
import horizon.search.TranspositionTable;
import java.util.function.Consumer;

/**
 * The engine behind the protocol: the transposition table, the searchers and the threads a search runs on. The
 * protocol thread stays free to answer "isready", "stop" and "ponderhit" while a search runs.
 *
 * <p>Lazy SMP: with Threads = N, N-1 helper searchers search the same root beside the main one, each with its own
 * move-ordering state (killers, history) and every other one starting an iteration deeper, all sharing the
 * lock-free transposition table. The main searcher owns the clock, the output and the move played; the helpers
 * only make its table better. Helper threads are started with each search and joined before "bestmove" is
 * printed, so no thread outlives a search.
 */
public final class Engine {
    public static final int MAX_THREADS = 1024;
    private final TranspositionTable tt = new TranspositionTable(TranspositionTable.DEFAULT_MB);
    private final Searcher searcher = new Searcher(tt);
    private Searcher[] helpers = new Searcher[0];
    private horizon.eval.Weights weights = horizon.eval.Weights.builtIn();
    private final Object lock = new Object();
    private Thread searchThread;
    /** Set by "stop" or "ponderhit": a search that waits for stop may now print its move. */
    private boolean released;

    public TranspositionTable transpositionTable() {
        return tt;
    }

    public Searcher searcher() {
        return searcher;
    }

    /**
     * Runs short searches on a separate searcher and table so that the JIT compiles the search before the first
     * real move (a bullet game's first move would otherwise be played by the interpreter). The last one ends on
     * its clock, so that the stop path is compiled too. Leaves this engine's table and history untouched.
     */
    public void warmUp() {
        Searcher scratch = new Searcher(new TranspositionTable(1));
        for (int i = 0; i < 3; i++) {
            SearchLimits limits = new SearchLimits();
            if (i < 2) {
                limits.nodes = 60_000;
            } else {
                limits.moveTime = 120;
            }
            scratch.setMoveOverhead(0);
            scratch.search(Position.fromFen(Bench.POSITIONS[1 + i]), limits, null);
        }
    }

    public void newGame() {
        stopAndWait();
        searcher.newGame(); // the table is shared: the helpers only forget their own ordering
        for (Searcher helper : helpers) {
            helper.clearHistory();
        }
    }

    /**
     * Evaluates with these weights from the next search on, in every search thread. The hash table is cleared:
     * its static evaluations came from the old weights.
     */
    public void setWeights(horizon.eval.Weights next) {
        stopAndWait();
        weights = next;
        searcher.setWeights(next);
        for (Searcher helper : helpers) {
            helper.setWeights(next);
        }
        tt.clear();
    }

    public horizon.eval.Weights weights() {
        return weights;
    }

    /** Sets the number of search threads (main plus helpers); takes effect from the next search. */
    public void setThreads(int threads) {
        stopAndWait();
        int count = Math.max(1, Math.min(MAX_THREADS, threads)) - 1;
        Searcher[] next = java.util.Arrays.copyOf(helpers, count);
        for (int i = helpers.length; i < count; i++) {
            next[i] = new Searcher(tt);
            next[i].setWeights(weights);
            next[i].setFirstDepth(1 + (i + 1) % 2);
        }
        helpers = next;
        searcher.setHelpers(helpers);
    }

    public int threads() {
        return helpers.length + 1;
    }

    /**
     * Starts searching a copy of pos; {@code bestmove} (and "info" through the listener) go to out. A search
     * that waits for stop (infinite, ponder) prints its move only after {@link #stop} or {@link #ponderHit}.
     */
    public void go(Position pos, SearchLimits limits, SearchListener listener, Consumer<String> out,
                   boolean chess960) {
        go(pos, limits, listener, out, chess960, null);
    }

    /**
     * As above; with a strength limit the search gets its node budget and {@link StrengthLimit#LINES} lines, of
     * which only the first is reported, and the move is drawn from them.
     */
    public void go(Position pos, SearchLimits limits, SearchListener listener, Consumer<String> out,
                   boolean chess960, StrengthLimit strength) {
        stopAndWait();
        Position board = pos.copy();
        synchronized (lock) {
            released = false;
        }
        searcher.resetStop(); // here, not on the search thread: a "stop" right after "go" must not be lost
        // A weakened search is a single-threaded one: helpers would add strength the node budget does not count.
        Searcher[] team = strength == null ? helpers : new Searcher[0];
        for (Searcher helper : team) {
            helper.resetStop();
        }
        searchThread = new Thread(() -> {
            // Helpers search until the main search ends: no clock of their own, the same depth limit and root.
            SearchLimits helperLimits = new SearchLimits();
            helperLimits.infinite = true;
            helperLimits.depth = limits.depth;
            helperLimits.searchMoves = limits.searchMoves;
            Thread[] workers = new Thread[team.length];
            for (int i = 0; i < team.length; i++) {
                Searcher helper = team[i];
                Position own = board.copy();
                workers[i] = new Thread(() -> helper.searchUnlessStopped(own, helperLimits, null),
                        "horizon-helper-" + (i + 1));
                workers[i].setDaemon(true);
                workers[i].start();
            }
            int best;
            if (strength == null) {
                best = searcher.searchUnlessStopped(board, limits, listener);
            } else {
                best = weakenedSearch(board, limits, listener, strength);
            }
            for (Searcher helper : team) {
                helper.stop();
            }
            for (Thread worker : workers) {
                joinQuietly(worker);
            }
            synchronized (lock) {
                while (limits.waitsForStop() && !released) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
            }
            if (best == Move.NONE) {
                out.accept("info depth 0 score " + (board.inCheck() ? "mate 0" : "cp 0"));
                out.accept("bestmove 0000");
                return;
            }
            String line = "bestmove " + Move.toUci(best, chess960);
            int ponder = ponderMove(board, best);
            out.accept(ponder == Move.NONE ? line : line + " ponder " + Move.toUci(ponder, chess960));
        }, "horizon-search");
        searchThread.start();
    }

    private int weakenedSearch(Position board, SearchLimits limits, SearchListener listener,
                               StrengthLimit strength) {
        limits.nodes = limits.nodes > 0 ? Math.min(limits.nodes, strength.nodesPerMove()) : strength.nodesPerMove();
        int userLines = searcher.multiPv();
        searcher.setMultiPv(StrengthLimit.LINES);
        SearchListener firstLineOnly = listener == null ? null : new SearchListener() {
            @Override
            public void iteration(int depth, int selectiveDepth, int multipv, int score, int bound, long nodes,
                                  long timeMs, int hashfull, int[] pv, int pvLength) {
                if (multipv == 1) {
                    listener.iteration(depth, selectiveDepth, multipv, score, bound, nodes, timeMs, hashfull, pv,
                            pvLength);
                }
            }

            @Override
            public void currentMove(int depth, int move, int moveNumber) {
                listener.currentMove(depth, move, moveNumber);
            }
        };
        try {
            int best = searcher.searchUnlessStopped(board, limits, firstLineOnly);
            int count = searcher.lineCount();
            if (best == Move.NONE || count <= 1) {
                return best;
            }
            int[] moves = new int[count], scores = new int[count];
            for (int i = 0; i < count; i++) {
                moves[i] = searcher.lineMove(i);
                scores[i] = searcher.lineScore(i);
                if (moves[i] == Move.NONE) {
                    return best; // an iteration cut short left this line empty: play the best move
                }
            }
            return strength.choose(moves, scores, count);
        } finally {
            searcher.setMultiPv(userLines);
        }
    }

    private static void joinQuietly(Thread t) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // a helper must be gone before "bestmove": keep waiting, restore the flag
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The expected reply: second move of the principal variation, if the search got that far. */
    private int ponderMove(Position board, int best) {
        return searcher.pvLength() >= 2 && searcher.pvMove(0) == best ? searcher.pvMove(1) : Move.NONE;
    }

    public void stop() {
        searcher.stop();
        synchronized (lock) {
            released = true;
            lock.notifyAll();
        }
    }

    /** The opponent played the move we pondered on: the search goes on, now on our clock. */
    public void ponderHit() {
        searcher.ponderHit();
        synchronized (lock) {
            released = true;
            lock.notifyAll();
        }
    }

    public boolean isSearching() {
        Thread t = searchThread;
        return t != null && t.isAlive();
    }

    /** Stops a running search, if any, and waits until its "bestmove" has been printed. */
    public void stopAndWait() {
        Thread t = searchThread;
        if (t != null) {
            stop();
            waitForSearch();
        }
    }

    public void waitForSearch() {
        Thread t = searchThread;
        if (t == null) {
            return;
        }
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        searchThread = null;
    }
}
