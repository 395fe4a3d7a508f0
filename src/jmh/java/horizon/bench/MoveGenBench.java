package horizon.bench;

import horizon.board.MoveGenerator;
import horizon.board.Perft;
import horizon.board.Position;
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

/** Legal move generation alone, and perft 4 (bulk-counted) from the start position and Kiwipete. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class MoveGenBench {
    @Param({"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"})
    public String fen;

    private Position position;
    private Perft perft;
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];

    @Setup
    public void setUp() {
        position = Position.fromFen(fen);
        perft = new Perft(position);
    }

    @Benchmark
    public int generateAll() {
        return MoveGenerator.generate(position, moves, 0, MoveGenerator.ALL);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public long perft4() {
        return perft.count(4);
    }
}
