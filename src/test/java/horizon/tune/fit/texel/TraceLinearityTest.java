package horizon.tune.fit.texel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import horizon.board.Piece;
import horizon.board.Position;
import horizon.eval.Evaluator;
import horizon.eval.Weights;
import horizon.testing.RandomWalk;
import horizon.testing.RandomWeights;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tuner fits what the engine computes: positions go through the tuner's own path (an EPD file read by
 * {@link TrainingSet#read}, the features it stores), and its model with the same weights (the linear sum, and the
 * curves of the non-linear blocks on their inner sums) gives exactly {@link Evaluator#evaluate}, with random non-zero
 * weights in every block.
 */
class TraceLinearityTest {
    @TempDir
    Path dir;

    @Test
    void storedFeaturesTimesWeightsEqualTheEvaluator() throws Exception {
        for (long seed = 5; seed <= 6; seed++) {
            Weights weights = RandomWeights.create(seed);
            Evaluator evaluator = new Evaluator(weights);
            SplittableRandom random = new SplittableRandom(seed);
            List<String> lines = new ArrayList<>();
            List<Integer> expected = new ArrayList<>();
            KnownEnding known = new KnownEnding();
            while (lines.size() < 2500) {
                Position pos = RandomWalk.walk(Position.START_FEN, random.nextInt(200), random);
                known.outright = false;
                int value = evaluator.evaluate(pos, known);
                if (known.outright) {
                    continue; // KXK, KBNK: judged outright, outside the weights, and left out by the tuner
                }
                expected.add(pos.sideToMove() == Piece.WHITE ? value : -value);
                lines.add(pos.toFen() + " c9 \"1/2-1/2\";");
            }
            Path file = dir.resolve("walk" + seed + ".epd");
            Files.write(file, lines);
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            TrainingSet set = TrainingSet.read(List.of(file), weights,
                    new PrintStream(log, true, StandardCharsets.UTF_8));
            assertEquals(lines.size(), set.size(), log.toString(StandardCharsets.UTF_8));
            double[] params = TrainingSet.toParameters(weights);
            for (int i = 0; i < set.size(); i++) {
                assertEquals((int) expected.get(i), set.evaluateExactly(params, i), lines.get(i));
                assertEquals(expected.get(i), set.evaluate(params, i), 1.0, lines.get(i)); // the taper's rounding
            }
        }
    }

    /** Notices the endings the evaluator judges outright. */
    private static final class KnownEnding extends horizon.eval.Trace {
        boolean outright;

        @Override
        public void special() {
            outright = true;
        }
    }

    @Test
    void normalisingMovesPieceSquareMeansIntoMaterialWithoutChangingEvaluations() throws Exception {
        Weights weights = RandomWeights.create(10);
        SplittableRandom random = new SplittableRandom(11);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            lines.add(RandomWalk.walk(Position.START_FEN, random.nextInt(150), random).toFen() + " c9 \"1-0\";");
        }
        Path file = dir.resolve("n.epd");
        Files.write(file, lines);
        TrainingSet set = TrainingSet.read(List.of(file), weights, System.err);
        double[] params = TrainingSet.toParameters(weights);
        double[] normalised = params.clone();
        TexelTuner.normalise(normalised);
        for (int i = 0; i < set.size(); i++) {
            assertEquals(set.evaluate(params, i), set.evaluate(normalised, i), 1e-6);
        }
    }

    @Test
    void parametersRoundTripThroughWeights() {
        Weights weights = RandomWeights.create(8);
        Weights back = TrainingSet.toWeights(TrainingSet.toParameters(weights), "x");
        org.junit.jupiter.api.Assertions.assertArrayEquals(weights.toArray(), back.toArray());
    }
}
