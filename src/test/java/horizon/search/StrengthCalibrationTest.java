package horizon.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The calibration table: the jar's is well-formed and monotonic, a malformed one is refused with its line. */
class StrengthCalibrationTest {
    private static final String GOOD = "scale test anchors\ntime-control 10+0.1\nmeasured today\n"
            + "point 1000 1100 80 40\npoint 2000 1900 90 40\npoint 2800 2600 100 40\n";

    @Test
    void theBuiltInTableRisesToFullStrength() {
        StrengthCalibration table = StrengthCalibration.builtIn();
        List<StrengthCalibration.Point> points = table.points();
        assertTrue(points.size() >= 2);
        assertEquals(StrengthLimit.SETTING_MAX, points.get(points.size() - 1).setting(), "the top is full strength");
        double previous = -1;
        for (int elo = table.minElo(); elo <= table.maxElo(); elo++) {
            double setting = table.settingFor(elo);
            assertTrue(setting > previous, "labels map to settings monotonically: " + elo);
            previous = setting;
        }
        assertTrue(!table.scale().isEmpty() && !table.timeControl().isEmpty(), "the table says what it is measured on");
    }

    @Test
    void formatAndParseRoundTrip() {
        StrengthCalibration table = StrengthCalibration.parse(GOOD);
        StrengthCalibration again = StrengthCalibration.parse(StrengthCalibration.format(table.points(), table.scale(),
                table.timeControl(), table.measured()));
        assertEquals(table.points(), again.points());
        assertEquals("test anchors", again.scale());
        assertEquals(1500.0, table.settingFor(1500), 1e-9);
        assertEquals(1000.0, table.settingFor(900), 1e-9, "below the range: the weakest setting");
        assertEquals(2800.0, table.settingFor(3000), 1e-9, "above: full strength");
    }

    @Test
    void malformedTablesAreRefusedWithTheLine() {
        String[][] cases = {
            {GOOD.replace("point 2000 1900 90 40", "point 2000 1000 90 40"), "line 5: settings and ratings must both increase"},
            {GOOD.replace("point 2000 1900 90 40", "point 2000 x 90 40"), "line 5: not a whole number"},
            {GOOD.replace("point 2000 1900 90 40", "point 2000 1900"), "line 5: expected 'point SETTING ELO ERROR GAMES'"},
            {GOOD.replace("point 1000", "point 900"), "line 4: setting 900 outside 1000-2800"},
            {GOOD.replace("point 2800 2600 100 40", "point 2700 2600 100 40"), "the last point must be full strength"},
            {GOOD.replace("scale", "colour"), "line 1: unknown line"},
            {"scale x\n", "at least two points"},
        };
        for (String[] c : cases) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StrengthCalibration.parse(c[0]));
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
        }
    }
}
