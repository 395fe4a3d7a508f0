package horizon.engine;

/**
 * One line of a finished (or, with a bound, failed) iteration: what a GUI shows as "depth 12 score cp 35 ... pv".
 * {@code multipv} 1 is the best line; {@code bound} says whether the score is exact or, after a failed aspiration
 * window, only a bound; scores are centipawns from the side to move, or mates and tablebase results
 * ({@link SearchScore} reads and writes them); {@code tbHits} counts the tablebase probes that answered.
 */
public record SearchInfo(int depth, int selectiveDepth, int multipv, int score, Bound bound, long nodes, long timeMs,
                         int hashfull, long tbHits, int[] pv) {
    public long nodesPerSecond() {
        return nodes * 1000 / Math.max(1, timeMs);
    }
}
