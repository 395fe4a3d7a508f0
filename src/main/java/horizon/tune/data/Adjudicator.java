package horizon.tune.data;

/**
 * Ends a self-play game early when its result is clear from the scores: a win when one side's score stays at least
 * the resign score for {@link #RESIGN_PLIES} plies in a row, a draw when the score stays within
 * {@link #DRAW_SCORE} for {@link #DRAW_PLIES} plies after ply {@link #DRAW_FROM_PLY}. Both datagens use it: the
 * EPD one and the binary one.
 */
public final class Adjudicator {
    public static final int RESIGN_PLIES = 6;
    public static final int DRAW_SCORE = 10, DRAW_PLIES = 12, DRAW_FROM_PLY = 80;
    public static final int DEFAULT_RESIGN_SCORE = 1000;

    private final int resignScore;
    private int whiteWinning, blackWinning, level;

    /** @param resignScore centipawns; 0 never adjudicates a win (games are played out to mate or a draw) */
    public Adjudicator(int resignScore) {
        this.resignScore = resignScore;
    }

    /**
     * Takes the score of the search at ply (White's view); returns the result it adjudicates, from White's view
     * (1, 0.5 or 0), or NaN when the game goes on.
     */
    public double afterSearch(int ply, int whiteScore) {
        boolean resigns = resignScore > 0;
        whiteWinning = resigns && whiteScore >= resignScore ? whiteWinning + 1 : 0;
        blackWinning = resigns && whiteScore <= -resignScore ? blackWinning + 1 : 0;
        level = Math.abs(whiteScore) <= DRAW_SCORE && ply >= DRAW_FROM_PLY ? level + 1 : 0;
        if (whiteWinning >= RESIGN_PLIES) {
            return 1.0;
        }
        if (blackWinning >= RESIGN_PLIES) {
            return 0.0;
        }
        return level >= DRAW_PLIES ? 0.5 : Double.NaN;
    }
}
