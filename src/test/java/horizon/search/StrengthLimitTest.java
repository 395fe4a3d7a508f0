package horizon.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StrengthLimitTest {
    /**
     * Every UCI_Elo offered maps to a setting between measured ones, each calibration point to its own setting,
     * and only the top of the range to full strength.
     */
    @Test
    void everyOfferedEloMapsBetweenMeasuredSettingsAndOnlyTheTopIsFullStrength() {
        java.util.List<StrengthCalibration.Point> points = StrengthLimit.CALIBRATION.points();
        int[] settings = points.stream().mapToInt(StrengthCalibration.Point::setting).toArray();
        int[] elos = points.stream().mapToInt(StrengthCalibration.Point::elo).toArray();
        for (int i = 0; i < settings.length; i++) {
            assertEquals(settings[i], StrengthLimit.settingFor(elos[i]), 1e-9, "calibration point " + elos[i]);
            if (i > 0) {
                assertTrue(settings[i] > settings[i - 1] && elos[i] > elos[i - 1], "points must increase: " + i);
            }
        }
        assertEquals(StrengthLimit.SETTING_MAX, settings[settings.length - 1]);
        double previous = -1;
        for (int elo = StrengthLimit.MIN_ELO; elo <= StrengthLimit.MAX_ELO; elo += 5) {
            StrengthLimit limit = new StrengthLimit(elo, 0);
            assertTrue(limit.setting() >= settings[0] && limit.setting() <= StrengthLimit.SETTING_MAX, elo + "");
            assertTrue(limit.setting() > previous, "settings must rise with the Elo asked for: " + elo);
            assertEquals(elo == StrengthLimit.MAX_ELO, limit.isFullStrength(), "full strength at " + elo);
            previous = limit.setting();
        }
    }

    @Test
    void moreEloMeansMoreNodesAndFewerSurprises() {
        StrengthLimit previous = new StrengthLimit(StrengthLimit.MIN_ELO, 0);
        for (int elo = StrengthLimit.MIN_ELO + 25; elo <= StrengthLimit.MAX_ELO; elo += 25) {
            StrengthLimit next = new StrengthLimit(elo, 0);
            assertTrue(next.nodesPerMove() > previous.nodesPerMove(), "nodes at " + elo);
            assertTrue(next.temperatureCp() < previous.temperatureCp(), "temperature at " + elo);
            previous = next;
        }
        // Out-of-range values are clamped, never extrapolated.
        assertEquals(StrengthLimit.MAX_ELO, new StrengthLimit(5000, 0).elo());
        assertEquals(StrengthLimit.MIN_ELO, new StrengthLimit(0, 0).elo());
    }

    @Test
    void aWeakLimitPrefersTheBestMoveButNotAlways() {
        StrengthLimit weak = new StrengthLimit(StrengthLimit.MIN_ELO, 42);
        int[] moves = {1, 2, 3, 4};
        int[] scores = {50, 30, 0, -400};
        int[] picked = new int[5];
        for (int i = 0; i < 10_000; i++) {
            picked[weak.choose(moves, scores, 4)]++;
        }
        assertTrue(picked[1] > picked[2] && picked[2] > picked[3] && picked[3] > picked[4], java.util.Arrays.toString(picked));
        assertTrue(picked[2] > 1000, "the second best move should be played sometimes");
        // The weakest label (setting 1200, T about 95 cp) still weighs a 450 cp loss at e^(-450/95), under 1 % of
        // the draws beside three sound moves: its blunders come from its tiny node budget, as a beginner's do, far
        // more than from the choice.
        assertTrue(picked[4] < 100, "a blunder of 450 cp should be almost never played: " + picked[4]);
    }

    /**
     * Lines searched fall gradually with the setting, never rising: four up to 1800, one from 2472, and between, a
     * move searches the mean's whole part or one more, as often as its fraction says.
     */
    @Test
    void linesFallGraduallyFromFourToOne() {
        assertEquals(StrengthLimit.MAX_LINES, StrengthLimit.atSetting(StrengthLimit.SETTING_MIN, 0).lines());
        assertEquals(StrengthLimit.MAX_LINES, StrengthLimit.atSetting(StrengthLimit.LINES_FALL_FROM, 0).lines());
        assertEquals(1, StrengthLimit.atSetting(StrengthLimit.ONE_LINE_FROM, 0).lines());
        assertEquals(1, StrengthLimit.atSetting(StrengthLimit.SETTING_MAX - 1, 0).lines());
        double previous = Double.MAX_VALUE;
        for (int setting = StrengthLimit.SETTING_MIN; setting < StrengthLimit.SETTING_MAX; setting += 10) {
            double mean = StrengthLimit.meanLines(setting);
            assertTrue(mean <= previous && mean >= 1 && mean <= StrengthLimit.MAX_LINES, "setting " + setting);
            // No step: neighbouring settings differ by a small part of a line.
            assertTrue(previous == Double.MAX_VALUE || previous - mean < 0.05, "setting " + setting);
            previous = mean;
        }
        // At setting 2136 the mean is 2.5: half the moves search two lines, half three, none another count.
        int[] count = new int[StrengthLimit.MAX_LINES + 1];
        for (int seed = 0; seed < 10_000; seed++) {
            count[StrengthLimit.atSetting(2136, seed).lines()]++;
        }
        assertEquals(0, count[1] + count[4], java.util.Arrays.toString(count));
        assertEquals(5000, count[2], 200, java.util.Arrays.toString(count));
    }
}
