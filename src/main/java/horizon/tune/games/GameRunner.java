package horizon.tune.games;

import java.util.Map;

/**
 * Plays game pairs (each opening with both colours) between two settings of the tunable parameters: what SPSA
 * measures. {@link FastchessRunner} plays real games; tests use a runner whose result is a known function of the
 * parameters.
 */
public interface GameRunner {
    /** Wins, losses and draws of the first ("plus") setting, and the games either side lost on time. */
    record Result(int wins, int losses, int draws, int timeLosses) {
        public int games() {
            return wins + losses + draws;
        }
    }

    /**
     * Plays {@code pairs} game pairs between the engine set to {@code plus} and the engine set to {@code minus}.
     *
     * @param seed chooses the openings, so that a resumed tune plays what it would have played
     * @throws GameRunnerException when the games could not be played or their result not read
     */
    Result play(Map<String, Integer> plus, Map<String, Integer> minus, int pairs, long seed)
            throws GameRunnerException;

    /** The runner failed; the tune's state is left as it was before the iteration. */
    final class GameRunnerException extends Exception {
        public GameRunnerException(String message) {
            super(message);
        }

        public GameRunnerException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
