package horizon.engine;

/**
 * One line of a finished (or, with a bound, failed) iteration: what a GUI shows as "depth 12 score cp 35 ... pv".
 * {@code multipv} 1 is the best line; {@code bound} is 0 for an exact score, else
 * {@link horizon.search.TranspositionTable#BOUND_LOWER} or {@link horizon.search.TranspositionTable#BOUND_UPPER};
 * scores are centipawns from the side to move, tablebase wins and losses beyond
 * {@link horizon.search.Searcher#TB_BOUND}, or mate scores beyond {@link horizon.search.Searcher#MATE_BOUND};
 * {@code tbHits} counts the tablebase probes that answered.
 */
public record SearchInfo(int depth, int selectiveDepth, int multipv, int score, int bound, long nodes, long timeMs,
                         int hashfull, long tbHits, int[] pv) {
    public long nodesPerSecond() {
        return nodes * 1000 / Math.max(1, timeMs);
    }
}
