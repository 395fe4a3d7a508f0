package horizon.bench;

import horizon.board.Position;
import horizon.engine.Engine;
import horizon.engine.EngineListener;
import horizon.engine.SearchResult;
import horizon.search.SearchLimits;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How long "stop" takes to bring the result of a running infinite search, the latency a GUI sees (the unit tests
 * only check that it comes). Each invocation starts a fresh infinite search in the middlegame, lets it run for
 * 50 ms outside the measurement, and measures stop-to-result.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 20)
@Measurement(iterations = 100)
@Fork(1)
public class StopLatencyBench {
    private final Engine engine = new Engine();
    private final BlockingQueue<SearchResult> results = new ArrayBlockingQueue<>(1);
    private final EngineListener listener = results::add;

    @Setup(Level.Invocation)
    public void startSearch() throws InterruptedException {
        engine.setPosition(Position.fromFen("r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N2/PP1P1PPP/RNBQR1K1 w - - 1 9"));
        SearchLimits limits = new SearchLimits();
        limits.infinite = true;
        engine.go(limits, listener);
        Thread.sleep(50);
    }

    @Benchmark
    public SearchResult stopToResult() throws InterruptedException {
        engine.stop();
        return results.take();
    }

    @TearDown(Level.Invocation)
    public void join() {
        engine.waitForSearch();
    }
}
