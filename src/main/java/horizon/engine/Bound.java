package horizon.engine;

import horizon.search.TranspositionTable;

/**
 * What an iteration line's score is: exact, or only a bound because the aspiration window failed. The search keeps
 * the transposition table's int encoding on its hot path; the engine converts once per reported line, here.
 */
public enum Bound {
    /** The score is the line's value. */
    EXACT,
    /** The line failed high: its value is at least the score. */
    LOWER,
    /** The line failed low: its value is at most the score. */
    UPPER;

    /**
     * The bound the search reported: {@link TranspositionTable#BOUND_LOWER}, {@link TranspositionTable#BOUND_UPPER},
     * and 0 or {@link TranspositionTable#BOUND_EXACT} for an exact score.
     */
    public static Bound fromSearch(int bound) {
        return switch (bound) {
            case 0, TranspositionTable.BOUND_EXACT -> EXACT;
            case TranspositionTable.BOUND_LOWER -> LOWER;
            case TranspositionTable.BOUND_UPPER -> UPPER;
            default -> throw new IllegalArgumentException("not a bound: " + bound);
        };
    }
}
