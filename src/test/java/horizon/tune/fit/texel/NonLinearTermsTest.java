package horizon.tune.fit.texel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Position;
import horizon.eval.Evaluator;
import horizon.eval.Term;
import horizon.eval.Weights;
import horizon.testing.RandomWalk;
import horizon.testing.RandomWeights;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The non-linear blocks (king attack, complexity): they change evaluations when their weights are not zero, change
 * nothing when they are, and the tuner's gradient through their curves is the derivative of its model.
 */
class NonLinearTermsTest {
    @TempDir
    Path dir;

    private TrainingSet positions(Weights weights, long seed, int n) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        List<String> lines = new ArrayList<>();
        while (lines.size() < n) {
            Position pos = RandomWalk.walk(Position.START_FEN, random.nextInt(10, 120), random);
            lines.add(pos.toFen() + " c9 \"1/2-1/2\";");
        }
        Path file = dir.resolve("p" + seed + ".epd");
        Files.write(file, lines);
        return TrainingSet.read(List.of(file), weights, System.err);
    }

    private static double[] withBlock(double[] params, Term term, double value) {
        double[] p = params.clone();
        for (int j = term.offset(); j < term.offset() + term.size; j++) {
            p[2 * j] = p[2 * j + 1] = value;
        }
        return p;
    }

    @Test
    void theCurvesMoveEvaluationsAndZeroWeightsAddNothing() throws Exception {
        Weights weights = RandomWeights.create(21);
        TrainingSet set = positions(weights, 21, 1500);
        double[] params = TrainingSet.toParameters(weights);
        double[] withoutAttack = withBlock(params, Term.KING_ATTACK, 0);
        double[] without = withBlock(withoutAttack, Term.COMPLEXITY, 0);
        int attackMoved = 0, complexityMoved = 0, inner = 0;
        for (int i = 0; i < set.size(); i++) {
            inner += set.innerEnd(i) - set.innerStart(i);
            attackMoved += set.evaluateExactly(params, i) != set.evaluateExactly(withoutAttack, i) ? 1 : 0;
            complexityMoved += set.evaluateExactly(withoutAttack, i) != set.evaluateExactly(without, i) ? 1 : 0;
        }
        assertTrue(inner > set.size(), "every position records its complexity, attacked kings their attack");
        assertTrue(attackMoved > set.size() / 20, "the king attack moved " + attackMoved + " of " + set.size());
        assertTrue(complexityMoved > set.size() / 2, "the complexity moved " + complexityMoved + " of " + set.size());

        // Through the evaluator itself: with those blocks at zero (as in a weights file made before they existed)
        // the curves add nothing, so such a file evaluates as it did before the blocks existed.
        Weights zeroed = TrainingSet.toWeights(without, "zeroed");
        SplittableRandom random = new SplittableRandom(5);
        NonLinearSum withWeights = new NonLinearSum(), withZeros = new NonLinearSum();
        for (int k = 0; k < 1000; k++) {
            Position pos = RandomWalk.walk(Position.START_FEN, random.nextInt(10, 120), random);
            new Evaluator(weights).evaluate(pos, withWeights);
            new Evaluator(zeroed).evaluate(pos, withZeros);
        }
        assertTrue(withWeights.nonZero > 500, "random weights: " + withWeights.nonZero + " non-zero contributions");
        assertEquals(0, withZeros.nonZero, "zero weights add nothing");
    }

    /** Counts the non-linear blocks' contributions that are not zero. */
    private static final class NonLinearSum extends horizon.eval.Trace {
        int nonZero;

        @Override
        public void nonLinear(Term term, int color, int score) {
            nonZero += score != 0 ? 1 : 0;
        }
    }

    @Test
    void theGradientIsTheModelsDerivative() throws Exception {
        Weights weights = RandomWeights.create(33);
        TrainingSet set = positions(weights, 33, 400);
        double[] params = TrainingSet.toParameters(weights);
        // Nudge every parameter off the integers: away from the curves' kinks, the model is smooth there.
        SplittableRandom random = new SplittableRandom(3);
        for (int j = 0; j < params.length; j++) {
            params[j] += random.nextDouble(0.1, 0.4);
        }
        int[] checked = {2 * (Term.KING_ATTACK.offset() + 3), 2 * (Term.KING_ATTACK.offset() + 4) + 1,
            2 * (Term.KING_ATTACK.offset() + 10), 2 * (Term.COMPLEXITY.offset()) + 1,
            2 * (Term.COMPLEXITY.offset() + 4) + 1, 2 * (Term.MATERIAL.offset() + 1) + 1,
            2 * (Term.MOBILITY_KNIGHT.offset() + 4)};
        double h = 1e-3;
        for (int j : checked) {
            double analytic = 0, numeric = 0;
            double[] g = new double[params.length];
            for (int i = 0; i < set.size(); i++) {
                set.addGradient(params, i, 1.0, g);
                double[] up = params.clone(), down = params.clone();
                up[j] += h;
                down[j] -= h;
                numeric += (set.evaluateSmooth(up, i) - set.evaluateSmooth(down, i)) / (2 * h);
            }
            analytic = g[j];
            assertTrue(Math.abs(numeric) > 1e-3 || Math.abs(analytic) < 1e-9, "parameter " + j + " matters somewhere");
            assertEquals(numeric, analytic, 1e-3 * Math.max(1, Math.abs(numeric)), "parameter " + j);
        }
    }

    /**
     * A teacher with both curves on labels random positions with its own evaluation; the tuner, started from the
     * teacher with those two blocks at zero and fitting only them, finds them again: the centipawn error falls to a
     * fraction, and the king attack's weight for an attacking queen comes out on the teacher's side of zero.
     */
    @Test
    void theTunerFitsTheCurvesFromZero() throws Exception {
        int[] w = Weights.builtIn().toArray();
        int ka = Term.KING_ATTACK.offset(), cx = Term.COMPLEXITY.offset();
        int[] attack = {20, 25, 30, 60, 12, 10, 10, 15, 25, -60, -20, -8};
        for (int e = 0; e < attack.length; e++) {
            w[ka + e] = horizon.eval.Score.of(attack[e], attack[e]);
        }
        int[] complexity = {3, 25, 30, 12, -45};
        for (int e = 0; e < complexity.length; e++) {
            w[cx + e] = horizon.eval.Score.of(0, complexity[e]);
        }
        Weights teacher = new Weights("teacher", w);
        Evaluator judge = new Evaluator(teacher);
        SplittableRandom random = new SplittableRandom(17);
        List<String> lines = new ArrayList<>();
        while (lines.size() < 3000) {
            Position pos = RandomWalk.walk(Position.START_FEN, random.nextInt(16, 90), random);
            int value = judge.evaluate(pos);
            if (pos.inCheck() || Math.abs(value) > 1000) {
                continue; // the centipawn loss clips scores at 2000: keep every label as it is
            }
            lines.add(pos.toFen() + " ce " + value + "; c9 \"1/2-1/2\";");
        }
        Path file = dir.resolve("teacher.epd");
        Files.write(file, lines);
        TrainingSet[] split = TrainingSet.read(List.of(file), teacher, System.err).split(0.2, 1);
        double[] start = withBlock(withBlock(TrainingSet.toParameters(teacher), Term.KING_ATTACK, 0),
                Term.COMPLEXITY, 0);
        TexelTuner.Options options = new TexelTuner.Options();
        options.loss = TexelTuner.Loss.CENTIPAWN;
        options.lambda = 0;
        options.epochs = 40;
        options.patience = 40;
        options.batchSize = 64;
        options.minCount = 1;
        options.learningRate = 1;
        options.terms = java.util.EnumSet.of(Term.KING_ATTACK, Term.COMPLEXITY);
        double before = 0, after = 0;
        try (TexelTuner tuner = new TexelTuner(split[0], split[1], 2)) {
            double[] fitted = tuner.tune(start, options, line -> { });
            TrainingSet held = split[1];
            for (int i = 0; i < held.size(); i++) {
                double target = held.score(i);
                before += Math.pow(held.evaluate(start, i) - target, 2);
                after += Math.pow(held.evaluate(fitted, i) - target, 2);
            }
            assertTrue(after < before / 4, "held-out squared error " + before + " -> " + after);
            assertTrue(fitted[2 * (ka + 3)] > 0, "an attacking queen adds danger: " + fitted[2 * (ka + 3)]);
        }
    }
}
