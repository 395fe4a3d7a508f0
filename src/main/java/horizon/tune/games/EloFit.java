package horizon.tune.games;

import java.util.List;

/**
 * The rating of one player from its games against opponents of known rating, by maximum likelihood under the
 * logistic Elo model (expected score 1 / (1 + 10^((opponent - rating) / 400)), a draw half a point): the rating at
 * which the expected total score equals the score made, and its 95 % error from the likelihood's curvature.
 */
public final class EloFit {
    private static final double LN10_400 = Math.log(10) / 400;
    /** A player who won or lost every game has no finite estimate: it is placed this far beyond its opponents. */
    static final double BEYOND = 600;

    private EloFit() {
    }

    /** Games against one opponent: its rating and the player's wins, draws and losses. */
    public record Games(double opponentRating, int wins, int draws, int losses) {
        int n() {
            return wins + draws + losses;
        }

        double score() {
            return wins + draws / 2.0;
        }
    }

    /** The estimate: rating, its 95 % error (half-width), and whether it is a bound (all won or all lost). */
    public record Result(double rating, double error, boolean bound) {
    }

    static double expected(double rating, double opponent) {
        return 1 / (1 + Math.pow(10, (opponent - rating) / 400));
    }

    public static Result fit(List<Games> games) {
        double score = 0, n = 0, low = Double.MAX_VALUE, high = -Double.MAX_VALUE;
        for (Games g : games) {
            score += g.score();
            n += g.n();
            low = Math.min(low, g.opponentRating());
            high = Math.max(high, g.opponentRating());
        }
        if (n == 0) {
            throw new IllegalArgumentException("no games to fit");
        }
        if (score == 0 || score == n) {
            double rating = score == 0 ? low - BEYOND : high + BEYOND;
            return new Result(rating, Double.POSITIVE_INFINITY, true);
        }
        // The expected score rises with the rating: bisect, then the error from the Fisher information.
        double a = low - 2000, b = high + 2000;
        for (int i = 0; i < 200; i++) {
            double mid = (a + b) / 2, e = 0;
            for (Games g : games) {
                e += g.n() * expected(mid, g.opponentRating());
            }
            if (e < score) {
                a = mid;
            } else {
                b = mid;
            }
        }
        double rating = (a + b) / 2, information = 0;
        for (Games g : games) {
            double p = expected(rating, g.opponentRating());
            information += g.n() * p * (1 - p) * LN10_400 * LN10_400;
        }
        return new Result(rating, 1.96 / Math.sqrt(information), false);
    }
}
