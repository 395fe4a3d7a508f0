package horizon.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Position;
import org.junit.jupiter.api.Test;

/** What the correction history learns, for which positions, and how far it may go. */
class CorrectionHistoryTest {
    private static final Position FRENCH = Position.fromFen(
            "rnbqkbnr/ppp2ppp/4p3/3pP3/3P4/8/PPP2PPP/RNBQKBNR b KQkq - 0 3");
    // The same pawns, other pieces elsewhere: the same structure, so the same entry.
    private static final Position FRENCH_LATER = Position.fromFen(
            "r1bqk2r/ppp2ppp/2n1pn2/3pP3/3P4/2N2N2/PPP2PPP/R1BQKB1R b KQkq - 0 6");
    // The same pawns with White to move: an entry of its own.
    private static final Position FRENCH_WHITE = Position.fromFen(
            "r1bqk2r/ppp2ppp/2n1pn2/3pP3/3P4/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 6");

    @Test
    void learnsTheErrorOfAStructureForTheSideToMove() {
        CorrectionHistory history = new CorrectionHistory();
        assertEquals(30, history.correct(FRENCH, 30), "nothing learnt yet");
        // Searches keep finding the position 40 cp worse for Black than its evaluation says.
        for (int i = 0; i < 200; i++) {
            int corrected = history.correct(FRENCH, 30);
            history.update(FRENCH, 10, 30 - 40, corrected);
        }
        int learnt = history.correct(FRENCH_LATER, 30) - 30;
        assertTrue(learnt <= -38 && learnt >= -40, "correction " + learnt);
        assertEquals(30, history.correct(FRENCH_WHITE, 30), "the other side to move learnt nothing");
        // Shallow searches move it less than deep ones.
        CorrectionHistory shallow = new CorrectionHistory(), deep = new CorrectionHistory();
        shallow.update(FRENCH, 1, -20, 0);
        deep.update(FRENCH, 12, -20, 0);
        assertTrue(shallow.entry(FRENCH) < 0 && deep.entry(FRENCH) < shallow.entry(FRENCH),
                shallow.entry(FRENCH) + " " + deep.entry(FRENCH));
        history.clear();
        assertEquals(30, history.correct(FRENCH, 30));
    }

    @Test
    void neverMovesTheEvaluationBeyondItsLimit() {
        CorrectionHistory history = new CorrectionHistory();
        for (int i = 0; i < 1000; i++) {
            history.update(FRENCH, 20, 5000, history.correct(FRENCH, 0)); // a mate-sized error, again and again
        }
        assertEquals(CorrectionHistory.LIMIT_CP, history.correct(FRENCH, 0));
        for (int i = 0; i < 1000; i++) {
            history.update(FRENCH, 20, -5000, history.correct(FRENCH, 0));
        }
        assertEquals(-CorrectionHistory.LIMIT_CP, history.correct(FRENCH, 0));
    }

    /** Nodes of fixed-depth searches of the first bench positions, each from a new game. */
    private static long nodes(Searcher searcher) {
        long total = 0;
        for (int i = 0; i < 4; i++) {
            searcher.newGame();
            SearchLimits limits = new SearchLimits();
            limits.depth = 9;
            searcher.search(Position.fromFen(horizon.engine.Bench.POSITIONS[i]), limits, null);
            total += searcher.nodes();
        }
        return total;
    }

    private static long nodes(int correctionWeight) {
        try {
            Tunables.set(Tunables.CORRECTION_WEIGHT.name, correctionWeight);
            return nodes(new Searcher(new TranspositionTable(16)));
        } finally {
            Tunables.resetAll();
        }
    }

    @Test
    void onAtTheTunedWeightAndOnlyItsWeightChangesTheSearch() {
        // SPSA run1 switched it on (T161); a weight of 0 still switches it off.
        int tuned = Tunables.CORRECTION_WEIGHT.defaultValue;
        assertTrue(tuned > 0, "on since SPSA run1");
        long defaultNodes = nodes(new Searcher(new TranspositionTable(16)));
        assertEquals(defaultNodes, nodes(tuned), "the default weight is the default search, node for node");
        assertTrue(nodes(0) != defaultNodes, "without the correction the search prunes differently");
    }
}
