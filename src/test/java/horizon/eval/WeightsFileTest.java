package horizon.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.testing.RandomWeights;
import java.util.List;
import org.junit.jupiter.api.Test;

class WeightsFileTest {
    @Test
    void formatAndParseRoundTrip() {
        Weights w = RandomWeights.create(9);
        String text = WeightsFile.format(w, List.of("data: test", "K = 0.0057"));
        assertTrue(text.startsWith("horizon-weights 1\n# data: test\n"));
        Weights back = WeightsFile.parse(text);
        assertEquals(w.name, back.name);
        assertArrayEquals(w.material, back.material);
        for (int type = 1; type <= 6; type++) {
            assertArrayEquals(w.pieceSquare[type], back.pieceSquare[type]);
        }
        assertEquals(text, WeightsFile.format(back, List.of("data: test", "K = 0.0057")));
    }

    @Test
    void theDefaultSetLoads() {
        assertEquals(100, Score.mg(Weights.CLASSIC.material[1]));
        assertTrue(Weights.DEFAULT != null && Weights.DEFAULT.name.length() > 0);
    }

    @Test
    void errorsNameTheLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WeightsFile.parse("horizon-weights 1\nname x\nmaterial Z 1 2\n"));
        assertTrue(e.getMessage().startsWith("line 3:"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> WeightsFile.parse("something else\n"));
        assertTrue(e.getMessage().startsWith("line 1:"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> WeightsFile.parse("horizon-weights 1\npst P mg\n1 2 3\n"));
        assertTrue(e.getMessage().contains("expected 8 numbers"), e.getMessage());
    }
}
