package horizon.engine;

import horizon.search.Searcher;

/**
 * What a search score means, and its one written form. Scores are centipawns from the side to move; a mate in p
 * plies scores {@link Searcher#MATE} - p, a tablebase win {@link Searcher#TB_WIN} - p (below every mate, above every
 * evaluation), losses the negatives. Every front end (UCI, the EPD runner, the suite miner) writes scores through
 * {@link #toText}, so they cannot disagree.
 */
public final class SearchScore {
    /** How Stockfish writes a tablebase win: 20000 less the plies to the position the tables decided. */
    static final int TB_WIN_CP = 20000;

    private SearchScore() {
    }

    public static boolean isMate(int score) {
        return Math.abs(score) >= Searcher.MATE_BOUND;
    }

    /** A tablebase win or loss (not a mate). */
    public static boolean isTablebase(int score) {
        return Math.abs(score) >= Searcher.TB_BOUND && Math.abs(score) < Searcher.MATE_BOUND;
    }

    /**
     * Moves to mate: positive when the side to move mates, negative (or 0, mated now) when it is mated; 0 when the
     * score is not a mate. Stockfish's rounding: a mate delivered on ply p is (p + 1) / 2 moves away.
     */
    public static int mateMoves(int score) {
        if (score >= Searcher.MATE_BOUND) {
            return (Searcher.MATE - score + 1) / 2;
        }
        if (score <= -Searcher.MATE_BOUND) {
            return -((Searcher.MATE + score) / 2);
        }
        return 0;
    }

    /**
     * "cp N", or "mate N" in moves (negative when the side to move is being mated). A tablebase win or loss is
     * written as Stockfish writes it, "cp" 20000 less the plies to the decided position, which every GUI shows as a
     * decisive score without claiming a mate distance.
     */
    public static String toText(int score) {
        if (isMate(score)) {
            return "mate " + mateMoves(score);
        }
        if (isTablebase(score)) {
            int cp = TB_WIN_CP - (Searcher.TB_WIN - Math.abs(score));
            return "cp " + (score > 0 ? cp : -cp);
        }
        return "cp " + score;
    }
}
