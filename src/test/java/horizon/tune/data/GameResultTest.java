package horizon.tune.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GameResultTest {
    @Test
    void readsTheFormsOfPublicDataSets() {
        assertEquals(1.0, GameResult.parse("8/8/8/8/8/8/8/K6k w - - c9 \"1-0\";"));
        assertEquals(0.0, GameResult.parse("8/8/8/8/8/8/8/K6k w - - c9 \"0-1\";"));
        assertEquals(0.5, GameResult.parse("8/8/8/8/8/8/8/K6k w - - c9 \"1/2-1/2\";"));
        assertEquals(1.0, GameResult.parse("8/8/8/8/8/8/8/K6k w - - 0 1 [1.0]"));
        assertEquals(0.5, GameResult.parse("8/8/8/8/8/8/8/K6k w - - 0 1 [0.5]"));
        assertEquals(0.0, GameResult.parse("8/8/8/8/8/8/8/K6k w - - 0 1 [0.0]"));
        assertTrue(Double.isNaN(GameResult.parse("8/8/8/8/8/8/8/K6k w - - bm Ka2;")));
        assertEquals("8/8/8/8/8/8/8/K6k w - - 0 1", GameResult.stripBracket("8/8/8/8/8/8/8/K6k w - - 0 1 [1.0]"));
        assertEquals("1/2-1/2", GameResult.toPgn(0.5));
    }
}
