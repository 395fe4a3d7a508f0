package horizon.tools;

import horizon.board.MoveGenerator;
import horizon.board.Position;

/**
 * Proves mate lengths by exhaustive search: every move of the attacker, every defence, no pruning and no
 * evaluation. Used to check the project's mate suite, where both engines' searches only report the shortest mate
 * they happened to see (Stockfish at depth 30 can call a mate in 4 a mate in 5). Exponential, so it works within
 * a node budget and answers "unknown" beyond it.
 */
public final class MateProver {
    public static final int UNKNOWN = -1;

    private final int[][] moves = new int[32][MoveGenerator.MAX_MOVES];
    private final long budget;
    private long nodes;

    public MateProver(long nodeBudget) {
        this.budget = nodeBudget;
    }

    /**
     * The length in moves of the shortest forced mate for the side to move, if it is at most {@code maxMoves};
     * 0 if there is none that short; {@link #UNKNOWN} if the budget ran out first.
     */
    public int shortestMate(Position pos, int maxMoves) {
        nodes = 0;
        for (int n = 1; n <= maxMoves; n++) {
            try {
                if (mates(pos, n, 0)) {
                    return n;
                }
            } catch (BudgetExceeded e) {
                return UNKNOWN;
            }
        }
        return 0;
    }

    private static final class BudgetExceeded extends RuntimeException {
        BudgetExceeded() {
            super(null, null, false, false);
        }
    }

    private boolean mates(Position pos, int n, int ply) {
        int count = MoveGenerator.generateAll(pos, moves[ply]);
        for (int i = 0; i < count; i++) {
            int m = moves[ply][i];
            pos.makeMove(m);
            boolean mated;
            try {
                mated = defenderIsMated(pos, n, ply + 1);
            } finally {
                pos.unmakeMove(m);
            }
            if (mated) {
                return true;
            }
        }
        return false;
    }

    private boolean defenderIsMated(Position pos, int n, int ply) {
        if (++nodes > budget) {
            throw new BudgetExceeded();
        }
        int count = MoveGenerator.generateAll(pos, moves[ply]);
        if (count == 0) {
            return pos.inCheck();
        }
        if (n == 1 || pos.hasRepeated() || pos.halfmoveClock() >= 100) {
            return false;
        }
        for (int i = 0; i < count; i++) {
            int m = moves[ply][i];
            pos.makeMove(m);
            boolean mated;
            try {
                mated = mates(pos, n - 1, ply + 1);
            } finally {
                pos.unmakeMove(m);
            }
            if (!mated) {
                return false;
            }
        }
        return true;
    }
}
