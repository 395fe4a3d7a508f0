package horizon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.search.Searcher;
import horizon.search.TranspositionTable;
import org.junit.jupiter.api.Test;

class SearchScoreTest {
    @Test
    void centipawnsAreWrittenAsThey() {
        assertEquals("cp 35", SearchScore.toText(35));
        assertEquals("cp -120", SearchScore.toText(-120));
        assertEquals(0, SearchScore.mateMoves(500));
        assertFalse(SearchScore.isMate(500));
        assertFalse(SearchScore.isTablebase(500));
    }

    @Test
    void matesAreWrittenInMovesAsStockfishRoundsThem() {
        assertEquals("mate 1", SearchScore.toText(Searcher.MATE - 1));
        assertEquals("mate 2", SearchScore.toText(Searcher.MATE - 3));
        assertEquals("mate -1", SearchScore.toText(-(Searcher.MATE - 2)));
        assertEquals("mate -3", SearchScore.toText(-(Searcher.MATE - 6)));
        assertEquals("mate 0", SearchScore.toText(-Searcher.MATE));
        assertTrue(SearchScore.isMate(Searcher.MATE_BOUND));
        assertFalse(SearchScore.isTablebase(Searcher.MATE_BOUND));
    }

    @Test
    void tablebaseResultsAreDecisiveCentipawnsNotMates() {
        // The EPD runner once wrote these as raw scores ("cp 31xxx") while UCI wrote Stockfish's form: one text now.
        assertEquals("cp 19995", SearchScore.toText(Searcher.TB_WIN - 5));
        assertEquals("cp -19990", SearchScore.toText(-(Searcher.TB_WIN - 10)));
        assertTrue(SearchScore.isTablebase(Searcher.TB_BOUND));
        assertFalse(SearchScore.isMate(Searcher.TB_WIN));
        assertEquals(0, SearchScore.mateMoves(Searcher.TB_WIN));
    }

    @Test
    void theSearchsBoundsBecomeTheEnum() {
        assertEquals(Bound.EXACT, Bound.fromSearch(0));
        assertEquals(Bound.EXACT, Bound.fromSearch(TranspositionTable.BOUND_EXACT));
        assertEquals(Bound.LOWER, Bound.fromSearch(TranspositionTable.BOUND_LOWER));
        assertEquals(Bound.UPPER, Bound.fromSearch(TranspositionTable.BOUND_UPPER));
        assertThrows(IllegalArgumentException.class, () -> Bound.fromSearch(7));
    }
}
