package horizon.tune.data;

import horizon.board.Move;
import horizon.board.Position;
import horizon.search.Searcher;

/**
 * Which positions enter a training file. The filter runs when a file is written (self-play and the EPD converter);
 * readers trust the file and keep every record.
 *
 * <p>Left out: positions in check (the network never evaluates them: the search extends checks), positions whose
 * best move is a capture or a promotion (their score belongs to the position after the exchange, not to this one),
 * and mate or tablebase-win scores (a distance to mate, not an evaluation; {@link Searcher#TB_BOUND} lies below
 * {@link Searcher#MATE_BOUND}, so one bound covers both).
 */
public final class RecordFilter {
    /** Why a position was left out; KEPT when it was not. */
    public enum Verdict { KEPT, IN_CHECK, NOISY_BEST_MOVE, DECISIVE_SCORE }

    private RecordFilter() {
    }

    /**
     * The verdict on pos with the search's best move and score (side to move's view). Pass {@link Move#NONE} as
     * the best move when none is known (an EPD line): the noisy-move test is then skipped.
     */
    public static Verdict judge(Position pos, int bestMove, int score) {
        if (pos.inCheck()) {
            return Verdict.IN_CHECK;
        }
        if (bestMove != Move.NONE && Move.isNoisy(bestMove)) {
            return Verdict.NOISY_BEST_MOVE;
        }
        if (Math.abs(score) >= Searcher.TB_BOUND) {
            return Verdict.DECISIVE_SCORE;
        }
        return Verdict.KEPT;
    }
}
