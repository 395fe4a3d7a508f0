package horizon.testing;

import horizon.board.MoveGenerator;
import horizon.board.Position;
import java.util.SplittableRandom;

/** Plays uniformly random legal moves from a position: a cheap source of varied, reachable test positions. */
public final class RandomWalk {
    private RandomWalk() {
    }

    /** Walks up to {@code plies} random legal moves (fewer if the game ends) and returns the position reached. */
    public static Position walk(String fen, int plies, SplittableRandom random) {
        Position pos = Position.fromFen(fen);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        for (int i = 0; i < plies; i++) {
            int n = MoveGenerator.generateAll(pos, moves);
            if (n == 0) {
                break;
            }
            pos.makeMove(moves[random.nextInt(n)]);
        }
        return pos;
    }
}
