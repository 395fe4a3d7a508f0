package horizon.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.eval.Score;
import horizon.eval.Term;
import horizon.eval.Weights;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The registry of tunable constants: well-formed, validated, and neutral at its defaults. */
class TunablesTest {
    @AfterEach
    void reset() {
        Tunables.resetAll();
    }

    @Test
    void everyEntryIsAUsableOptionWithItsDefaultInRange() {
        Set<String> names = new HashSet<>();
        assertTrue(Tunables.all().size() >= 40, "search, time and evaluation scales");
        for (Tunable t : Tunables.all()) {
            assertTrue(t.name.matches("[A-Za-z][A-Za-z0-9]*"), "a UCI option name without spaces: " + t.name);
            assertTrue(names.add(t.name.toLowerCase()), "unique: " + t.name);
            assertTrue(t.min <= t.defaultValue && t.defaultValue <= t.max, t.name);
            assertTrue(t.cEnd > 0 && t.cEnd <= (t.max - t.min) / 2.0, "a step inside the range: " + t.name);
            assertEquals(t.defaultValue, t.get());
        }
        for (Tunable.Kind kind : Tunable.Kind.values()) {
            assertTrue(Tunables.all().stream().anyMatch(t -> t.kind == kind), "some of " + kind);
        }
    }

    @Test
    void openBenchLinesHaveSevenFields() {
        String[] lines = Tunables.openBenchInput().split("\n");
        assertEquals(Tunables.all().size(), lines.length);
        for (String line : lines) {
            String[] f = line.split(", ");
            assertEquals(7, f.length, line);
            assertEquals("int", f[1]);
            Integer.parseInt(f[2]);
            Double.parseDouble(f[5]);
        }
        assertTrue(Tunables.openBenchInput().contains("RfpMargin, int, " + Tunables.RFP_MARGIN.defaultValue + ", 40, 160, 6, 0.002\n"));
    }

    @Test
    void refusesUnknownNamesAndValuesOutOfRange() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Tunables.set("Nope", 1));
        assertTrue(e.getMessage().contains("unknown parameter 'Nope'"));
        e = assertThrows(IllegalArgumentException.class, () -> Tunables.set("rfpmargin", 1000));
        assertTrue(e.getMessage().contains("RfpMargin takes 40 to 160"), e.getMessage());
        assertEquals(Tunables.RFP_MARGIN.defaultValue, Tunables.RFP_MARGIN.get(), "a refused value leaves the old one");
        int version = Tunables.version();
        Tunables.set("rfpmargin", 90); // UCI option names ignore case
        assertEquals(90, Tunables.RFP_MARGIN.get());
        assertTrue(Tunables.version() != version);
        Tunables.resetAll();
        assertEquals(Tunables.RFP_MARGIN.defaultValue, Tunables.RFP_MARGIN.get());
    }

    @Test
    void evaluationScalesMultiplyTheirBlocksOnly() {
        Weights w = Weights.builtIn();
        assertSame(w, Tunables.scaled(w), "at 100 % the weights are the file's, untouched");
        Tunables.set("EvalMaterial", 120);
        Tunables.set("EvalMobility", 50);
        Weights scaled = Tunables.scaled(w);
        assertNotSame(w, scaled);
        for (Term term : Term.values()) {
            for (int i = 0; i < term.size; i++) {
                int a = w.get(term, i), b = scaled.get(term, i);
                if (term == Term.MATERIAL) {
                    assertEquals(Math.round(Score.mg(a) * 1.2f), Score.mg(b), term + " " + i);
                    assertEquals(Math.round(Score.eg(a) * 1.2f), Score.eg(b), term + " " + i);
                } else if (term.name().startsWith("MOBILITY")) {
                    assertEquals(Math.round(Score.eg(a) * 0.5f), Score.eg(b), term + " " + i);
                } else {
                    assertEquals(a, b, term + " " + i);
                }
            }
        }
    }

    @Test
    void searchConstantsChangeTheTreeAndTheirDefaultsRestoreIt() {
        long base = nodes();
        Tunables.set("LmrDiv", 300); // the reduction table is rebuilt for the next search
        long changed = nodes();
        Tunables.resetAll();
        assertTrue(changed != base, "a different reduction table searches a different tree");
        assertEquals(base, nodes(), "back to the defaults, node for node");
        Tunables.set("ContHist", 100);
        long continued = nodes();
        Tunables.resetAll();
        assertTrue(continued != base, "the continuation history, switched on, orders and reduces differently");
        Tunables.set("FutHistGate", 2000);
        long gated = nodes();
        Tunables.resetAll();
        assertTrue(gated != base, "the futility history gate, switched on, spares moves futility pruned");
        Tunables.set("CaptHist", 100);
        long captures = nodes();
        Tunables.resetAll();
        assertTrue(captures != base, "the capture history, switched on, orders captures differently");
    }

    private static long nodes() {
        Searcher searcher = new Searcher(new TranspositionTable(16));
        SearchLimits limits = new SearchLimits();
        limits.depth = 9;
        searcher.search(horizon.board.Position.fromFen(horizon.engine.Bench.POSITIONS[1]), limits, null);
        return searcher.nodes();
    }
}
