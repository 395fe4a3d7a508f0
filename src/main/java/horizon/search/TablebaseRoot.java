package horizon.search;

import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.tb.SyzygyProber;
import horizon.tb.SyzygyTables;
import java.util.Arrays;

/**
 * Root moves of a tablebase position, ranked by DTZ so that the search plays a won position out and never loses a
 * drawn one. Interior probes only know win, draw or loss; they cannot tell a move that makes progress from one that
 * shuffles until the fifty-move rule saves the opponent. Here each root move's distance to zeroing (capture, pawn
 * move or mate) counted from the root decides:
 * <ul>
 *   <li>a certain win (zeroing within the fifty-move count left): only the moves with the smallest DTZ stay, so
 *       every move played brings the next capture, pawn move or mate closer, and the win is converted;</li>
 *   <li>a win that the fifty-move rule would spoil (or, without the rule, any loss): the best-ranked moves stay;</li>
 *   <li>a draw: the drawing moves stay (a losing one is never searched);</li>
 *   <li>a loss: the moves that resist longest stay (the opponent may still go wrong).</li>
 * </ul>
 * The search then chooses among the moves kept. If any probe fails (a table missing) nothing is filtered.
 */
public final class TablebaseRoot {
    /** Ranks: a certain win or loss; cursed wins and blessed losses rank between these and a draw. */
    private static final int CERTAIN = 1000;

    /**
     * @param moves the moves kept (legal, at least one)
     * @param score the root's value for the GUI: a tablebase win or loss (Searcher.TB_WIN minus the plies to the
     *              zeroing move), or a draw
     * @param wdl   the root's result under the settings (-2 loss .. 2 win, ±1 saved by the fifty-move rule)
     * @param probes probes that answered (they count as tbhits)
     */
    public record Result(int[] moves, int score, int wdl, int probes) {
    }

    private TablebaseRoot() {
    }

    /**
     * Ranks the root moves of {@code pos}, or returns null when the position is not in the tables (castling rights,
     * too many pieces, a table missing or damaged) or has no legal move. The position is restored before return.
     */
    public static Result rank(Position pos, SyzygyProber prober, int cardinality, boolean rule50) {
        if (pos.castlingRights() != 0 || Long.bitCount(pos.occupied()) > cardinality) {
            return null;
        }
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateAll(pos, moves);
        if (n == 0) {
            return null;
        }
        int[] dtz = new int[n];
        int[] rank = new int[n];
        int[] replies = new int[MoveGenerator.MAX_MOVES];
        int probes = 0;
        int fifty = rule50 ? pos.halfmoveClock() : 0;
        for (int i = 0; i < n; i++) {
            pos.makeMove(moves[i]);
            try {
                int d;
                if (MoveGenerator.generateAll(pos, replies) == 0) {
                    d = pos.inCheck() ? 1 : 0; // mate is the fastest win; stalemate a draw
                } else if (pos.halfmoveClock() == 0) {
                    // A capture or pawn move zeroes the count: only the result of the new position matters.
                    int wdl = pos.hasRepeated() ? 0 : prober.probeWdl(pos);
                    if (wdl == SyzygyTables.FAILED) {
                        return null;
                    }
                    probes++;
                    d = switch (-wdl) {
                        case SyzygyTables.WIN -> 1;
                        case SyzygyTables.CURSED_WIN -> 101;
                        case SyzygyTables.BLESSED_LOSS -> -101;
                        case SyzygyTables.LOSS -> -1;
                        default -> 0;
                    };
                } else if (pos.hasRepeated()) {
                    d = 0; // a repetition the opponent can claim
                } else {
                    int reply = prober.probeDtz(pos);
                    if (reply == SyzygyTables.FAILED) {
                        return null;
                    }
                    probes++;
                    // The opponent's distance, one ply further from the root.
                    d = reply > 0 ? -(reply + 1) : reply < 0 ? -reply + 1 : 0;
                }
                dtz[i] = d;
                rank[i] = rankOf(d, fifty, rule50);
            } finally {
                pos.unmakeMove(moves[i]);
            }
        }
        int best = Integer.MIN_VALUE;
        for (int r : rank) {
            best = Math.max(best, r);
        }
        int fastest = Integer.MAX_VALUE;
        if (best == CERTAIN) {
            for (int i = 0; i < n; i++) {
                if (rank[i] == CERTAIN) {
                    fastest = Math.min(fastest, dtz[i]);
                }
            }
        }
        int kept = 0;
        int[] chosen = new int[n];
        for (int i = 0; i < n; i++) {
            if (rank[i] == best && (best != CERTAIN || dtz[i] == fastest)) {
                chosen[kept++] = moves[i];
            }
        }
        int wdl = best == CERTAIN ? 2 : best > 0 ? 1 : best == 0 ? 0 : best == -CERTAIN ? -2 : -1;
        int plies = best == CERTAIN ? fastest : Searcher.MAX_PLY - 1;
        int score = wdl == 2 ? Searcher.TB_WIN - Math.min(plies, Searcher.MAX_PLY - 1)
                : wdl == -2 ? -Searcher.TB_WIN + Searcher.MAX_PLY - 1 : wdl;
        return new Result(Arrays.copyOf(chosen, kept), score, wdl, probes);
    }

    /**
     * Higher is better for the side at the root. Wins that zero the count in time rank {@link #CERTAIN}; wins the
     * fifty-move rule spoils rank lower the later they zero; certain losses rank -CERTAIN, losses that the rule
     * may save rank higher the longer they last.
     */
    private static int rankOf(int dtz, int fifty, boolean rule50) {
        if (dtz > 0) {
            return !rule50 || dtz + fifty <= 99 ? CERTAIN : Math.max(1, CERTAIN - (dtz + fifty));
        }
        if (dtz < 0) {
            return !rule50 || -dtz * 2 + fifty < 100 ? -CERTAIN : Math.min(-1, -CERTAIN + (-dtz + fifty));
        }
        return 0;
    }
}
