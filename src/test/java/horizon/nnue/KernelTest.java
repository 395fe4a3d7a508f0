package horizon.nnue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import horizon.board.Position;
import horizon.testing.RandomWalk;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The Vector API kernel and the scalar one give identical integers, on random rows at every width the vector
 * length divides and does not divide, with values at the ends of int16 (where shorts wrap and the dot product's
 * int sum wraps), and on whole network scores.
 */
class KernelTest {
    private final Kernel scalar = new ScalarKernel();
    private final Kernel vector = Kernel.vectorKernel();

    private static short[] random(SplittableRandom random, int n, boolean extreme) {
        short[] values = new short[n];
        for (int i = 0; i < n; i++) {
            values[i] = (short) (extreme ? random.nextInt(Short.MIN_VALUE, Short.MAX_VALUE + 1)
                    : random.nextInt(-400, 600));
        }
        return values;
    }

    @Test
    void updatesAndDotProductsAreIdenticalOnBothKernels() {
        assertNotNull(vector, "the tests run with --add-modules jdk.incubator.vector (surefire's argLine)");
        SplittableRandom random = new SplittableRandom(3);
        for (int n : new int[] {16, 32, 48, 64, 80, 128, 256, 272, 512}) {
            for (int trial = 0; trial < 50; trial++) {
                boolean extreme = trial % 2 == 1;
                short[] src = random(random, n, extreme);
                short[] w1 = random(random, n, extreme), w2 = random(random, n, extreme);
                short[] w3 = random(random, n, extreme), w4 = random(random, n, extreme);
                short[] a = new short[n], b = new short[n];
                scalar.addSub(a, src, w1, w2, n);
                vector.addSub(b, src, w1, w2, n);
                assertArrayEquals(a, b, "addSub, width " + n);
                scalar.addSubSub(a, src, w1, w2, w3, n);
                vector.addSubSub(b, src, w1, w2, w3, n);
                assertArrayEquals(a, b, "addSubSub, width " + n);
                scalar.addAddSubSub(a, src, w1, w4, w2, w3, n);
                vector.addAddSubSub(b, src, w1, w4, w2, w3, n);
                assertArrayEquals(a, b, "addAddSubSub, width " + n);
                short[] other = random(random, n, extreme);
                short[] outputWeights = random(random, 2 * n, extreme);
                assertEquals(scalar.activatedDot(src, other, outputWeights, n),
                        vector.activatedDot(src, other, outputWeights, n), "activatedDot, width " + n);
            }
        }
    }

    @Test
    void networkScoresAreIdenticalOnBothKernels() {
        assertNotNull(vector);
        Network net = RandomNetworks.make(144, 9);
        Accumulators viaScalar = new Accumulators(net, scalar), viaVector = new Accumulators(net, vector);
        SplittableRandom random = new SplittableRandom(17);
        int differentFromZero = 0;
        for (int i = 0; i < 2000; i++) {
            Position pos = RandomWalk.walk(Position.START_FEN, random.nextInt(120), random);
            viaScalar.reset(pos);
            viaVector.reset(pos);
            int score = viaScalar.evaluate(pos);
            assertEquals(score, viaVector.evaluate(pos), () -> pos.toFen());
            assertEquals(net.evaluate(pos), score, () -> pos.toFen());
            differentFromZero += score != 0 ? 1 : 0;
        }
        assertEquals(true, differentFromZero > 1500, "the random net scores positions: " + differentFromZero);
    }
}
