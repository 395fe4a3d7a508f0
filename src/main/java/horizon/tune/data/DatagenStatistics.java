package horizon.tune.data;

import horizon.eval.Evaluator;
import java.util.List;

/**
 * What a datagen run produced, printed when it ends: games and their results, positions in all and by game phase,
 * so that a run's make-up is on record next to its command (tuning/LOG.md).
 */
final class DatagenStatistics {
    /** Phase buckets by the evaluation's phase (24 = all pieces on): opening, middlegame, late middlegame, endgame. */
    private static final int[] BUCKET_FLOOR = {20, 12, 6, 0};
    private static final String[] BUCKET_NAMES = {"opening (phase 20-24)", "middlegame (12-19)",
        "late middlegame (6-11)", "endgame (0-5)"};

    private long games, whiteWins, draws, blackWins, positions;
    private final long[] byPhase = new long[BUCKET_FLOOR.length];

    synchronized void addGame(double whiteResult, List<Integer> phases) {
        games++;
        if (whiteResult == 1.0) {
            whiteWins++;
        } else if (whiteResult == 0.0) {
            blackWins++;
        } else {
            draws++;
        }
        for (int phase : phases) {
            positions++;
            byPhase[bucket(phase)]++;
        }
    }

    private static int bucket(int phase) {
        for (int b = 0; b < BUCKET_FLOOR.length; b++) {
            if (phase >= BUCKET_FLOOR[b]) {
                return b;
            }
        }
        return BUCKET_FLOOR.length - 1;
    }

    synchronized String summary() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("games: %d; White wins %.1f %%, draws %.1f %%, Black wins %.1f %%%n", games,
                percent(whiteWins, games), percent(draws, games), percent(blackWins, games)));
        sb.append(String.format("positions: %d (%.1f per game)%n", positions,
                games == 0 ? 0.0 : (double) positions / games));
        for (int b = 0; b < BUCKET_FLOOR.length; b++) {
            sb.append(String.format("  %-24s %9d  %5.1f %%%n", BUCKET_NAMES[b], byPhase[b],
                    percent(byPhase[b], positions)));
        }
        assert Evaluator.MAX_PHASE == 24;
        return sb.toString();
    }

    private static double percent(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }
}
