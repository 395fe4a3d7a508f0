package horizon.bench;

import horizon.nnue.Kernel;
import horizon.nnue.Network;
import horizon.nnue.ScalarKernel;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The network's two loops, per kernel and width: a quiet move's accumulator update (one row in, one out, for one
 * perspective) and the output (both accumulators activated and dotted with the output weights).
 * {@code kernel=flat} is the scalar update over one flat input-major array with offsets, the layout the engine had
 * first: C2 did not vectorise it, and over one array per input (what the kernels take now) it does.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
public class NetworkBench {
    @Param({"scalar", "flat", "vector"})
    public String kernel;

    @Param({"128", "256"})
    public int hidden;

    private Kernel chosen;
    private short[] flat, src, dst, own, other, outputWeights;
    private short[][] rows;
    private int add, sub;

    @Setup
    public void setUp() {
        chosen = kernel.equals("vector") ? Kernel.vectorKernel() : new ScalarKernel();
        SplittableRandom random = new SplittableRandom(1);
        flat = new short[Network.INPUTS * hidden];
        rows = new short[Network.INPUTS][hidden];
        for (int f = 0; f < Network.INPUTS; f++) {
            for (int i = 0; i < hidden; i++) {
                flat[f * hidden + i] = rows[f][i] = (short) random.nextInt(-60, 61);
            }
        }
        src = new short[hidden];
        dst = new short[hidden];
        own = new short[hidden];
        other = new short[hidden];
        outputWeights = new short[2 * hidden];
        for (int i = 0; i < hidden; i++) {
            src[i] = (short) random.nextInt(-300, 300);
            own[i] = (short) random.nextInt(-100, 300);
            other[i] = (short) random.nextInt(-100, 300);
            outputWeights[i] = (short) random.nextInt(-127, 128);
            outputWeights[hidden + i] = (short) random.nextInt(-127, 128);
        }
        add = 3 * 64 + 28; // a knight to e4
        sub = 3 * 64 + 21; // from f3
    }

    @Benchmark
    public short[] quietMoveUpdate() {
        if (kernel.equals("flat")) {
            int a = add * hidden, s = sub * hidden;
            for (int i = 0; i < hidden; i++) {
                dst[i] = (short) (src[i] + flat[a + i] - flat[s + i]);
            }
        } else {
            chosen.addSub(dst, src, rows[add], rows[sub], hidden);
        }
        return dst;
    }

    @Benchmark
    public int output() {
        return chosen.activatedDot(own, other, outputWeights, hidden);
    }
}
