package horizon.uci;

import horizon.search.Searcher;

/**
 * A win/draw/loss estimate in permille from a centipawn score, for UCI_ShowWDL. The model is two logistic curves,
 * W = 1 / (1 + e^((a - s) / b)) and L = 1 / (1 + e^((a + s) / b)), D the rest, the shape Stockfish uses, with
 * a = 150 and b = 75 chosen by hand so that about +150 cp reads as an even chance of winning. It is an estimate
 * for display, not fitted to Horizon's games.
 */
final class WinDrawLoss {
    private static final double A = 150, B = 75;

    private WinDrawLoss() {
    }

    /** "w d l" in permille, summing to 1000. */
    static String format(int score) {
        if (score >= Searcher.MATE_BOUND) {
            return "1000 0 0";
        }
        if (score <= -Searcher.MATE_BOUND) {
            return "0 0 1000";
        }
        int win = (int) Math.round(1000 / (1 + Math.exp((A - score) / B)));
        int loss = (int) Math.round(1000 / (1 + Math.exp((A + score) / B)));
        return win + " " + (1000 - win - loss) + " " + loss;
    }
}
