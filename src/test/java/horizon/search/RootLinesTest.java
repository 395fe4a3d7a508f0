package horizon.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Move;
import horizon.board.Position;
import horizon.engine.Bench;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RootLinesTest {
    /**
     * Weakened play compares the lines' scores, so it must read lines that one iteration made together. An
     * iteration cut short (here: line 0 of the next depth found a new best move, the move that led line 1 before)
     * leaves the live lines mixed, with the same root move twice; the completed ones stay as they were.
     */
    @Test
    void anInterruptedIterationLeavesTheCompletedLinesAsTheyWere() {
        RootLines lines = new RootLines(4, 8);
        lines.reset();
        lines.setCount(3);
        assertEquals(0, lines.completedCount(), "nothing completed yet");
        lines.update(0, 11, 40, new int[] {11, 12}, 2);
        lines.update(1, 21, 25, new int[] {21, 22}, 2);
        lines.update(2, 31, 10, new int[] {31}, 1);
        lines.completeIteration();
        lines.update(0, 21, 60, new int[] {21, 22, 23}, 3); // next iteration, interrupted after its first line
        assertEquals(lines.firstMove(0), lines.firstMove(1), "the live lines now hold one move twice");
        assertEquals(3, lines.completedCount());
        assertEquals(11, lines.completedMove(0));
        assertEquals(40, lines.completedScore(0));
        assertEquals(21, lines.completedMove(1));
        assertEquals(25, lines.completedScore(1));
        assertEquals(31, lines.completedMove(2));
        assertEquals(10, lines.completedScore(2));
        lines.reset();
        assertEquals(0, lines.completedCount(), "a new search has no completed iteration");
    }

    /**
     * A MultiPV search stopped by its node budget in the middle of an iteration: the lines it hands out are those
     * the last completed iteration reported, each with its own root move.
     */
    @Test
    void aSearchCutShortHandsOutTheLinesOfItsLastCompletedIteration() {
        int checked = 0;
        for (String fen : Bench.POSITIONS) {
            Searcher searcher = new Searcher(new TranspositionTable(16));
            searcher.setMultiPv(4);
            SearchLimits limits = new SearchLimits();
            limits.nodes = 30_000;
            int[][] reported = new int[64][9]; // by depth and multipv: move, score of the exact reports
            searcher.search(Position.fromFen(fen), limits, new SearchListener() {
                @Override
                public void iteration(int depth, int selectiveDepth, int multipv, int score, int bound, long nodes,
                                      long timeMs, int hashfull, int[] pv, int pvLength) {
                    if (bound == 0 && depth < 64) {
                        reported[depth][2 * (multipv - 1)] = pv[0];
                        reported[depth][2 * (multipv - 1) + 1] = score;
                    }
                }

                @Override
                public void currentMove(int depth, int move, int moveNumber) {
                }
            });
            int count = searcher.lineCount();
            if (count == 0) {
                continue; // not one iteration completed (a position with a single legal move ends early)
            }
            checked++;
            int depth = searcher.completedDepth();
            Set<Integer> distinct = new HashSet<>();
            for (int i = 0; i < count; i++) {
                assertNotEquals(Move.NONE, searcher.lineMove(i), fen);
                assertTrue(distinct.add(searcher.lineMove(i)), fen + ": a root move in two lines");
                assertEquals(reported[depth][2 * i], searcher.lineMove(i), fen + " line " + i);
                assertEquals(reported[depth][2 * i + 1], searcher.lineScore(i), fen + " line " + i);
            }
        }
        assertTrue(checked >= Bench.POSITIONS.length / 2, "too few searches completed an iteration: " + checked);
    }
}
