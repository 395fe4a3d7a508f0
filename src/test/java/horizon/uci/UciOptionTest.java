package horizon.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One row of the option table: its declaration for each type, and the checks a value passes before the setter. */
class UciOptionTest {
    @Test
    void eachTypeDeclaresItselfAsTheProtocolWritesIt() {
        int[] current = {5};
        assertEquals("option name Lines type spin default 1 min 1 max 8",
                UciOption.spin("Lines", 1, 1, 8, v -> { }).declaration());
        UciOption live = UciOption.spin("Live", () -> current[0], 0, 9, v -> current[0] = v);
        assertEquals("option name Live type spin default 5 min 0 max 9", live.declaration());
        assertNull(live.set("7"));
        assertEquals("option name Live type spin default 7 min 0 max 9", live.declaration(), "the value in force");
        assertEquals("option name Flag type check default true",
                UciOption.check("Flag", true, on -> { }).declaration());
        assertEquals("option name Style type combo default Solid var Solid var Risky",
                UciOption.combo("Style", "Solid", List.of("Solid", "Risky"), s -> { }).declaration());
        assertEquals("option name Path type string default <empty>",
                UciOption.string("Path", "<empty>", s -> { }).declaration());
        assertEquals("option name Clear type button", UciOption.button("Clear", () -> { }).declaration());
    }

    @Test
    void aValueOutsideTheRowsTermsNeverReachesTheSetter() {
        List<Object> taken = new ArrayList<>();
        UciOption spin = UciOption.spin("Lines", 1, 1, 8, taken::add);
        assertEquals("Lines needs a number from 1 to 8, not 'many'", spin.set("many"));
        assertEquals("Lines must be between 1 and 8, not 9", spin.set("9"));
        assertNull(spin.set("8"));
        UciOption elo = UciOption.spinAnyNumber("Elo", 2000, 1000, 3000, taken::add);
        assertNull(elo.set("5000"), "the setter answers a number outside the bounds");
        assertEquals("Elo needs a number from 1000 to 3000, not 'x'", elo.set("x"));
        UciOption check = UciOption.check("Flag", false, taken::add);
        assertEquals("Flag takes true or false, not 'yes'", check.set("yes"));
        assertNull(check.set("TRUE"));
        UciOption combo = UciOption.combo("Style", "Solid", List.of("Solid", "Risky"), taken::add);
        assertEquals("Style takes one of Solid, Risky, not 'Wild'", combo.set("Wild"));
        assertNull(combo.set("risky"));
        assertNull(UciOption.string("Path", "<empty>", taken::add).set(""));
        assertNull(UciOption.button("Clear", () -> taken.add("pressed")).set(""));
        assertEquals(List.of(8, 5000, true, "Risky", "", "pressed"), taken);
    }
}
