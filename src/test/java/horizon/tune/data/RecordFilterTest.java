package horizon.tune.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import horizon.board.Move;
import horizon.board.Position;
import horizon.board.UciMove;
import horizon.search.Searcher;
import org.junit.jupiter.api.Test;

/** What enters a training file: quiet positions out of check with an evaluation, not a mate, for a score. */
class RecordFilterTest {
    private static final Position QUIET = Position.fromFen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");

    private static int move(Position pos, String uci) {
        int move = UciMove.parse(pos, uci, false);
        assertEquals(uci, Move.toUci(move, false));
        return move;
    }

    @Test
    void aQuietPositionWithAnEvaluationIsKept() {
        assertEquals(RecordFilter.Verdict.KEPT, RecordFilter.judge(QUIET, move(QUIET, "e1d2"), 35));
        assertEquals(RecordFilter.Verdict.KEPT, RecordFilter.judge(QUIET, Move.NONE, -35), "no best move known");
        assertEquals(RecordFilter.Verdict.KEPT, RecordFilter.judge(QUIET, Move.NONE, Searcher.TB_BOUND - 1));
    }

    @Test
    void checksCapturesPromotionsAndMatesAreLeftOut() {
        Position check = Position.fromFen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
        assertEquals(RecordFilter.Verdict.IN_CHECK, RecordFilter.judge(check, move(check, "e1e2"), 0));
        assertEquals(RecordFilter.Verdict.NOISY_BEST_MOVE, RecordFilter.judge(QUIET, move(QUIET, "e4d5"), 35));
        Position promotion = Position.fromFen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        assertEquals(RecordFilter.Verdict.NOISY_BEST_MOVE, RecordFilter.judge(promotion, move(promotion, "b7b8q"), 900));
        assertEquals(RecordFilter.Verdict.DECISIVE_SCORE, RecordFilter.judge(QUIET, Move.NONE, Searcher.MATE - 5));
        assertEquals(RecordFilter.Verdict.DECISIVE_SCORE, RecordFilter.judge(QUIET, Move.NONE, -Searcher.MATE + 8));
        assertEquals(RecordFilter.Verdict.DECISIVE_SCORE, RecordFilter.judge(QUIET, Move.NONE, Searcher.TB_WIN - 3),
                "a tablebase win is a distance too");
    }
}
