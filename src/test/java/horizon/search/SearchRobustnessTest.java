package horizon.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Move;
import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.testing.RandomWalk;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Extreme positions - 218 legal moves, a board full of queens, bare kings, the fifty-move boundary - and random
 * walks from them, searched to depth 8 and to a node limit: always a legal move and a legal principal variation.
 * The deepest line a search can reach is {@link Searcher#MAX_PLY} plies (128: iterations stop at depth 127 and any
 * node at ply 127 returns its static evaluation); a search driven there on a small thread stack must not overflow.
 */
class SearchRobustnessTest {
    private static final String[] EXTREMES = {
        "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",      // 218 legal moves
        "qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ w - - 0 1",                    // fourteen queens
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",                              // bare kings
        "8/8/8/4k3/8/8/4P3/4K3 w - - 99 80",                          // one quiet move from the fifty-move draw
        "8/8/8/4k3/8/8/4P3/4K3 w - - 100 80",                         // already drawn by the fifty-move rule
        "7k/8/6QK/8/8/8/8/8 b - - 0 1",                               // stalemate: skipped, as its walks
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    };

    @Test
    void extremePositionsAndWalksFromThemAlwaysGiveALegalMoveAndPv() {
        Searcher searcher = new Searcher(new TranspositionTable(8));
        SplittableRandom random = new SplittableRandom(8);
        List<Position> positions = new ArrayList<>();
        for (String fen : EXTREMES) {
            positions.add(Position.fromFen(fen));
            for (int w = 0; w < 6; w++) {
                positions.add(RandomWalk.walk(fen, 1 + random.nextInt(30), random));
            }
        }
        int searched = 0;
        for (Position pos : positions) {
            if (MoveGenerator.countLegal(pos) == 0) {
                continue;
            }
            for (int kind = 0; kind < 2; kind++) {
                SearchLimits limits = new SearchLimits();
                if (kind == 0) {
                    limits.depth = 8;
                } else {
                    limits.nodes = 20_000;
                }
                String fen = pos.toFen();
                int best = searcher.search(pos, limits, null);
                assertEquals(fen, pos.toFen(), "the search must leave the position as it was");
                assertLegal(pos, best, fen);
                Position line = Position.fromFen(fen);
                for (int i = 0; i < searcher.pvLength(); i++) {
                    assertLegal(line, searcher.pvMove(i), fen + " pv " + i);
                    line.makeMove(searcher.pvMove(i));
                }
                searched++;
            }
        }
        assertTrue(searched >= 70, "searches: " + searched); // 2 per position with a legal move
    }

    private static void assertLegal(Position pos, int move, String where) {
        assertNotEquals(Move.NONE, move, where);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateAll(pos, moves);
        for (int i = 0; i < n; i++) {
            if (moves[i] == move) {
                return;
            }
        }
        throw new AssertionError("illegal move " + Move.toUci(move) + " in " + where);
    }

    /**
     * Locked pawns and bare kings: nothing can happen, so iterative deepening runs to the maximum depth in a few
     * thousand nodes per iteration and every line is MAX_PLY deep. On a 1 MB thread stack (a JVM default, less
     * than the launcher's 16 MB) it must complete depth MAX_PLY - 1 and return a legal move.
     */
    @Test
    void searchReachesTheMaximumPlyWithoutOverflowingASmallStack() throws InterruptedException {
        Position pos = Position.fromFen("8/8/1k6/p1p1p1p1/P1P1P1P1/8/5K2/8 w - - 0 1");
        AtomicReference<Throwable> failure = new AtomicReference<>();
        int[] result = new int[2];
        Thread thread = new Thread(null, () -> {
            try {
                Searcher searcher = new Searcher(new TranspositionTable(16));
                SearchLimits limits = new SearchLimits();
                limits.depth = 500; // more than MAX_PLY: clamped to MAX_PLY - 1
                limits.nodes = 20_000_000;
                result[0] = searcher.search(pos, limits, null);
                result[1] = searcher.completedDepth();
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "deep-search", 1 << 20);
        thread.start();
        thread.join();
        if (failure.get() != null) {
            throw new AssertionError("search failed", failure.get());
        }
        assertLegal(pos, result[0], "deep search");
        assertEquals(Searcher.MAX_PLY - 1, result[1], "completed depth");
    }
}
