package horizon.bench;

import horizon.board.MoveGenerator;
import horizon.board.Position;
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

/** Make and unmake of every legal move of Kiwipete (48 moves: captures, castling, promotions nearby) as one op. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class MakeUnmakeBench {
    private Position position;
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private int count;

    @Setup
    public void setUp() {
        position = Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        count = MoveGenerator.generate(position, moves, 0, MoveGenerator.ALL);
    }

    /** All 48 moves made and unmade; divide the time by 48 for one make/unmake pair. */
    @Benchmark
    public long makeUnmakeAllMoves() {
        long keys = 0;
        for (int i = 0; i < count; i++) {
            position.makeMove(moves[i]);
            keys ^= position.key();
            position.unmakeMove(moves[i]);
        }
        return keys;
    }
}
