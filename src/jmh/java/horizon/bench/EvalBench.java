package horizon.bench;

import horizon.board.Position;
import horizon.eval.Evaluator;
import horizon.eval.Weights;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Static evaluation of a middlegame position, pawn hash warm (as in search, where pawns rarely change). */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class EvalBench {
    private Position position;
    private final Evaluator evaluator = new Evaluator(Weights.builtIn());

    @Setup
    public void setUp() {
        position = Position.fromFen("r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N2/PP1P1PPP/RNBQR1K1 w - - 1 9");
    }

    @Benchmark
    public int evaluate() {
        return evaluator.evaluate(position);
    }
}
