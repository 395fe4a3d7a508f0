package horizon.tune.fit.texel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Piece;
import horizon.board.Position;
import horizon.eval.Term;
import horizon.eval.Weights;
import horizon.io.EpdRecord;
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
 * The tuner's prior (--prior) and learning-rate decay (--lr-decay), on the project's own suite positions labelled
 * by a noisy material rule: what each option promises can be seen in the fitted weights and the loss curve.
 */
class TunerRegularisationTest {
    @TempDir
    Path dir;

    /**
     * Suite positions labelled 1-0 / 0-1 / draw by the classic material balance, a positional rule (a piece in the
     * opponent's half is worth half a pawn more) that only the piece-square tables can learn, and seeded noise.
     */
    private TrainingSet[] labelledPositions() throws Exception {
        List<String> labelled = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(7);
        for (String suite : List.of("tactics.epd", "endgame-openings.epd", "mates.epd")) {
            for (String line : Files.readAllLines(Path.of("epd", suite))) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String fen = EpdRecord.parse(line).fen();
                Position pos = Position.fromFen(fen);
                double balance = 0;
                int[] value = {0, 1, 3, 3, 5, 9, 0};
                for (int sq = 0; sq < 64; sq++) {
                    int piece = pos.pieceAt(sq);
                    if (piece != Piece.NONE) {
                        boolean white = Piece.color(piece) == Piece.WHITE;
                        boolean advanced = white ? sq / 8 >= 4 : sq / 8 <= 3;
                        balance += (white ? 1 : -1) * (value[Piece.type(piece)] + (advanced ? 0.5 : 0));
                    }
                }
                for (int copy = 0; copy < 4; copy++) {
                    double noisy = balance + random.nextGaussian() * 2;
                    String result = noisy > 1 ? "1-0" : noisy < -1 ? "0-1" : "1/2-1/2";
                    // A player's score too (side to move's view, as EPD's ce), for the losses that fit scores.
                    long score = Math.round(100 * noisy) * (pos.sideToMove() == Piece.WHITE ? 1 : -1);
                    labelled.add(fen + " ce " + score + "; c9 \"" + result + "\";");
                }
            }
        }
        Path file = dir.resolve("labelled.epd");
        Files.write(file, labelled);
        TrainingSet set = TrainingSet.read(List.of(file), Weights.CLASSIC,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertTrue(set.size() > 2000, "only " + set.size() + " positions");
        return set.split(0.2, 3);
    }

    private static TexelTuner.Options options() {
        TexelTuner.Options options = new TexelTuner.Options();
        options.epochs = 25;
        options.patience = 25;
        options.batchSize = 128;
        options.minCount = 1; // every square its own weight, however rare: what the prior is for
        options.learningRate = 2;
        options.terms = java.util.EnumSet.of(Term.MATERIAL, Term.PST);
        return options;
    }

    /** Largest change of a piece-square weight from its start (0 in the classic weights). */
    private static double largestTableWeight(double[] params) {
        double largest = 0;
        int from = 2 * Term.PST.offset(), to = 2 * (Term.PST.offset() + 6 * 64);
        for (int j = from; j < to; j++) {
            largest = Math.max(largest, Math.abs(params[j]));
        }
        return largest;
    }

    /** Best validation error over the epochs, the largest table weight returned, and the last training error. */
    private static double[] fit(TrainingSet[] split, double prior) {
        TexelTuner.Options options = options();
        options.priorPositions = prior;
        try (TexelTuner tuner = new TexelTuner(split[0], split[1], 2)) {
            double[] tuned = tuner.tune(TrainingSet.toParameters(Weights.CLASSIC), options, line -> { });
            List<TexelTuner.Epoch> curve = tuner.curve();
            double bestValidation = curve.stream().mapToDouble(e -> e.validationLoss).min().orElseThrow();
            return new double[] {bestValidation, largestTableWeight(tuned), curve.get(curve.size() - 1).trainLoss,
                    curve.get(0).trainLoss};
        }
    }

    @Test
    void aPriorMeasuredInPositionsKeepsTheNoiseOut() throws Exception {
        TrainingSet[] split = labelledPositions();
        double[] none = fit(split, 0), moderate = fit(split, 100), overwhelming = fit(split, 1e7);
        // Without a prior, ~2,000 positions for 768 table weights: the training error falls far, the tables fit
        // noise. A prior worth 100 positions per weight generalises better.
        assertTrue(none[2] < none[3] - 0.01, "no prior: training error " + none[3] + " -> " + none[2]);
        assertTrue(moderate[0] < none[0], "best validation error: no prior " + none[0] + ", prior 100 " + moderate[0]);
        // A prior of ten million positions outweighs the data: the weights stay where they started.
        assertTrue(overwhelming[1] < 1, "largest table weight under an overwhelming prior " + overwhelming[1]);
        assertEquals(overwhelming[3], overwhelming[2], 1e-5, "training error under an overwhelming prior");
    }

    @Test
    void aDecayingLearningRateLetsTheWeightsComeToRest() throws Exception {
        TrainingSet[] split = labelledPositions();
        double[] start = TrainingSet.toParameters(Weights.CLASSIC);
        double constantJitter, decayedJitter;
        try (TexelTuner tuner = new TexelTuner(split[0], split[1], 2)) {
            tuner.tune(start, options(), line -> { });
            constantJitter = lastStep(tuner.curve());
        }
        TexelTuner.Options decaying = options();
        decaying.learningRateDecay = 0.7;
        try (TexelTuner tuner = new TexelTuner(split[0], split[1], 2)) {
            tuner.tune(start, decaying, line -> { });
            decayedJitter = lastStep(tuner.curve());
            assertEquals(26, tuner.curve().size(), "every epoch runs (patience = epochs)");
        }
        // The training error still moves from epoch to epoch at a constant rate; at 0.7^24 of it, hardly at all.
        assertTrue(decayedJitter < constantJitter / 100, "last-epoch change of the training error: constant rate "
                + constantJitter + ", decayed " + decayedJitter);
    }

    @Test
    void theGradientIsTheSlopeOfTheErrorUnderEveryLoss() throws Exception {
        TrainingSet[] split = labelledPositions();
        TrainingSet train = split[0];
        for (TexelTuner.Loss loss : TexelTuner.Loss.values()) {
            TexelTuner.Options options = options();
            options.epochs = 0; // fits K and sets the loss, nothing more
            options.loss = loss;
            options.lambda = loss == TexelTuner.Loss.CENTIPAWN ? 0 : 1;
            try (TexelTuner tuner = new TexelTuner(train, split[1], 2)) {
                double[] params = TrainingSet.toParameters(Weights.CLASSIC);
                tuner.tune(params.clone(), options, line -> { });
                int[] order = new int[train.size()];
                for (int i = 0; i < order.length; i++) {
                    order[i] = i;
                }
                double[] gradient = tuner.gradient(params, order, 0, order.length);
                // The knight's and the queen's middlegame material weights, and an endgame square of the pawn table.
                int[] checked = {2 * (Term.MATERIAL.offset() + Piece.KNIGHT - 1),
                        2 * (Term.MATERIAL.offset() + Piece.QUEEN - 1), 2 * (Term.PST.offset() + 36) + 1};
                for (int j : checked) {
                    double h = 0.5;
                    double[] up = params.clone(), down = params.clone();
                    up[j] += h;
                    down[j] -= h;
                    double slope = (tuner.loss(train, up, tuner.k()) - tuner.loss(train, down, tuner.k())) / (2 * h);
                    assertTrue(Math.abs(slope) > 1e-9, loss + " loss flat in parameter " + j);
                    assertEquals(slope, gradient[j], Math.abs(slope) * 1e-3, loss + " loss, parameter " + j);
                }
            }
        }
    }

    /** Mean absolute change of the training error over the last five epochs. */
    private static double lastStep(List<TexelTuner.Epoch> curve) {
        double sum = 0;
        int n = curve.size();
        for (int i = n - 5; i < n; i++) {
            sum += Math.abs(curve.get(i).trainLoss - curve.get(i - 1).trainLoss);
        }
        return sum / 5;
    }
}
