package horizon.engine;

/**
 * Receives a search's results, typed; the protocol layer turns them into text. Called from the search thread, so
 * an implementation must not block it for long.
 */
public interface EngineListener {
    /** A line of an iteration (see {@link SearchInfo}). */
    default void iteration(SearchInfo info) {
    }

    /** The root move being searched, reported after the first second. */
    default void currentMove(int depth, int move, int moveNumber) {
    }

    /**
     * The move about to be reported by {@link #finished} comes from the opening book (OwnBook), not from a search:
     * its weight and the total weight of the position's book moves.
     */
    default void bookMove(int move, int weight, int totalWeight) {
    }

    /**
     * The search thread failed with an unexpected exception (a bug): the search ends at once, and the move about
     * to be reported by {@link #finished} is the best one found before it, so that the game goes on.
     */
    default void searchFailed(RuntimeException error) {
    }

    /**
     * The search is over. A search that waits for "stop" (infinite, ponder) reports this only after
     * {@link Engine#stop} or {@link Engine#ponderHit}.
     */
    void finished(SearchResult result);
}
