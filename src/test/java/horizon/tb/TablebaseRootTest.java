package horizon.tb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Move;
import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.search.Searcher;
import horizon.search.TablebaseRoot;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The root ranking on random 3- and 4-piece positions, checked against the prober itself: the root's result is the
 * table's, a won root keeps only winning moves with the smallest distance to zeroing, a drawn root only drawing
 * moves, and nothing is kept that changes the result.
 */
class TablebaseRootTest {
    private static final SyzygyTables TABLES = SyzygyTables.open(TestTables.FOLDER.toString());

    @Test
    void keptMovesPreserveTheResultAndWinsMakeTheFastestProgress() {
        assertEquals(List.of(), TABLES.problems());
        SyzygyProber prober = TABLES.newProber();
        int won = 0, drawn = 0, lost = 0, narrowed = 0;
        for (String fen : RandomEndgames.generate(2026, 1500, TestTables.SAMPLED, 0.1)) {
            Position pos = Position.fromFen(fen);
            int[] legal = new int[MoveGenerator.MAX_MOVES];
            int n = MoveGenerator.generateAll(pos, legal);
            TablebaseRoot.Result root = TablebaseRoot.rank(pos, prober, 4, false);
            if (n == 0) {
                assertNull(root, fen);
                continue;
            }
            assertNotNull(root, fen);
            assertEquals(fen, pos.toFen(), "the position is restored");
            int wdl = prober.probeWdl(pos);
            int dtz = prober.probeDtz(pos);
            // Without the fifty-move rule cursed wins are wins and blessed losses losses.
            assertEquals(Integer.signum(wdl) * 2, root.wdl(), fen);
            assertTrue(root.moves().length >= 1 && root.moves().length <= n, fen);
            if (root.moves().length < n) {
                narrowed++;
            }
            for (int move : root.moves()) {
                pos.makeMove(move);
                int[] replies = new int[MoveGenerator.MAX_MOVES];
                boolean mate = MoveGenerator.generateAll(pos, replies) == 0 && pos.inCheck();
                int after = mate ? -SyzygyTables.WIN : prober.probeWdl(pos);
                pos.unmakeMove(move);
                assertEquals(Integer.signum(wdl), -Integer.signum(after), fen + ": " + Move.toUci(move)
                        + " changes the result");
            }
            if (wdl > 0) {
                won++;
                assertTrue(root.score() > Searcher.TB_BOUND && root.score() < Searcher.MATE_BOUND, fen);
                // the kept moves reach a zeroing move no later than the table's own distance says
                int kept = root.moves()[0];
                pos.makeMove(kept);
                boolean zeroing = pos.halfmoveClock() == 0;
                int replyDtz = zeroing ? 0 : prober.probeDtz(pos);
                pos.unmakeMove(kept);
                assertTrue(zeroing || -replyDtz + 1 <= Math.abs(dtz) + 1, fen + ": " + Move.toUci(kept)
                        + " is slower than the table's " + dtz);
            } else if (wdl == 0) {
                drawn++;
                assertEquals(0, root.score(), fen);
            } else {
                lost++;
                assertTrue(root.score() < -Searcher.TB_BOUND + 1, fen);
            }
        }
        assertTrue(won > 300 && drawn > 200 && lost > 100 && narrowed > 300,
                won + " won, " + drawn + " drawn, " + lost + " lost, " + narrowed + " with moves left out");
    }

    @Test
    void theFiftyMoveRuleTurnsALateWinIntoADraw() {
        SyzygyProber prober = TABLES.newProber();
        // KRK won with the count fresh; the same position with 99 plies gone cannot be converted in time
        Position fresh = Position.fromFen("8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
        Position late = Position.fromFen("8/8/8/3k4/8/8/8/R3K3 w - - 95 80");
        assertEquals(2, TablebaseRoot.rank(fresh, prober, 4, true).wdl());
        TablebaseRoot.Result lateRoot = TablebaseRoot.rank(late, prober, 4, true);
        assertTrue(lateRoot.wdl() == 1, "a win the fifty-move rule spoils: " + lateRoot.wdl());
        assertEquals(2, TablebaseRoot.rank(late, prober, 4, false).wdl(), "without the rule it is a win");
        assertNull(TablebaseRoot.rank(Position.fromFen("8/8/8/3k4/8/8/8/R3K2R w K - 0 1"), prober, 5, true),
                "castling rights: not in the tables");
        assertNull(TablebaseRoot.rank(Position.startPosition(), prober, 4, true), "too many pieces");
    }
}
