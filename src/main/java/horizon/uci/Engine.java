package horizon.uci;

import horizon.board.Move;
import horizon.board.Position;
import horizon.search.SearchLimits;
import horizon.search.SearchListener;
import horizon.search.Searcher;
import horizon.search.TranspositionTable;
import java.util.function.Consumer;

/**
 * The engine behind the protocol: the transposition table, the searcher and the thread a search runs on. The
 * protocol thread stays free to answer "isready", "stop" and "ponderhit" while a search runs.
 */
public final class Engine {
    private final TranspositionTable tt = new TranspositionTable(TranspositionTable.DEFAULT_MB);
    private final Searcher searcher = new Searcher(tt);
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
        tt.clear();
        searcher.clearHistory();
    }

    /**
     * Starts searching a copy of pos; {@code bestmove} (and "info" through the listener) go to out. A search
     * that waits for stop (infinite, ponder) prints its move only after {@link #stop} or {@link #ponderHit}.
     */
    public void go(Position pos, SearchLimits limits, SearchListener listener, Consumer<String> out,
                   boolean chess960) {
        stopAndWait();
        Position board = pos.copy();
        synchronized (lock) {
            released = false;
        }
        searcher.resetStop(); // here, not on the search thread: a "stop" right after "go" must not be lost
        searchThread = new Thread(() -> {
            int best = searcher.searchUnlessStopped(board, limits, listener);
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
