package horizon.engine;

import horizon.board.Move;

/**
 * The end of a search: the move to play and the reply expected to it ({@link Move#NONE} when the principal
 * variation is shorter), with the score and depth of the last completed iteration and the nodes of every search
 * thread. {@code bestMove} is {@link Move#NONE} only when the position has no legal move: then {@code inCheck}
 * tells checkmate from stalemate.
 */
public record SearchResult(int bestMove, int ponderMove, int score, int depth, long nodes, long timeMs,
                           boolean inCheck) {
    public boolean hasMove() {
        return bestMove != Move.NONE;
    }
}
