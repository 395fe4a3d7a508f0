package horizon.tune.data;

import horizon.board.MoveGenerator;
import horizon.board.Piece;
import horizon.board.Position;
import horizon.search.SearchLimits;
import horizon.search.Searcher;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One game of Horizon against itself, from a given start, kept as the {@link TrainingRecord}s of the positions the
 * {@link RecordFilter} lets through: each with the search's score of it and, once the game is over, the game's
 * result. The game ends by mate, stalemate, the fifty-move rule, threefold repetition, insufficient material, the
 * {@link Adjudicator} or {@link #MAX_PLIES}.
 */
public final class SelfPlayGame {
    /** A game this long is a draw: shuffling that adjudication did not catch. */
    public static final int MAX_PLIES = 400;

    /** What a game left: its records (ready to read), White's result, and what the filter did. */
    public record Outcome(ByteBuffer records, int positions, double whiteResult, int plies, int inCheck,
                          int noisy, int decisive) {
    }

    private SelfPlayGame() {
    }

    /**
     * Plays from pos (which is played on) with searcher and limits; the caller has cleared the searcher, so that
     * the game depends on nothing but its start and the limits.
     */
    public static Outcome play(Position pos, Searcher searcher, SearchLimits limits, int resignScore) {
        Adjudicator adjudicator = new Adjudicator(resignScore);
        ByteBuffer records = ByteBuffer.allocate(64 * TrainingRecord.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        // The side to move of each record, to set its result once the game's is known.
        boolean[] whiteToMove = new boolean[MAX_PLIES];
        int kept = 0, inCheck = 0, noisy = 0, decisive = 0;
        double result;
        int ply = 0;
        while (true) {
            if (MoveGenerator.countLegal(pos) == 0) {
                result = pos.inCheck() ? (pos.sideToMove() == Piece.WHITE ? 0.0 : 1.0) : 0.5;
                break;
            }
            if (pos.halfmoveClock() >= 100 || pos.repetitionCount() >= 2 || pos.isInsufficientMaterial()
                    || ply >= MAX_PLIES) {
                result = 0.5;
                break;
            }
            int best = searcher.search(pos, limits, null);
            int score = searcher.bestScore();
            switch (RecordFilter.judge(pos, best, score)) {
                case KEPT -> {
                    if (records.remaining() < TrainingRecord.BYTES) {
                        records = grow(records);
                    }
                    TrainingRecord.write(pos, score, 0.5, records);
                    whiteToMove[kept++] = pos.sideToMove() == Piece.WHITE;
                }
                case IN_CHECK -> inCheck++;
                case NOISY_BEST_MOVE -> noisy++;
                case DECISIVE_SCORE -> decisive++;
            }
            result = adjudicator.afterSearch(ply, pos.sideToMove() == Piece.WHITE ? score : -score);
            if (!Double.isNaN(result)) {
                break;
            }
            pos.makeMove(best);
            ply++;
        }
        for (int i = 0; i < kept; i++) {
            TrainingRecord.setResult(records, i * TrainingRecord.BYTES, whiteToMove[i] ? result : 1 - result);
        }
        records.flip();
        return new Outcome(records, kept, result, ply, inCheck, noisy, decisive);
    }

    private static ByteBuffer grow(ByteBuffer records) {
        ByteBuffer larger = ByteBuffer.allocate(records.capacity() * 2).order(ByteOrder.LITTLE_ENDIAN);
        records.flip();
        return larger.put(records);
    }
}
