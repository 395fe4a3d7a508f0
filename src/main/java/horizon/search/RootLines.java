package horizon.search;

import java.util.Arrays;

/**
 * The principal variations of the root for MultiPV, index 0 the best: each line's root move, score and moves.
 * A line is written whenever one of its root moves raises alpha, so it survives a failed or interrupted
 * iteration. Line k is searched with the root moves of lines 0 to k-1 excluded.
 */
final class RootLines {
    private final int[] move;
    private final int[] score;
    private final int[] pvLength;
    private final int[][] pv;
    private int count;
    /** The lines as the last completed iteration left them: weakened play chooses among these. */
    private final int[] completedMove;
    private final int[] completedScore;
    private final int[] completedPvLength;
    private final int[][] completedPv;
    private int completedCount;

    RootLines(int maxLines, int maxPly) {
        move = new int[maxLines];
        score = new int[maxLines];
        pvLength = new int[maxLines];
        pv = new int[maxLines][maxPly + 1];
        completedMove = new int[maxLines];
        completedScore = new int[maxLines];
        completedPvLength = new int[maxLines];
        completedPv = new int[maxLines][maxPly + 1];
    }

    /** A new search: no line yet, every score 0. */
    void reset() {
        count = 0;
        completedCount = 0;
        Arrays.fill(pvLength, 0);
        Arrays.fill(score, 0);
    }

    /** How many lines the search makes (MultiPV, fewer when there are fewer root moves). */
    void setCount(int lines) {
        count = lines;
    }

    int count() {
        return count;
    }

    /** Before anything is searched: a one-move first line, so that even an at once stopped search has a move. */
    void guess(int rootMove) {
        pv[0][0] = rootMove;
        pvLength[0] = 1;
    }

    /** A root move of the given line raised alpha: it leads that line, with this score and principal variation. */
    void update(int line, int rootMove, int lineScore, int[] moves, int length) {
        move[line] = rootMove;
        score[line] = lineScore;
        pvLength[line] = length;
        System.arraycopy(moves, 0, pv[line], 0, length);
    }

    /**
     * An iteration ended with every line searched: keep its moves and scores. An interrupted iteration leaves the
     * live lines mixed, the first ones from the new depth and the others from the last, sometimes with the same root
     * move twice (a move that led line 1 may now lead line 0): not a set of lines to compare scores in.
     */
    void completeIteration() {
        completedCount = count;
        for (int i = 0; i < count; i++) {
            completedMove[i] = firstMove(i);
            completedScore[i] = score[i];
            completedPvLength[i] = pvLength[i];
            System.arraycopy(pv[i], 0, completedPv[i], 0, pvLength[i]);
        }
    }

    /** Lines of the last completed iteration (0 before the first one completed). */
    int completedCount() {
        return completedCount;
    }

    int completedMove(int line) {
        return completedMove[line];
    }

    int completedScore(int line) {
        return completedScore[line];
    }

    /** The line's moves as the last completed iteration left them: a copy, read once a search is over. */
    int[] completedPv(int line) {
        return Arrays.copyOf(completedPv[line], completedPvLength[line]);
    }

    /** Whether rootMove already leads one of the lines before the given one in this iteration. */
    boolean takenBefore(int line, int rootMove) {
        for (int i = 0; i < line; i++) {
            if (move[i] == rootMove) {
                return true;
            }
        }
        return false;
    }

    /** The first move of the line's principal variation, 0 when it has none. */
    int firstMove(int line) {
        return pvLength[line] > 0 ? pv[line][0] : 0;
    }

    int score(int line) {
        return score[line];
    }

    int pvLength(int line) {
        return pvLength[line];
    }

    /** The line's moves (only the first {@link #pvLength} count); the array is reused, not a copy. */
    int[] pv(int line) {
        return pv[line];
    }
}
