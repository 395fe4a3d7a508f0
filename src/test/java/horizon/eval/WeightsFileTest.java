package horizon.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.testing.RandomWeights;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WeightsFileTest {
    @Test
    void formatAndParseRoundTrip() {
        Weights w = RandomWeights.create(9);
        String text = WeightsFile.format(w, List.of("data: test", "K = 0.0057"));
        assertTrue(text.startsWith("horizon-weights 2\n# data: test\n"));
        Weights back = WeightsFile.parse(text);
        assertEquals(w.name, back.name);
        assertArrayEquals(w.toArray(), back.toArray());
        assertEquals(text, WeightsFile.format(back, List.of("data: test", "K = 0.0057")));
    }

    @Test
    void readLoadsAFileAndSaysWhatIsWrongWithABadOne(@TempDir Path dir) throws IOException {
        Weights w = RandomWeights.create(10);
        Path good = dir.resolve("good.weights");
        Files.writeString(good, WeightsFile.format(w, List.of()));
        assertArrayEquals(w.toArray(), WeightsFile.read(good).toArray());

        assertEquals("no such file",
                assertThrows(IllegalArgumentException.class, () -> WeightsFile.read(dir.resolve("missing"))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WeightsFile.read(dir)).getMessage()
                .startsWith("unreadable: "));
        Path bad = dir.resolve("bad.weights");
        Files.writeString(bad, "horizon-weights 2\nmaterial P 100 x\n");
        assertEquals("line 2: ", assertThrows(IllegalArgumentException.class, () -> WeightsFile.read(bad))
                .getMessage().substring(0, 8));
    }

    @Test
    void theBuiltInSetLoads() {
        assertEquals(100, Score.mg(Weights.CLASSIC.get(Term.MATERIAL, 0)));
        assertTrue(Weights.builtIn().name.length() > 0);
    }

    @Test
    void aMissingOrBrokenBuiltInSetIsAnErrorNotAFallBack() {
        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> Weights.load("/horizon/eval/no-such.weights"));
        assertTrue(missing.getMessage().contains("missing"), missing.getMessage());
    }

    @Test
    void versionOneFilesStillLoad() {
        Weights old = WeightsFile.parse("horizon-weights 1\nname old\nmaterial P 90 110\nmaterial K 0 0\n");
        assertEquals(Score.of(90, 110), old.get(Term.MATERIAL, 0));
        assertEquals(0, old.get(Term.PASSED, 3));
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
