package horizon.board;

import java.util.function.Consumer;

/**
 * Counts leaf nodes of the legal move tree, the standard check of a move generator. At the last ply the legal
 * moves are counted without being made ("bulk counting", as Stockfish's perft does).
 */
public final class Perft {
    private static final int MAX_DEPTH = 64;

    private final Position pos;
    private final int[][] moves = new int[MAX_DEPTH][MoveGenerator.MAX_MOVES];

    public Perft(Position pos) {
        this.pos = pos;
    }

    public long count(int depth) {
        if (depth < 1 || depth > MAX_DEPTH) {
            return depth == 0 ? 1 : 0;
        }
        return count(depth, 0);
    }

    private long count(int depth, int ply) {
        int[] list = moves[ply];
        int n = MoveGenerator.generate(pos, list, 0, MoveGenerator.ALL);
        if (depth == 1) {
            return n;
        }
        long nodes = 0;
        for (int i = 0; i < n; i++) {
            pos.makeMove(list[i]);
            nodes += count(depth - 1, ply + 1);
            pos.unmakeMove(list[i]);
        }
        return nodes;
    }

    /**
     * Perft split by root move, each reported as "move: count" in UCI notation (Stockfish's "go perft" layout).
     * Returns the total.
     */
    public long divide(int depth, boolean chess960, Consumer<String> out) {
        int[] root = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generate(pos, root, 0, MoveGenerator.ALL);
        long total = 0;
        for (int i = 0; i < n; i++) {
            long nodes;
            if (depth <= 1) {
                nodes = 1;
            } else {
                pos.makeMove(root[i]);
                nodes = count(depth - 1, 1);
                pos.unmakeMove(root[i]);
            }
            total += nodes;
            out.accept(Move.toUci(root[i], chess960) + ": " + nodes);
        }
        return total;
    }
}
