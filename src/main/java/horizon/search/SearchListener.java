package horizon.search;

/** Receives the search's progress; the UCI layer turns it into "info" lines. Called from the search thread. */
public interface SearchListener {
    /**
     * One line (multipv 1 is the best) of a finished, or with a bound failed, iteration. {@code bound} is 0 for
     * an exact score, else {@link TranspositionTable#BOUND_LOWER} or {@link TranspositionTable#BOUND_UPPER}.
     */
    void iteration(int depth, int selectiveDepth, int multipv, int score, int bound, long nodes, long timeMs,
                   int hashfull, int[] pv, int pvLength);

    /** The root move being searched, reported after the first second. */
    void currentMove(int depth, int move, int moveNumber);
}
