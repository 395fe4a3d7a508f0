package horizon.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Piece;
import horizon.board.Position;
import horizon.eval.Evaluator;
import horizon.eval.PieceSquareTable;
import horizon.eval.Weights;
import horizon.testing.RandomWalk;
import horizon.testing.RandomWeights;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EvalFeaturesTest {
    /** features . weights reproduces the engine's evaluation: the tuner optimises what the engine computes. */
    @Test
    void featuresTimesWeightsEqualsTheEvaluator() {
        Weights weights = RandomWeights.create(5);
        PieceSquareTable table = new PieceSquareTable(weights);
        double[] params = EvalFeatures.toParameters(weights);
        int[] pairs = new int[EvalFeatures.PAIRS], counts = new int[EvalFeatures.PAIRS];
        int[] scratch = new int[EvalFeatures.PAIRS];
        SplittableRandom random = new SplittableRandom(6);
        for (int i = 0; i < 3000; i++) {
            Position pos = RandomWalk.walk(Position.START_FEN, random.nextInt(150), random);
            pos.setPieceSquareTable(table);
            int n = EvalFeatures.extract(pos, pairs, counts, scratch);
            double white = EvalFeatures.evaluate(params, pairs, counts, n, Evaluator.phase(pos));
            int engine = Evaluator.evaluate(pos);
            int engineWhite = pos.sideToMove() == Piece.WHITE ? engine : -engine;
            // The engine divides once, in integers; the tuner works in doubles.
            assertTrue(Math.abs(white - engineWhite) < 1.0, pos.toFen() + ": " + white + " vs " + engineWhite);
        }
        for (int x : scratch) {
            assertEquals(0, x, "scratch must be left zeroed");
        }
    }

    @Test
    void parametersRoundTripThroughWeights() {
        Weights weights = RandomWeights.create(8);
        Weights back = EvalFeatures.toWeights(EvalFeatures.toParameters(weights), "x");
        for (int type = 1; type <= 6; type++) {
            assertEquals(weights.material[type], back.material[type]);
            for (int sq = 0; sq < 64; sq++) {
                assertEquals(weights.pieceSquare[type][sq], back.pieceSquare[type][sq]);
            }
        }
    }

    @Test
    void normalisingMovesPieceSquareMeansIntoMaterialWithoutChangingEvaluations() {
        Weights weights = RandomWeights.create(10);
        double[] params = EvalFeatures.toParameters(weights);
        double[] normalised = params.clone();
        TexelTuner.normalise(normalised);
        int[] pairs = new int[EvalFeatures.PAIRS], counts = new int[EvalFeatures.PAIRS];
        int[] scratch = new int[EvalFeatures.PAIRS];
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 500; i++) {
            Position pos = RandomWalk.walk(Position.START_FEN, random.nextInt(150), random);
            int n = EvalFeatures.extract(pos, pairs, counts, scratch);
            int phase = Evaluator.phase(pos);
            assertEquals(EvalFeatures.evaluate(params, pairs, counts, n, phase),
                    EvalFeatures.evaluate(normalised, pairs, counts, n, phase), 1e-6);
        }
    }
}
