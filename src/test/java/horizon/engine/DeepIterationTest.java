package horizon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Move;
import horizon.board.Position;
import horizon.board.UciMove;
import horizon.search.SearchLimits;
import horizon.search.Searcher;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Searches that reach the deepest iteration. In a dead-drawn king and pawn ending every line ends in a
 * repetition or a table hit, iterations finish in microseconds and the search runs to depth 127; there a double
 * singular extension handed a node depth 128, one past the late-move-reduction table, and the exception ended the
 * search thread without a bestmove: a loss on time in a match (fastchess game 46 of the chess22k gauntlet,
 * 2026-11-26, 105 ms overrun with seconds on the clock). These are that game's moves, replayed with a node budget
 * per move from the same fresh table, which threw on the 130th ply. The budget is 4 million nodes: enough for the
 * last four positions to reach the deepest iteration (1 million sufficed for the evaluation of that day, but with
 * the weights of 192d328 the replay stopped at depth 121; 2 million reached depth 127 only on the last two).
 */
@Tag("slow")
class DeepIterationTest {
    private static final String START = "r1bqk2r/1pp1bpp1/p1n2n2/3pp1B1/8/2NP1NP1/PPP1PPBP/R2QK2R w KQkq - 2 9";
    private static final String MOVES =
            "d3d4 e5e4 f3e5 c8f5 e5c6 b7c6 d1d2 a8b8 g5f6 e7f6 e1c1 e8g8 "
            + "a2a3 f8e8 h2h4 d8d6 d2e3 c6c5 d4c5 d6e6 d1d2 c7c6 h1d1 e6e5 "
            + "d2d4 b8b7 c3a4 e5b8 a4b6 f6d4 d1d4 a6a5 c2c4 f5e6 c4d5 c6d5 "
            + "d4a4 b8c7 c1b1 b7a7 e3c3 c7c6 a4d4 e8b8 e2e3 a7c7 c3a5 c6c5 "
            + "a5c5 c7c5 d4b4 b8d8 b6a4 c5a5 a4c3 g8f8 g2f1 a5c5 f1e2 d8c8 "
            + "b4b7 g7g6 e2b5 f8g7 b7b6 c8h8 c3e2 g6g5 e2d4 g5h4 g3h4 c5c8 "
            + "b1a2 h8h4 a3a4 h4h2 a4a5 c8a8 d4e6 f7e6 a5a6 h2f2 b6e6 a8b8 "
            + "e6e7 g7f6 e7e8 b8b5 e8f8 f6e5 f8f2 b5a5 a2b3 a5a6 f2h2 a6a8 "
            + "b3c3 a8c8 c3d2 c8b8 h2h5 e5e6 d2c3 e6d6 b2b3 d6c5 b3b4 b8b4 "
            + "h5d5 c5d5 c3b4 d5d6 b4c4 d6c6 c4d4 c6d6 d4e4 d6e6 e4d4 e6d6 "
            + "e3e4 d6e6 e4e5 e6f7 d4d5 f7e7 e5e6 e7e8 d5d4 e8e7 ";

    @Test
    void theGameThatLostOnTimeIsSearchedToTheEndWithoutAnError() throws Exception {
        String[] moves = MOVES.trim().split(" ");
        Engine engine = new Engine();
        engine.setHashMb(64);
        engine.newGame();
        int deepest = 0;
        for (int ply = 100; ply <= moves.length; ply += 2) {
            Position pos = Position.fromFen(START);
            for (int i = 0; i < ply; i++) {
                pos.makeMove(UciMove.parse(pos, moves[i], false));
            }
            engine.setPosition(pos);
            SearchLimits limits = new SearchLimits();
            limits.nodes = 4_000_000;
            EngineTest.Recorder recorder = new EngineTest.Recorder();
            engine.go(limits, recorder);
            SearchResult result = recorder.results.poll(120, TimeUnit.SECONDS);
            assertNotNull(result, "no bestmove at ply " + ply);
            engine.waitForSearch();
            assertEquals(List.of(), recorder.failures, "the search failed at ply " + ply);
            assertNotEquals(Move.NONE, result.bestMove(), "ply " + ply);
            deepest = Math.max(deepest, recorder.deepestIteration());
        }
        assertTrue(deepest >= Searcher.MAX_PLY - 1, "the replay reached depth " + deepest
                + ", not the deepest iteration: it no longer tests what it is for");
    }
}
