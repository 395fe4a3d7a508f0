package horizon.bench;

import horizon.board.MoveGenerator;
import horizon.board.Piece;
import horizon.board.Position;
import horizon.search.MovePicker;
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

/**
 * One node's ordering work on Kiwipete (48 moves, 8 captures): generate, score (SEE on every capture), then pick
 * the first five moves in order, as a node that cuts off early would.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class MovePickBench {
    private Position position;
    private final MovePicker picker = new MovePicker(8);
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private final int[] scores = new int[MoveGenerator.MAX_MOVES];

    @Setup
    public void setUp() {
        position = Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    }

    @Benchmark
    public int generateScoreAndPickFive() {
        int n = MoveGenerator.generate(position, moves, 0, MoveGenerator.ALL);
        picker.score(position, moves, scores, n, 0, 1, Piece.NONE, 0);
        int sum = 0;
        for (int i = 0; i < 5; i++) {
            sum += MovePicker.pickNext(moves, scores, i, n);
        }
        return sum;
    }
}
