package horizon.search;

import horizon.board.Position;
import java.util.Arrays;

/**
 * Static evaluation correction history: per side to move and pawn structure, a running average of how far the
 * search result of a node fell from its static evaluation. The evaluation misjudges some pawn structures the same
 * way again and again (a blocked centre, a far-advanced passer); the searches that already met such a structure
 * say by how much, and later static evaluations of it are moved by that much before the pruning decisions read
 * them. Entries are kept in 1/{@value #GRAIN} centipawn and capped at {@value #LIMIT_CP} cp.
 */
final class CorrectionHistory {
    private static final int BITS = 14;
    static final int GRAIN = 256;
    static final int LIMIT_CP = 64;
    private static final int LIMIT = LIMIT_CP * GRAIN;
    /** How much one update weighs, out of WEIGHT_SCALE: deeper searches teach more. */
    private static final int WEIGHT_SCALE = 256;
    private static final int MAX_WEIGHT = 64;

    private final int[] table = new int[2 << BITS];

    void clear() {
        Arrays.fill(table, 0);
    }

    private static int index(Position pos) {
        return pos.sideToMove() << BITS | (int) (pos.pawnKey() >>> (64 - BITS));
    }

    /** The static evaluation (side to move's view) moved by what earlier searches of this structure learnt. */
    int correct(Position pos, int staticEval) {
        return staticEval + table[index(pos)] / GRAIN;
    }

    /** A search of depth found searchScore where the corrected static evaluation said correctedEval. */
    void update(Position pos, int depth, int searchScore, int correctedEval) {
        int i = index(pos);
        int error = Math.max(-LIMIT, Math.min(LIMIT, (searchScore - correctedEval) * GRAIN));
        int weight = Math.min(MAX_WEIGHT, 4 * (depth + 1));
        int updated = (table[i] * (WEIGHT_SCALE - weight) + (table[i] + error) * weight) / WEIGHT_SCALE;
        table[i] = Math.max(-LIMIT, Math.min(LIMIT, updated));
    }

    int entry(Position pos) {
        return table[index(pos)];
    }
}
