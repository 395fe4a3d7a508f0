package horizon.tune.games;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Simultaneous perturbation stochastic approximation over game results, with OpenBench's schedule, so that a tune
 * here and one on an OpenBench instance mean the same thing by the same numbers.
 *
 * <p>The tune is planned as {@code totalPairs} game pairs, each pair one SPSA iteration k; pairs are played in
 * batches that share one perturbation. With N the planned pairs, A = N / 10, alpha 0.602 and gamma 0.101, every
 * parameter has c = c_end N^gamma and a = r_end c_end^2 (A + N)^alpha; at iteration k the perturbation is
 * c_k = c / k^gamma and the learning rate r_k = a / (A + k)^alpha / c_k^2. A batch perturbs every parameter by
 * +-c_k at random (the "plus" engine gets theta + c_k delta, the "minus" engine theta - c_k delta, rounded
 * stochastically to the integers the engine takes), plays its pairs, and moves theta by r_k c_k (W - L) delta,
 * W and L counted for "plus": towards the side that won. So c_end is the perturbation and r_end the learning rate
 * at the end of the tune, as OpenBench's input names them.
 */
public final class Spsa {
    public static final double ALPHA = 0.602;
    public static final double GAMMA = 0.101;
    public static final double A_RATIO = 0.1;

    private final List<SpsaParameter> parameters;
    private final long totalPairs;
    private final int pairsPerIteration;
    private final long seed;
    private long pairsDone;
    private long wins, losses, draws, timeLosses;
    private final List<double[]> history = new ArrayList<>();

    public Spsa(List<SpsaParameter> parameters, long totalPairs, int pairsPerIteration, long seed) {
        if (parameters.isEmpty()) {
            throw new IllegalArgumentException("no parameters to tune");
        }
        if (totalPairs < 1 || pairsPerIteration < 1) {
            throw new IllegalArgumentException("the tune needs at least one pair, and at least one per iteration");
        }
        this.parameters = List.copyOf(parameters);
        this.totalPairs = totalPairs;
        this.pairsPerIteration = pairsPerIteration;
        this.seed = seed;
    }

    /** One batch's perturbation: the sign per parameter and the integer settings of both engines. */
    public record Perturbation(long iteration, int pairs, double[] c, int[] delta, Map<String, Integer> plus,
                               Map<String, Integer> minus, long seed) {
    }

    public List<SpsaParameter> parameters() {
        return Collections.unmodifiableList(parameters);
    }

    public long totalPairs() {
        return totalPairs;
    }

    public int pairsPerIteration() {
        return pairsPerIteration;
    }

    public long seed() {
        return seed;
    }

    public long pairsDone() {
        return pairsDone;
    }

    public boolean finished() {
        return pairsDone >= totalPairs;
    }

    public long wins() {
        return wins;
    }

    public long losses() {
        return losses;
    }

    public long draws() {
        return draws;
    }

    public long timeLosses() {
        return timeLosses;
    }

    /** Rows of (pairs played, value of each parameter) after each batch, for the plots. */
    public List<double[]> history() {
        return Collections.unmodifiableList(history);
    }

    /** The pairs the next batch plays: a full batch, or what is left of the plan. */
    public int nextBatchPairs() {
        return (int) Math.min(pairsPerIteration, totalPairs - pairsDone);
    }

    private double bigA() {
        return A_RATIO * totalPairs;
    }

    /** c_k of a parameter at iteration k (1-based). */
    double perturbation(SpsaParameter p, long k) {
        return p.cEnd * Math.pow(totalPairs, GAMMA) / Math.pow(k, GAMMA);
    }

    /** r_k of a parameter at iteration k. */
    double learningRate(SpsaParameter p, long k) {
        double aEnd = p.rEnd * p.cEnd * p.cEnd;
        double a = aEnd * Math.pow(bigA() + totalPairs, ALPHA);
        double ck = perturbation(p, k);
        return a / Math.pow(bigA() + k, ALPHA) / (ck * ck);
    }

    /**
     * The next batch's perturbation. It depends only on the seed and the pairs played so far, so a tune resumed
     * from a checkpoint plays exactly what it would have played.
     */
    public Perturbation perturb() {
        long k = pairsDone + 1;
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + k);
        int n = parameters.size();
        double[] c = new double[n];
        int[] delta = new int[n];
        Map<String, Integer> plus = new LinkedHashMap<>(), minus = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            SpsaParameter p = parameters.get(i);
            c[i] = perturbation(p, k);
            delta[i] = random.nextBoolean() ? 1 : -1;
            plus.put(p.name, stochasticRound(p.clamp(p.value + c[i] * delta[i]), random, p));
            minus.put(p.name, stochasticRound(p.clamp(p.value - c[i] * delta[i]), random, p));
        }
        return new Perturbation(k, nextBatchPairs(), c, delta, plus, minus, random.nextLong());
    }

    /**
     * Rounds up with probability equal to the fraction: on average the engine plays the real value, so a small
     * perturbation (c_k below one) still measures something instead of rounding both engines to the same integer.
     */
    private static int stochasticRound(double v, SplittableRandom random, SpsaParameter p) {
        double floor = Math.floor(v);
        int rounded = (int) floor + (random.nextDouble() < v - floor ? 1 : 0);
        return Math.max(p.min, Math.min(p.max, rounded));
    }

    /** Applies a batch's result (for "plus") to theta and the counts. */
    public void update(Perturbation perturbation, GameRunner.Result result) {
        int score = result.wins() - result.losses();
        for (int i = 0; i < parameters.size(); i++) {
            SpsaParameter p = parameters.get(i);
            double step = learningRate(p, perturbation.iteration()) * perturbation.c()[i] * score
                    * perturbation.delta()[i];
            p.value = p.clamp(p.value + step);
        }
        pairsDone += perturbation.pairs();
        wins += result.wins();
        losses += result.losses();
        draws += result.draws();
        timeLosses += result.timeLosses();
        recordHistory();
    }

    void recordHistory() {
        double[] row = new double[parameters.size() + 1];
        row[0] = pairsDone;
        for (int i = 0; i < parameters.size(); i++) {
            row[i + 1] = parameters.get(i).value;
        }
        history.add(row);
    }

    /** Restores the state a checkpoint saved. */
    void restore(long pairs, long w, long l, long d, long t, List<double[]> rows) {
        pairsDone = pairs;
        wins = w;
        losses = l;
        draws = d;
        timeLosses = t;
        history.clear();
        history.addAll(rows);
    }

    /** Plays one batch with the runner and applies it; on failure nothing changes. */
    public GameRunner.Result step(GameRunner runner) throws GameRunner.GameRunnerException {
        Perturbation perturbation = perturb();
        GameRunner.Result result = runner.play(perturbation.plus(), perturbation.minus(), perturbation.pairs(),
                perturbation.seed());
        // A game cut short (an engine that died) is missing from the count: the rest still measure the gradient.
        if (result.games() == 0 || result.games() > 2 * perturbation.pairs()) {
            throw new GameRunner.GameRunnerException("expected " + 2 * perturbation.pairs()
                    + " games, the runner reported " + result.games());
        }
        update(perturbation, result);
        return result;
    }

    /** The current values, rounded, by name. */
    public Map<String, Integer> rounded() {
        Map<String, Integer> values = new LinkedHashMap<>();
        for (SpsaParameter p : parameters) {
            values.put(p.name, (int) Math.round(p.value));
        }
        return values;
    }
}
