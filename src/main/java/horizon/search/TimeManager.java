package horizon.search;

/**
 * Turns the clock into two limits. The soft limit is checked between iterations: past it, a new iteration is not
 * started, since it would likely not finish. The hard limit is checked inside the search and ends it at once;
 * it never exceeds what is left on the clock minus the move overhead (GUI and pipe latency).
 */
public final class TimeManager {
    private volatile long startNanos;
    private long softMs = Long.MAX_VALUE, hardMs = Long.MAX_VALUE;
    private volatile boolean enabled;

    /** Sets the limits for a search with these limits, played by {@code color}, starting now. */
    public void start(SearchLimits limits, int color, int moveOverheadMs) {
        startNanos = System.nanoTime();
        softMs = Long.MAX_VALUE;
        hardMs = Long.MAX_VALUE;
        if (limits.moveTime > 0) {
            hardMs = Math.max(1, limits.moveTime - moveOverheadMs);
            softMs = hardMs;
        } else if (limits.hasClock(color)) {
            long left = color == 0 ? limits.whiteTime : limits.blackTime;
            long increment = Math.max(0, color == 0 ? limits.whiteIncrement : limits.blackIncrement);
            int movesToGo = limits.movesToGo > 0 ? Math.min(limits.movesToGo, 40) : 30;
            long usable = Math.max(1, left - moveOverheadMs);
            long optimum = usable / movesToGo + increment * 3 / 4;
            hardMs = Math.max(1, Math.min(usable * 3 / 4, optimum * 4));
            if (limits.movesToGo == 1) {
                hardMs = Math.max(1, usable * 9 / 10); // last move before the time control: use most of it
            }
            softMs = Math.min(hardMs, optimum * 6 / 10);
            softMs = Math.max(1, softMs);
        }
        // Pondering runs on the opponent's time: limits apply only after "ponderhit".
        enabled = !limits.waitsForStop();
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

    public long softMs() {
        return softMs;
    }

    public long hardMs() {
        return hardMs;
    }
}
