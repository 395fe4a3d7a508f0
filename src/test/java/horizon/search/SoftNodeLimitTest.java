package horizon.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Position;
import org.junit.jupiter.api.Test;

/**
 * The soft node limit of self-play data generation: no iteration starts after it, the one under way finishes; the
 * hard limit ({@code nodes}) still stops the search at once.
 */
class SoftNodeLimitTest {
    private static final String MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8";

    @Test
    void theSearchStopsBetweenIterationsOnceTheSoftLimitIsPassed() {
        Searcher searcher = new Searcher(new TranspositionTable(4));
        for (long soft : new long[] {500, 5_000, 20_000}) {
            SearchLimits limits = new SearchLimits();
            limits.softNodes = soft;
            searcher.newGame();
            int move = searcher.search(Position.fromFen(MIDDLEGAME), limits, null);
            int depth = searcher.completedDepth();
            long nodes = searcher.nodes();
            int score = searcher.bestScore();
            assertTrue(nodes >= soft, "soft " + soft + ": stopped after " + nodes + " nodes");

            // The same search to that depth, from the same cleared state, is node for node the same search: the
            // soft-limited one ended only after a completed iteration, never inside one.
            SearchLimits fixedDepth = new SearchLimits();
            fixedDepth.depth = depth;
            searcher.newGame();
            assertEquals(move, searcher.search(Position.fromFen(MIDDLEGAME), fixedDepth, null), "soft " + soft);
            assertEquals(nodes, searcher.nodes(), "soft " + soft + ", depth " + depth);
            assertEquals(score, searcher.bestScore(), "soft " + soft);
        }
    }

    @Test
    void theHardLimitStillStopsTheSearchAtOnce() {
        Searcher searcher = new Searcher(new TranspositionTable(4));
        SearchLimits softOnly = new SearchLimits();
        softOnly.softNodes = 5_000;
        searcher.search(Position.fromFen(MIDDLEGAME), softOnly, null);
        long overshoot = searcher.nodes();
        assertTrue(overshoot > 5_000 + 200, "the last iteration runs past the soft limit: " + overshoot + " nodes");

        // A hard cap between the soft limit and where that iteration ended cuts the iteration short.
        SearchLimits capped = softOnly.copy();
        capped.nodes = (5_000 + overshoot) / 2;
        assertEquals(5_000, capped.softNodes, "copy() keeps the soft limit");
        searcher.newGame();
        searcher.search(Position.fromFen(MIDDLEGAME), capped, null);
        // The limit is checked at every node; a few nodes may pass while the stop unwinds.
        assertTrue(searcher.nodes() <= capped.nodes + 64, "hard " + capped.nodes + ": " + searcher.nodes());
    }
}
