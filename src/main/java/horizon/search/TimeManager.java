package horizon.search;

/**
 * Turns the clock into two limits. The soft limit is checked between iterations: past it, a new iteration is not
 * started, since it would likely not finish. The hard limit is checked inside the search and ends it at once;
 * it never exceeds what is left on the clock minus the move overhead (GUI and pipe latency).
 */
public final class TimeManager {
    private volatile long startNanos;
    private long softMs = Long.MAX_VALUE, hardMs = Long.MAX_VALUE;
    /** The soft limit before {@link #adjust}: what an average position gets. */
    private long baseSoftMs = Long.MAX_VALUE;
    /** Only a clock (not a fixed move time) is shared out unevenly between easy and hard moves. */
    private boolean adjustable;
    private volatile boolean enabled;
    // Without "movestogo" the clock is shared as if TmMovesToGo (20) moves were left. Was 30: Horizon then spent a
    // third less than chess22k on its first ten moves (0.36 against 0.47 s a move at 10+0.1), where the UHO
    // openings' imbalances are decided, and ended games with time left. Every factor is a Tunables entry.

    /** Sets the limits for a search with these limits, played by {@code color}, starting now. */
    public void start(SearchLimits limits, int color, int moveOverheadMs) {
        startNanos = System.nanoTime();
        softMs = Long.MAX_VALUE;
        hardMs = Long.MAX_VALUE;
        adjustable = false;
        if (limits.moveTime > 0) {
            hardMs = Math.max(1, limits.moveTime - moveOverheadMs);
            softMs = hardMs;
        } else if (limits.hasClock(color)) {
            long left = color == 0 ? limits.whiteTime : limits.blackTime;
            long increment = Math.max(0, color == 0 ? limits.whiteIncrement : limits.blackIncrement);
            int movesToGo = limits.movesToGo > 0 ? Math.min(limits.movesToGo, 40) : Tunables.TIME_MOVES_TO_GO.get();
            long usable = Math.max(1, left - moveOverheadMs);
            long optimum = usable / movesToGo + increment * Tunables.TIME_INCREMENT_SHARE.get() / 100;
            hardMs = Math.max(1, Math.min(usable * 3 / 4, optimum * Tunables.TIME_HARD_FACTOR.get() / 100));
            if (limits.movesToGo == 1) {
                hardMs = Math.max(1, usable * 9 / 10); // last move before the time control: use most of it
            }
            softMs = Math.min(hardMs, optimum * Tunables.TIME_SOFT_SHARE.get() / 100);
            softMs = Math.max(1, softMs);
            adjustable = true;
        }
        baseSoftMs = softMs;
        // Pondering runs on the opponent's time: limits apply only after "ponderhit".
        enabled = !limits.waitsForStop();
    }

    /**
     * Moves the soft limit after an iteration, by how settled the search looks: a best move that has stood for
     * many iterations and took most of the root's nodes (the alternatives were refuted quickly) needs less time;
     * a new best move, nodes spread over several moves, or a score falling from the last iterations need more.
     * Factors as in Ethereal and Weiss: stability 1.25 down to 0.75 over ten unchanged iterations; node share
     * 2 * (1 - share) + 0.4, at least 0.5; a falling score up to 1.5 times (1 + drop / 100), a rising one
     * down to 0.9. The hard limit never moves.
     *
     * @param stableIterations iterations in a row that ended with this best move (0: it just changed)
     * @param bestMoveShare    share of the root's nodes that the best move's subtree took, 0..1
     * @param scoreDrop        earlier iteration's score minus this one, centipawns (positive: falling)
     */
    public void adjust(int stableIterations, double bestMoveShare, int scoreDrop) {
        if (!adjustable) {
            return;
        }
        double stability = (Tunables.TIME_STABILITY_BASE.get()
                - Tunables.TIME_STABILITY_STEP.get() * Math.min(10, Math.max(0, stableIterations))) / 100.0;
        double nodes = Math.max(0.5, Tunables.TIME_NODE_FACTOR.get() / 100.0 * (1 - bestMoveShare)
                + Tunables.TIME_NODE_BASE.get() / 100.0);
        double score = Math.max(0.9, Math.min(Tunables.TIME_SCORE_DROP_MAX.get() / 100.0,
                1 + scoreDrop / (double) Tunables.TIME_SCORE_DROP_SCALE.get()));
        softMs = Math.max(1, Math.min(hardMs, (long) (baseSoftMs * stability * nodes * score)));
    }

    /** The opponent played the expected move: our clock started at {@code hitNanos} (System.nanoTime). */
    public void ponderHit(long hitNanos) {
        startNanos = hitNanos;
        enabled = true;
    }

    public long elapsedMs() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    public boolean softExpired() {
        return enabled && elapsedMs() >= softMs;
    }

    public boolean hardExpired() {
        return enabled && elapsedMs() >= hardMs;
    }

    /**
     * How many nodes the search may visit between two readings of the clock (a power of two). 1024 nodes take
     * about 2 ms at full speed, but 20 ms or more while the JIT is still compiling, or when other processes share
     * the cores: with a hard limit of a few tens of milliseconds (a low clock at 3+0.03 s) that overshot the
     * clock (a game lost by 2 ms in a match, in its first game, four JVMs starting on two cores). Below a
     * second the clock is read every 128 nodes, still only a few thousand times a second.
     */
    public int clockCheckInterval() {
        return hardMs < 1000 ? 128 : 1024;
    }

    public long softMs() {
        return softMs;
    }

    public long hardMs() {
        return hardMs;
    }
}
