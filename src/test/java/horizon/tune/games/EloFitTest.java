package horizon.tune.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class EloFitTest {
    @Test
    void anEvenScoreAgainstOneOpponentIsItsRating() {
        EloFit.Result r = EloFit.fit(List.of(new EloFit.Games(2000, 10, 20, 10)));
        assertEquals(2000, r.rating(), 0.01);
        // 40 games at p = 1/2: 1.96 / sqrt(40 * 1/4 * (ln 10 / 400)^2) = about 108.
        assertEquals(1.96 / Math.sqrt(40 * 0.25) * 400 / Math.log(10), r.error(), 0.01);
    }

    @Test
    void seventyFivePercentIsAbout191EloAboveAndOpponentsCombine() {
        EloFit.Result r = EloFit.fit(List.of(new EloFit.Games(1500, 30, 0, 10)));
        assertEquals(1500 + 400 * Math.log10(3), r.rating(), 0.01);
        // Half the games against 1400 and half against 1600 with 50 %: 1500 by symmetry.
        EloFit.Result two = EloFit.fit(List.of(new EloFit.Games(1400, 5, 10, 5), new EloFit.Games(1600, 5, 10, 5)));
        assertEquals(1500, two.rating(), 0.01);
        assertTrue(!two.bound());
    }

    @Test
    void aPerfectScoreIsABoundNotANumber() {
        EloFit.Result r = EloFit.fit(List.of(new EloFit.Games(1800, 20, 0, 0)));
        assertTrue(r.bound());
        assertEquals(1800 + EloFit.BEYOND, r.rating(), 1e-9);
    }
}
