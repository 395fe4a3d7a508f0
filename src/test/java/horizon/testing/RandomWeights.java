package horizon.testing;

import horizon.board.Piece;
import horizon.eval.Score;
import horizon.eval.Weights;
import java.util.SplittableRandom;

/** Weight sets with every entry non-zero, so that tests of the evaluation exercise every table. */
public final class RandomWeights {
    private RandomWeights() {
    }

    public static Weights create(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Weights w = new Weights("random-" + seed);
        for (int type = Piece.PAWN; type <= Piece.KING; type++) {
            w.material[type] = Score.of(100 * type + random.nextInt(-50, 50), 100 * type + random.nextInt(-50, 50));
            for (int sq = 0; sq < 64; sq++) {
                w.pieceSquare[type][sq] = Score.of(random.nextInt(-60, 61), random.nextInt(-60, 61));
            }
        }
        return w;
    }
}
