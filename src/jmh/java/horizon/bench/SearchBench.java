package horizon.bench;

import horizon.board.Position;
import horizon.search.SearchLimits;
import horizon.search.Searcher;
import horizon.search.TranspositionTable;
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

/** A fixed-depth search from a cleared table and history, as one "bench" position is searched. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class SearchBench {
    private final Searcher searcher = new Searcher(new TranspositionTable(16));
    private Position position;
    private final SearchLimits limits = new SearchLimits();

    @Setup
    public void setUp() {
        position = Position.fromFen("r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N2/PP1P1PPP/RNBQR1K1 w - - 1 9");
        limits.depth = 12;
    }

    /** Returns the node count so the work is not optimised away; nodes per op are fixed by the code. */
    @Benchmark
    public long searchDepth12() {
        searcher.newGame();
        searcher.search(position, limits, null);
        return searcher.nodes();
    }
}
