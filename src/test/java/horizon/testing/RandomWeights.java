package horizon.testing;

import horizon.eval.Score;
import horizon.eval.Term;
import horizon.eval.Weights;
import java.util.SplittableRandom;

/** Weight sets with every entry of every block non-zero, so that tests of the evaluation exercise every term. */
public final class RandomWeights {
    private RandomWeights() {
    }

    public static Weights create(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] w = new int[Term.COUNT];
        for (int i = 0; i < Term.COUNT; i++) {
            w[i] = Score.of(nonZero(random), nonZero(random));
        }
        for (int type = 1; type <= Term.MATERIAL.size; type++) {
            w[Term.MATERIAL.offset() + type - 1] = Score.of(100 * type + random.nextInt(-50, 50),
                    100 * type + random.nextInt(-50, 50));
        }
        return new Weights("random-" + seed, w);
    }

    private static int nonZero(SplittableRandom random) {
        int v = random.nextInt(1, 61);
        return random.nextBoolean() ? v : -v;
    }
}
