package horizon.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StrengthLimitTest {
    /** The calibration matches measured settings 1700 to 2400: every UCI_Elo offered must map inside them. */
    @Test
    void everyOfferedEloMapsToAMeasuredSetting() {
        for (int elo = StrengthLimit.MIN_ELO; elo <= StrengthLimit.MAX_ELO; elo += 25) {
            double setting = new StrengthLimit(elo, 0).setting();
            assertTrue(setting >= 1700 && setting <= StrengthLimit.SETTING_MAX, elo + " -> " + setting);
            assertEquals(elo, StrengthLimit.FIT_INTERCEPT + StrengthLimit.FIT_SLOPE * setting, 0.5);
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
        assertTrue(picked[4] < 10, "a blunder of 450 cp should be almost never played");
    }
}
