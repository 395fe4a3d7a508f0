package horizon.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The time allocation as arithmetic on the clock: no search runs and no time is measured. The time manager's
 * constants are pinned to round values (the hand-picked ones before SPSA run1), so that the expected figures below
 * can be read off the formulas; the tuned defaults are checked for range by TunablesTest.
 */
class TimeManagerTest {
    private static final int WHITE = 0, BLACK = 1;

    @BeforeEach
    void pinTheConstants() {
        Tunables.set("TmMovesToGo", 20);
        Tunables.set("TmIncPct", 75);
        Tunables.set("TmSoftPct", 60);
        Tunables.set("TmHardPct", 400);
        Tunables.set("TmStabBase", 125);
        Tunables.set("TmStabStep", 5);
        Tunables.set("TmNodeMul", 200);
        Tunables.set("TmNodeBase", 40);
        Tunables.set("TmDropMax", 150);
        Tunables.set("TmDropDiv", 100);
    }

    @AfterEach
    void restoreTheDefaults() {
        Tunables.resetAll();
    }

    private static SearchLimits clock(long white, long black, long whiteInc, long blackInc, int movesToGo) {
        SearchLimits limits = new SearchLimits();
        limits.whiteTime = white;
        limits.blackTime = black;
        limits.whiteIncrement = whiteInc;
        limits.blackIncrement = blackInc;
        limits.movesToGo = movesToGo;
        return limits;
    }

    private static TimeManager started(SearchLimits limits, int color, int overhead) {
        TimeManager tm = new TimeManager();
        tm.start(limits, color, overhead);
        return tm;
    }

    @Test
    void moveTimeIsOneLimitLessTheOverhead() {
        SearchLimits limits = new SearchLimits();
        limits.moveTime = 1000;
        TimeManager tm = started(limits, WHITE, 30);
        assertEquals(970, tm.hardMs());
        assertEquals(970, tm.softMs());
    }

    @Test
    void suddenDeathWithIncrement() {
        // 10 s + 0.1 s, overhead 30: usable 9970 ms over 20 moves plus 3/4 of the increment = 573 ms per move;
        // the hard limit is four times that, the soft one 6/10 of it.
        assertEquals(20, Tunables.TIME_MOVES_TO_GO.get());
        TimeManager tm = started(clock(10_000, 10_000, 100, 100, 0), WHITE, 30);
        assertEquals(573 * 4, tm.hardMs());
        assertEquals(573 * 6 / 10, tm.softMs());
    }

    @Test
    void aLowClockIsReadMoreOften() {
        // 60 ms left + 30 ms increment: a hard limit of a few milliseconds, so the search must look at the clock
        // every 128 nodes; with a long limit (or none) every 1024.
        TimeManager low = started(clock(60, 60, 30, 30, 0), WHITE, 30);
        assertTrue(low.hardMs() < 100);
        assertEquals(128, low.clockCheckInterval());
        assertEquals(1024, started(clock(600_000, 600_000, 0, 0, 0), WHITE, 30).clockCheckInterval());
        assertEquals(1024, started(new SearchLimits(), WHITE, 30).clockCheckInterval());
        int interval = low.clockCheckInterval();
        assertEquals(0, interval & (interval - 1), "a power of two: the search masks the node count with it");
    }

    @Test
    void theSideToMoveReadsItsOwnClock() {
        TimeManager white = started(clock(60_000, 1_000, 0, 0, 0), WHITE, 0);
        TimeManager black = started(clock(60_000, 1_000, 0, 0, 0), BLACK, 0);
        assertEquals(60_000 / 20 * 4, white.hardMs());
        assertEquals(1_000 / 20 * 4, black.hardMs());
    }

    @Test
    void movesToGoSharesTheClockAndTheLastMoveUsesMostOfIt() {
        TimeManager forty = started(clock(40_000, 40_000, 0, 0, 40), WHITE, 0);
        assertEquals(1_000 * 6 / 10, forty.softMs());
        TimeManager last = started(clock(5_000, 5_000, 0, 0, 1), WHITE, 0);
        assertEquals(4_500, last.hardMs());
    }

    @Test
    void neverPlansBeyondTheClock() {
        int[] overheads = {0, 30, 100, 1000};
        long[] clocks = {1, 10, 50, 100, 500, 1_000, 5_000, 60_000, 3_600_000};
        long[] increments = {0, 10, 100, 1_000, 30_000};
        int[] togo = {0, 1, 2, 10, 40, 100};
        for (int overhead : overheads) {
            for (long left : clocks) {
                for (long inc : increments) {
                    for (int moves : togo) {
                        TimeManager tm = started(clock(left, left, inc, inc, moves), WHITE, overhead);
                        String what = left + " ms + " + inc + ", movestogo " + moves + ", overhead " + overhead;
                        assertTrue(tm.hardMs() >= 1 && tm.softMs() >= 1, what);
                        assertTrue(tm.softMs() <= tm.hardMs(), what);
                        assertTrue(tm.hardMs() <= Math.max(1, left - overhead), what);
                    }
                }
            }
        }
    }

    @Test
    void noClockNoLimitAndPonderingWaitsForPonderhit() {
        TimeManager none = started(new SearchLimits(), WHITE, 30);
        assertEquals(Long.MAX_VALUE, none.hardMs());
        assertFalse(none.hardExpired());

        SearchLimits ponder = clock(1, 1, 0, 0, 0);
        ponder.ponder = true;
        TimeManager pondering = started(ponder, WHITE, 0);
        assertFalse(pondering.hardExpired(), "the clock is the opponent's until ponderhit");
        pondering.ponderHit(System.nanoTime() - 1_000_000_000L); // a ponderhit one second ago: 1 ms was ours
        assertTrue(pondering.hardExpired());
    }

    @Test
    void aSettledBestMoveSavesTimeAnUnsettledOneTakesMoreButNeverPastTheHardLimit() {
        // 10 s + 0.1 s: base soft limit 573 * 6 / 10 = 343 ms, hard 2292 ms.
        TimeManager tm = started(clock(10_000, 10_000, 100, 100, 0), WHITE, 30);
        long base = tm.softMs();
        tm.adjust(10, 0.95, -20); // the same move for ten iterations, 95 % of the nodes, score rising
        long settled = tm.softMs();
        assertEquals((long) (base * 0.75 * 0.5 * 0.9), settled);
        tm.adjust(0, 0.3, 60); // a new best move, 30 % of the nodes, score fell by 60 cp
        long unsettled = tm.softMs();
        assertEquals((long) (base * 1.25 * 1.8 * 1.5), unsettled);
        assertTrue(settled < base && base < unsettled);
        tm.adjust(5, 0.7, 0); // the middle of the road: the base limit
        assertTrue(Math.abs(tm.softMs() - base) < base / 10, tm.softMs() + " vs " + base);
        tm.adjust(0, 0, 1000); // everything says think longer: at most 4.5 times the base
        assertEquals((long) (base * 1.25 * 2.4 * 1.5), tm.softMs());
        assertEquals(573 * 4, tm.hardMs(), "the hard limit never moves");
        // The last move before the time control: the soft limit is 6/10 of the clock, the hard one 9/10.
        TimeManager last = started(clock(5_000, 5_000, 0, 0, 1), WHITE, 0);
        last.adjust(0, 0, 1000);
        assertEquals(4_500, last.softMs(), "capped by the hard limit");
        assertEquals(4_500, last.hardMs());

        // A fixed move time is used as given.
        SearchLimits fixed = new SearchLimits();
        fixed.moveTime = 1000;
        TimeManager moveTime = started(fixed, WHITE, 0);
        moveTime.adjust(10, 0.99, -50);
        assertEquals(1000, moveTime.softMs());
    }
}
