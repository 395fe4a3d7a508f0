package horizon.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import horizon.board.Move;
import horizon.board.Position;
import horizon.board.UciMove;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SearchRegressionTest {
    private static Searcher newSearcher() {
        return new Searcher(new TranspositionTable(16));
    }

    private static SearchLimits depth(int depth) {
        SearchLimits limits = new SearchLimits();
        limits.depth = depth;
        return limits;
    }

    /** Mate lengths as Stockfish 15.1 reports them at depth 22-24. */
    @ParameterizedTest(name = "mate in {0}: {1}")
    @CsvSource(delimiter = '|', value = {
        "1| 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1| d1d8",
        "1| r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4| h5f7",
        "2| r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10| d5f6",
        "2| 2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1| g3g6",
        "3| 8/7k/8/5K2/8/8/8/4R3 w - - 0 1| ",
        "3| 6Q1/8/8/1k1K4/8/8/8/8 w - - 0 1| ",
        "4| 8/8/5Q2/K7/8/8/8/3k4 w - - 0 1| ",
        "4| 8/8/8/8/8/4R3/1k1K4/8 w - - 0 1| ",
    })
    void findsMatesWithTheRightDistance(int mateIn, String fen, String expectedMove) {
        Searcher searcher = newSearcher();
        Position pos = Position.fromFen(fen);
        SearchLimits limits = new SearchLimits(); // "go mate N", with a node cap so a miss fails instead of hanging
        limits.mate = mateIn;
        limits.nodes = 20_000_000;
        int best = searcher.search(pos, limits, null);
        assertEquals(Searcher.MATE - (2 * mateIn - 1), searcher.bestScore(), "mate in " + mateIn);
        if (expectedMove != null) {
            assertEquals(expectedMove, Move.toUci(best));
        }
        // The PV is legal move by move and ends in mate.
        Position line = Position.fromFen(fen);
        for (int i = 0; i < searcher.pvLength(); i++) {
            int move = UciMove.parse(line, Move.toUci(searcher.pvMove(i)), false);
            assertTrue(move != Move.NONE, "illegal PV move " + Move.toUci(searcher.pvMove(i)));
            line.makeMove(move);
        }
        assertEquals(2 * mateIn - 1, searcher.pvLength());
        assertEquals(0, horizon.board.MoveGenerator.countLegal(line));
        assertTrue(line.inCheck());
    }

    @Test
    void beingMatedIsScoredNegative() {
        // Black to move is mated in two more White moves (Stockfish: "score mate -2", 1...Kf8 2.Re1 Kg8 3.Re8#).
        Searcher searcher = newSearcher();
        searcher.search(Position.fromFen("6k1/8/6K1/8/8/8/8/R7 b - - 0 1"), depth(8), null);
        assertEquals(-(Searcher.MATE - 4), searcher.bestScore());
    }

    @Test
    void checkmateAndStalemateRootsHaveNoMove() {
        Searcher searcher = newSearcher();
        Position mated = Position.fromFen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        assertEquals(Move.NONE, searcher.search(mated, depth(5), null));
        Position stalemate = Position.fromFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assertEquals(Move.NONE, searcher.search(stalemate, depth(5), null));
    }

    @Test
    void aRepetitionIsADraw() {
        // Black, a queen down, can return to a position seen twice before: it takes the draw.
        Position pos = Position.fromFen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        for (String move : new String[] {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"}) {
            pos.makeMove(UciMove.parse(pos, move, false));
        }
        Searcher searcher = newSearcher();
        int best = searcher.search(pos, depth(6), null);
        assertEquals("f6g8", Move.toUci(best));
        assertEquals(0, searcher.bestScore());
    }

    @Test
    void theFiftyMoveRuleIsADraw() {
        // A rook up, but the next move ends the fifty-move count and no mate in one exists.
        Searcher searcher = newSearcher();
        searcher.search(Position.fromFen("8/8/8/4k3/8/8/8/R3K3 w - - 99 80"), depth(6), null);
        assertEquals(0, searcher.bestScore());
        // Also when the hundredth half-move is made at the horizon, where quiescence takes over.
        searcher.search(Position.fromFen("8/8/8/4k3/8/8/8/R3K3 w - - 99 80"), depth(1), null);
        assertEquals(0, searcher.bestScore());
        // With a fresh clock the same position is simply won.
        searcher.search(Position.fromFen("8/8/8/4k3/8/8/8/R3K3 w - - 0 80"), depth(6), null);
        assertTrue(searcher.bestScore() > 300);
    }

    @Test
    void mateScoresKeepTheirDistanceWhenProbedAtAnotherPly() {
        TranspositionTable tt = new TranspositionTable(1);
        long key = 0x123456789ABCDEFL;
        int mateIn9PliesFromRoot = Searcher.MATE - 9;
        // Found at ply 5, the mate is 4 plies from that node.
        tt.store(key, 0, Searcher.scoreToTable(mateIn9PliesFromRoot, 5), 10, TranspositionTable.BOUND_EXACT, 0);
        long entry = tt.probe(key);
        assertEquals(Searcher.MATE - 4, TranspositionTable.score(entry));
        // Met again at ply 3, it is a mate 7 plies from the root.
        assertEquals(Searcher.MATE - 7, Searcher.scoreFromTable(TranspositionTable.score(entry), 3));
        // The same for being mated.
        tt.store(key, 0, Searcher.scoreToTable(-(Searcher.MATE - 9), 5), 10, TranspositionTable.BOUND_EXACT, 0);
        assertEquals(-(Searcher.MATE - 7), Searcher.scoreFromTable(TranspositionTable.score(tt.probe(key)), 3));
    }

    @Test
    void nodeAndDepthLimitsAreKept() {
        Searcher searcher = newSearcher();
        SearchLimits nodes = new SearchLimits();
        nodes.nodes = 20_000;
        int best = searcher.search(Position.startPosition(), nodes, null);
        assertTrue(best != Move.NONE);
        assertEquals(20_000, searcher.nodes(), "stops at exactly the node limit");

        searcher.search(Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
                depth(7), null);
        assertEquals(7, searcher.completedDepth());
    }

    @Test
    void searchLeavesThePositionUnchanged() {
        Position pos = Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        String fen = pos.toFen();
        long key = pos.key();
        newSearcher().search(pos, depth(8), null);
        assertEquals(fen, pos.toFen());
        assertEquals(key, pos.key());
    }

    @Test
    void aMillionNodeSearchAllocatesAlmostNothing() {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        Searcher searcher = newSearcher();
        SearchLimits warmUp = new SearchLimits();
        warmUp.nodes = 300_000;
        searcher.search(Position.startPosition(), warmUp, null); // class loading and lambda linkage happen here

        Position pos = Position.fromFen("r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N2/PP1P1PPP/RNBQR1K1 w - - 1 9");
        SearchLimits limits = new SearchLimits();
        limits.nodes = 1_000_000;
        long before = threads.getCurrentThreadAllocatedBytes();
        searcher.search(pos, limits, null);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(1_000_000, searcher.nodes());
        assertTrue(allocated < 1_000_000, "allocated " + allocated + " bytes in a 1M-node search");
    }
}
