package horizon.tune.fit.texel;

import horizon.board.Piece;
import horizon.eval.Score;
import horizon.eval.Term;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.DoubleUnaryOperator;

/**
 * Texel's method. The error of a weight set is the mean squared difference between each position's game result
 * and sigmoid(K * eval), eval in centipawns from White's view (or, with {@link Loss#LOG}, their
 * cross-entropy; with {@link Loss#CENTIPAWN}, the squared difference between eval and the player's score,
 * no sigmoid). K is fitted first, for the starting weights, and
 * then held fixed (it anchors the scale); the weights are then fitted by mini-batch Adam over the linear
 * features the evaluator's trace recorded once per position ({@link TrainingSet}). A held-out validation set decides when to stop
 * and which epoch's weights to keep.
 */
public final class TexelTuner implements AutoCloseable {
    /** Tuning settings; the defaults are those of the committed runs (see tuning/LOG.md). */
    public static final class Options {
        public int epochs = 300;
        public double learningRate = 1.0;
        public int batchSize = 16384;
        public int patience = 15;
        public long seed = 1;
        /** Parameters seen in fewer training positions than this keep their starting value (noise guard). */
        public int minCount = 200;
        /** After tuning, scale every weight so the pawn's mean material value is this many centipawns. */
        public double pawnValue = 100;
        /**
         * Ridge penalty pulling every weight toward its starting value: the error minimised is the mean squared
         * error plus l2 times the mean over parameters of (weight - start)^2 / 100^2. Weights that the data
         * barely determines (a knight on a square it rarely reaches) then stay near the start instead of taking
         * whatever value fits a few hundred games.
         */
        public double l2 = 0;
        /**
         * A Gaussian prior on every weight, centred on its starting value and as strong as this many positions
         * in which the weight's feature occurs: the error minimised adds (prior / n) * (K / 4)^2 * (weight -
         * start)^2 per weight, n being the training positions, (K / 4)^2 the curvature one position's squared
         * error has near an even score (under the log loss K^2 / 8 in its place). A weight seen in far more
         * positions than the prior is set by its data; one seen in few stays near its start. Unlike {@link #l2},
         * whose strength does not grow with the data, this is measured against the positions themselves.
         * 0 = no prior.
         */
        public double priorPositions = 0;
        /**
         * The learning rate is multiplied by this after every epoch. With a constant rate Adam never settles: each
         * weight keeps moving by about the rate every step, most for the weights whose gradient is mostly noise
         * (rare squares), and the epoch with the best validation error is partly chosen by that noise. A decay
         * below 1 lets the weights come to rest at the minimum. 1 = constant rate.
         */
        public double learningRateDecay = 1;
        /**
         * Share of the game result in the target; the rest is the win probability of the playing engine's score
         * where the data has one (1 = results only).
         */
        public double lambda = 1;
        /** The error minimised. */
        public Loss loss = Loss.SQUARED;
        /** The blocks to fit; the others keep their starting values (all blocks when null). */
        public Set<Term> terms;
        /** Told of each finished epoch (a progress bar, say); null for none. */
        public Consumer<Epoch> onEpoch;
    }

    /** The error a fit minimises, by the name `tune --loss` gives it. */
    public enum Loss {
        /** Texel's: the squared difference between the target and sigmoid(K * eval). */
        SQUARED("squared"),
        /**
         * Cross-entropy (log loss) instead of Texel's squared error. The squared error of a probability counts a
         * centipawn of error near +300 about a fifth as much as near 0 (the sigmoid's slope, squared, against its
         * slope), so a fit spends its freedom on balanced positions and leaves the features that decide games
         * short; the log loss, logistic regression's own, weighs a probability error alike wherever it lies.
         */
        LOG("log"),
        /**
         * Squared error in centipawns against the player's score (clipped at {@link #SCORE_CLIP}), with no sigmoid
         * (score labels only, lambda 0). A linear model fitted in the sigmoid's space matches the average win
         * probability of the positions that show a feature, which is far below their average score where those
         * positions are spread wide (a pawn on the 7th rank in the endgame: Stockfish's scores from -557 to +947
         * between the 10th and 90th percentile, average +271, while the average probability stands for +78).
         */
        CENTIPAWN("cp");

        public final String name;

        Loss(String name) {
            this.name = name;
        }

        /** The loss of that name, or null when there is none. */
        public static Loss named(String name) {
            for (Loss loss : values()) {
                if (loss.name.equals(name)) {
                    return loss;
                }
            }
            return null;
        }
    }

    /** One line of the loss curve. */
    public static final class Epoch {
        public final int epoch;
        public final double trainLoss, validationLoss, seconds;

        public Epoch(int epoch, double trainLoss, double validationLoss, double seconds) {
            this.epoch = epoch;
            this.trainLoss = trainLoss;
            this.validationLoss = validationLoss;
            this.seconds = seconds;
        }
    }

    private final TrainingSet train, validation;
    private final int threads;
    private final ExecutorService pool;
    private double k;
    private final List<Epoch> curve = new ArrayList<>();

    private double lambda = 1;
    private Loss loss = Loss.SQUARED;
    /** Scores beyond this many centipawns count as this much under the centipawn loss. */
    static final double SCORE_CLIP = 2000;
    /** Scale of the player's scores: sigmoid(scoreK * score) is the expected result they stand for. */
    private double scoreK;

    public TexelTuner(TrainingSet train, TrainingSet validation, int threads) {
        this.train = train;
        this.validation = validation;
        this.threads = Math.max(1, threads);
        this.pool = Executors.newFixedThreadPool(this.threads);
    }

    public double k() {
        return k;
    }

    public List<Epoch> curve() {
        return curve;
    }

    private static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    /**
     * Error of one prediction p of target y: squared, or (log loss) the cross-entropy less its least value, the
     * target's own entropy, so that a perfect prediction costs 0 under both.
     */
    private static double error(double y, double p, boolean log) {
        if (!log) {
            return (y - p) * (y - p);
        }
        double q = Math.min(1 - 1e-12, Math.max(1e-12, p));
        return crossEntropy(y, q) - crossEntropy(y, y);
    }

    private static double crossEntropy(double y, double p) {
        return -(y > 0 ? y * Math.log(p) : 0) - (y < 1 ? (1 - y) * Math.log(1 - p) : 0);
    }

    /** Mean error, under the loss the fit minimises, of the set under params and scaling constant kValue. */
    public double loss(TrainingSet set, double[] params, double kValue) {
        return loss(set, params, kValue, loss);
    }

    private double loss(TrainingSet set, double[] params, double kValue, Loss kind) {
        List<Callable<Double>> parts = new ArrayList<>();
        int n = set.size();
        for (int t = 0; t < threads; t++) {
            int from = (int) ((long) n * t / threads), to = (int) ((long) n * (t + 1) / threads);
            parts.add(() -> {
                double sum = 0;
                for (int i = from; i < to; i++) {
                    if (kind == Loss.CENTIPAWN) {
                        double e = set.evaluate(params, i) - clippedScore(set, i);
                        sum += e * e;
                    } else {
                        sum += error(set.target(i, lambda, scoreK), sigmoid(kValue * set.evaluate(params, i)),
                                kind == Loss.LOG);
                    }
                }
                return sum;
            });
        }
        double total = 0;
        for (Future<Double> f : invokeAll(parts)) {
            total += get(f);
        }
        return total / Math.max(1, n);
    }

    /** Golden-section search for the K minimising the training error of params. */
    public double fitK(double[] params) {
        // The centipawn loss has no K; the one reported is the squared error's, for comparison.
        Loss kind = loss == Loss.CENTIPAWN ? Loss.SQUARED : loss;
        k = goldenSection(kValue -> loss(train, params, kValue, kind));
        return k;
    }

    private static double clippedScore(TrainingSet set, int i) {
        return Math.max(-SCORE_CLIP, Math.min(SCORE_CLIP, set.score(i)));
    }

    public double scoreK() {
        return scoreK;
    }

    /**
     * The scale that turns the player's scores into expected results, fitted to the game results of the training
     * positions that have a score: the score labels then speak the same language as the results.
     */
    double fitScoreK() {
        scoreK = goldenSection(kValue -> {
            double sum = 0;
            long n = 0;
            for (int i = 0; i < train.size(); i++) {
                if (!Double.isNaN(train.score(i))) {
                    sum += error(train.result(i), sigmoid(kValue * train.score(i)), loss == Loss.LOG);
                    n++;
                }
            }
            return n == 0 ? 0 : sum / n;
        });
        return scoreK;
    }

    /** Minimum of a unimodal error over K in [0.0005, 0.03]. */
    private static double goldenSection(DoubleUnaryOperator error) {
        double lo = 0.0005, hi = 0.03;
        double phi = (Math.sqrt(5) - 1) / 2;
        double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
        double fa = error.applyAsDouble(a), fb = error.applyAsDouble(b);
        for (int i = 0; i < 40; i++) {
            if (fa < fb) {
                hi = b;
                b = a;
                fb = fa;
                a = hi - phi * (hi - lo);
                fa = error.applyAsDouble(a);
            } else {
                lo = a;
                a = b;
                fa = fb;
                b = lo + phi * (hi - lo);
                fb = error.applyAsDouble(b);
            }
        }
        return (lo + hi) / 2;
    }

    /**
     * Fits K, then the weights; returns the parameters of the epoch with the lowest validation error. Reports
     * one line per epoch to progress.
     */
    public double[] tune(double[] initial, Options options, Consumer<String> progress) {
        initial = seedKingAttack(initial, options, progress);
        lambda = options.lambda;
        loss = options.loss;
        if (loss == Loss.CENTIPAWN && (lambda != 0 || !train.allScored() || !validation.allScored())) {
            throw new IllegalArgumentException("the centipawn loss fits the player's scores alone: lambda must be 0 "
                    + "and every position must have a score");
        }
        if (lambda < 1) {
            progress.accept(String.format("score labels: sigmoid(%.6f * score) fitted to the results; target = "
                    + "%.2f * result + %.2f * that", fitScoreK(), lambda, 1 - lambda));
        }
        fitK(initial);
        boolean[] frozen = rarelySeen(options.minCount);
        if (options.terms != null) {
            for (int j = 0; j < Term.COUNT; j++) {
                if (!options.terms.contains(Term.of(j))) {
                    frozen[2 * j] = frozen[2 * j + 1] = true;
                }
            }
        }
        int frozenCount = 0;
        for (boolean f : frozen) {
            frozenCount += f ? 1 : 0;
        }
        progress.accept(frozenCount + " of " + frozen.length + " parameters keep their starting value (seen in fewer "
                + "than " + options.minCount + " positions" + (options.terms == null ? "" : ", or not in " + options.terms)
                + ")");
        double[] params = initial.clone();
        double[] best = params.clone();
        double bestValidation = loss(validation, params, k);
        curve.add(new Epoch(0, loss(train, params, k), bestValidation, 0));
        progress.accept(String.format("K = %.6f; epoch 0: train %.6f, validation %.6f", k,
                curve.get(0).trainLoss, bestValidation));

        int p = params.length;
        double[] m = new double[p], v = new double[p];
        double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
        long step = 0;
        int[] order = new int[train.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        SplittableRandom random = new SplittableRandom(options.seed);
        long start = System.nanoTime();
        int sinceBest = 0;
        // One position's curvature at an even score: 2 (K / 4)^2 for the squared error, K^2 / 4 for the log loss,
        // 2 for the centipawn loss.
        double curvature = switch (loss) {
            case SQUARED -> 2 * (k / 4) * (k / 4);
            case LOG -> k * k / 4;
            case CENTIPAWN -> 2;
        };
        double priorStrength = options.priorPositions / Math.max(1, train.size()) * curvature;
        double learningRate = options.learningRate;
        for (int epoch = 1; epoch <= options.epochs; epoch++) {
            shuffle(order, random);
            for (int from = 0; from < order.length; from += options.batchSize) {
                int to = Math.min(order.length, from + options.batchSize);
                double[] gradient = gradient(params, order, from, to);
                step++;
                double correction1 = 1 - Math.pow(beta1, step), correction2 = 1 - Math.pow(beta2, step);
                for (int j = 0; j < p; j++) {
                    if (frozen[j]) {
                        continue;
                    }
                    double g = gradient[j] + options.l2 * 2 * (params[j] - initial[j]) / (p * 1e4)
                            + priorStrength * (params[j] - initial[j]);
                    m[j] = beta1 * m[j] + (1 - beta1) * g;
                    v[j] = beta2 * v[j] + (1 - beta2) * g * g;
                    params[j] -= learningRate * (m[j] / correction1) / (Math.sqrt(v[j] / correction2) + epsilon);
                }
            }
            learningRate *= options.learningRateDecay;
            double trainLoss = loss(train, params, k), validationLoss = loss(validation, params, k);
            double seconds = (System.nanoTime() - start) / 1e9;
            curve.add(new Epoch(epoch, trainLoss, validationLoss, seconds));
            if (options.onEpoch != null) {
                options.onEpoch.accept(curve.get(curve.size() - 1));
            }
            progress.accept(String.format("epoch %d: train %.6f, validation %.6f, %.1f s", epoch, trainLoss,
                    validationLoss, seconds));
            if (validationLoss < bestValidation - 1e-8) {
                bestValidation = validationLoss;
                best = params.clone();
                sinceBest = 0;
            } else if (++sinceBest >= options.patience) {
                progress.accept("no validation gain for " + options.patience + " epochs: stopping");
                break;
            }
        }
        normalise(best);
        if (loss == Loss.CENTIPAWN) {
            // The labels fixed the scale (the player's centipawns); a rescaling would undo the fit.
            progress.accept("not rescaled: the centipawn loss keeps the player's scale");
            return best;
        }
        double scale = rescale(best, options.pawnValue);
        k /= scale; // the same predictions at the new scale
        progress.accept(String.format("scaled by %.4f so that a pawn is worth %.0f cp; K = %.6f at that scale",
                scale, options.pawnValue, k));
        return best;
    }

    /**
     * The king attack's curve has no slope where its inner sum is zero, so a block that starts all zero (the shipped
     * weights until a fit) would never move: it starts at 1 cp an entry instead, a sum just above the curve's foot
     * that the gradient can climb from (Ethereal starts its own from hand-set values). A frozen block stays as given.
     */
    static double[] seedKingAttack(double[] initial, Options options, Consumer<String> progress) {
        if (options.terms != null && !options.terms.contains(Term.KING_ATTACK)) {
            return initial;
        }
        int from = 2 * Term.KING_ATTACK.offset(), to = 2 * (Term.KING_ATTACK.offset() + Term.KING_ATTACK.size);
        for (int j = from; j < to; j++) {
            if (initial[j] != 0) {
                return initial;
            }
        }
        double[] seeded = initial.clone();
        Arrays.fill(seeded, from, to, 1);
        progress.accept("king_attack starts at 1 cp an entry: at zero its curve has no slope to follow");
        return seeded;
    }

    /** Parameters whose feature occurs in fewer than minCount training positions. */
    private boolean[] rarelySeen(int minCount) {
        int[] seen = new int[Term.COUNT];
        for (int i = 0; i < train.size(); i++) {
            for (int e = train.start(i); e < train.end(i); e++) {
                seen[train.index(e)]++;
            }
            for (int e = train.innerStart(i); e < train.innerEnd(i); e++) {
                seen[train.innerIndex(e)]++;
            }
        }
        boolean[] frozen = new boolean[2 * Term.COUNT];
        for (int j = 0; j < Term.COUNT; j++) {
            frozen[2 * j] = frozen[2 * j + 1] = seen[j] < minCount;
        }
        return frozen;
    }

    /**
     * Multiplies every parameter so that the pawn's material value, averaged over middlegame and endgame, is
     * pawnValue. Every evaluation scales alike, so no position's order changes, and the search's margins keep
     * meaning what they say in pawns. Returns the factor.
     */
    static double rescale(double[] params, double pawnValue) {
        int pawn = Term.MATERIAL.offset() + Piece.PAWN - 1;
        double current = (params[2 * pawn] + params[2 * pawn + 1]) / 2;
        double scale = pawnValue / current;
        for (int j = 0; j < params.length; j++) {
            params[j] *= scale;
        }
        // The king attack's middlegame curve is a square: its inner weights grow by the root to scale alike.
        for (int j = Term.KING_ATTACK.offset(); j < Term.KING_ATTACK.offset() + Term.KING_ATTACK.size; j++) {
            params[2 * j] /= Math.sqrt(scale);
        }
        return scale;
    }

    /**
     * Gradient of the batch error: d/dw (r - s)^2 = -2 (r - s) s (1 - s) K d eval/dw; for the log loss
     * (s - r) K d eval/dw; d eval/dw from {@link TrainingSet#addGradient} (the count, through the curves of the
     * non-linear blocks).
     */
    double[] gradient(double[] params, int[] order, int from, int to) {
        List<Callable<double[]>> parts = new ArrayList<>();
        int n = to - from;
        for (int t = 0; t < threads; t++) {
            int a = from + (int) ((long) n * t / threads), b = from + (int) ((long) n * (t + 1) / threads);
            parts.add(() -> {
                double[] g = new double[params.length];
                for (int x = a; x < b; x++) {
                    int i = order[x];
                    double factor;
                    if (loss == Loss.CENTIPAWN) {
                        factor = 2 * (train.evaluate(params, i) - clippedScore(train, i));
                    } else {
                        double s = sigmoid(k * train.evaluate(params, i));
                        double r = train.target(i, lambda, scoreK);
                        factor = loss == Loss.LOG ? (s - r) * k : -2 * (r - s) * s * (1 - s) * k;
                    }
                    train.addGradient(params, i, factor, g);
                }
                return g;
            });
        }
        double[] total = new double[params.length];
        for (Future<double[]> f : invokeAll(parts)) {
            double[] g = get(f);
            for (int j = 0; j < total.length; j++) {
                total[j] += g[j] / n;
            }
        }
        return total;
    }

    /**
     * Moves the mean of each piece-square table into that piece's material value, which leaves every
     * evaluation unchanged (each piece counts once in both) and keeps the material values readable.
     * Pawns average over ranks 2 to 7 only, where they can stand.
     */
    static void normalise(double[] params) {
        for (int type = Piece.PAWN; type <= Piece.QUEEN; type++) {
            for (int phase = 0; phase < 2; phase++) {
                int first = type == Piece.PAWN ? 8 : 0, last = type == Piece.PAWN ? 56 : 64;
                double mean = 0;
                for (int sq = first; sq < last; sq++) {
                    mean += params[2 * pieceSquare(type, sq) + phase];
                }
                mean /= last - first;
                for (int sq = first; sq < last; sq++) {
                    params[2 * pieceSquare(type, sq) + phase] -= mean;
                }
                params[2 * (Term.MATERIAL.offset() + type - 1) + phase] += mean;
            }
        }
    }

    private static int pieceSquare(int type, int sq) {
        return Term.PST.offset() + (type - 1) * 64 + sq;
    }

    private static void shuffle(int[] a, SplittableRandom random) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    private <T> List<Future<T>> invokeAll(List<Callable<T>> tasks) {
        try {
            return pool.invokeAll(tasks);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static <T> T get(Future<T> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
