package horizon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Move;
import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.eval.Weights;
import horizon.search.SearchLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine API as a program embedding Horizon uses it: typed results, no protocol text. */
class EngineTest {
    private static final String ITALIAN = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

    /** Collects what a search reports (DeepIterationTest uses it too). */
    static class Recorder implements EngineListener {
        final List<SearchInfo> infos = new ArrayList<>();
        final BlockingQueue<SearchResult> results = new ArrayBlockingQueue<>(1);
        final List<RuntimeException> failures = new ArrayList<>();

        @Override
        public synchronized void iteration(SearchInfo info) {
            infos.add(info);
        }

        @Override
        public synchronized void searchFailed(RuntimeException error) {
            failures.add(error);
        }

        synchronized int deepestIteration() {
            return infos.stream().mapToInt(SearchInfo::depth).max().orElse(0);
        }

        @Override
        public void finished(SearchResult result) {
            results.add(result);
        }
    }

    private static boolean legal(Position pos, int move) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generate(pos, moves, 0, MoveGenerator.ALL);
        for (int i = 0; i < n; i++) {
            if (moves[i] == move) {
                return true;
            }
        }
        return false;
    }

    @Test
    void anExceptionInTheSearchThreadIsReportedAndALegalMoveStillPlayed() throws Exception {
        // Any bug that throws on the search thread (here the listener, called from inside the search) must not
        // leave the GUI without a bestmove: before, the thread died silently and the game was lost on time.
        Engine engine = new Engine();
        engine.setPosition(Position.fromFen(ITALIAN));
        SearchLimits limits = new SearchLimits();
        limits.depth = 8;
        Recorder failing = new Recorder() {
            @Override
            public synchronized void iteration(SearchInfo info) {
                if (info.depth() == 4) {
                    throw new IllegalStateException("planted failure");
                }
                super.iteration(info);
            }
        };
        engine.go(limits, failing);
        SearchResult result = failing.results.poll(60, TimeUnit.SECONDS);
        assertNotNull(result, "no result after the failure");
        engine.waitForSearch();
        assertEquals(1, failing.failures.size());
        assertEquals("planted failure", failing.failures.get(0).getMessage());
        assertTrue(legal(Position.fromFen(ITALIAN), result.bestMove()), Move.toUci(result.bestMove()));

        // The engine keeps answering: the next search runs normally.
        limits.depth = 5;
        Recorder recorder = new Recorder();
        engine.go(limits, recorder);
        SearchResult next = recorder.results.poll(60, TimeUnit.SECONDS);
        assertNotNull(next);
        engine.waitForSearch();
        assertEquals(5, next.depth());
        assertTrue(legal(Position.fromFen(ITALIAN), next.bestMove()));
    }

    @Test
    void aSearchReportsItsIterationsAndALegalMoveWithItsPonderMove() throws Exception {
        Engine engine = new Engine();
        engine.setPosition(Position.fromFen(ITALIAN));
        SearchLimits limits = new SearchLimits();
        limits.depth = 7;
        Recorder recorder = new Recorder();
        engine.go(limits, recorder);
        SearchResult result = recorder.results.poll(60, TimeUnit.SECONDS);
        assertNotNull(result, "no result");
        engine.waitForSearch();

        // Aspiration windows may add bounded lines; the exact ones are one per completed iteration.
        List<SearchInfo> exact = recorder.infos.stream().filter(info -> info.bound() == Bound.EXACT).toList();
        assertEquals(7, exact.size(), "one exact line per iteration: " + recorder.infos);
        for (int i = 0; i < exact.size(); i++) {
            SearchInfo info = exact.get(i);
            assertEquals(i + 1, info.depth());
            assertEquals(1, info.multipv());
            assertTrue(info.pv().length >= 1 && info.nodes() > 0);
        }
        Position pos = Position.fromFen(ITALIAN);
        assertTrue(result.hasMove() && legal(pos, result.bestMove()));
        assertEquals(exact.get(6).pv()[0], result.bestMove(), "the last line starts with the move played");
        assertEquals(7, result.depth());
        pos.makeMove(result.bestMove());
        assertTrue(result.ponderMove() == Move.NONE || legal(pos, result.ponderMove()));
        assertTrue(result.nodes() >= exact.get(6).nodes());
    }

    private static void searchItalianToDepth(Engine engine, int depth) throws InterruptedException {
        engine.setPosition(Position.fromFen(ITALIAN));
        SearchLimits limits = new SearchLimits();
        limits.depth = depth;
        Recorder recorder = new Recorder();
        engine.go(limits, recorder);
        SearchResult result = recorder.results.poll(60, TimeUnit.SECONDS);
        assertNotNull(result, "no result");
        engine.waitForSearch();
    }

    /**
     * GUIs such as fastchess send every option before every game: the same Hash size again keeps the table and
     * what it holds (a new table per game grew the heap by its size each time), while another size starts empty.
     * Nothing but the sizes asked for may decide the outcome: the sizes are ones the heap allows (Hash's maximum is
     * the heap less 256 MB, and surefire sets no -Xmx, so a fixed size could be clamped to another on a small
     * machine), one search thread writes to the table and is joined before the table is looked at.
     */
    @Test
    void theSameHashSizeAgainKeepsTheTableAndAnotherSizeStartsAFreshOne() throws Exception {
        int size = Math.min(8, Engine.MAX_HASH_MB - 1), other = size + 1;
        assertTrue(size >= 1, "Hash's maximum, " + Engine.MAX_HASH_MB + " MB (the heap, "
                + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MB, less 256), leaves no room for two sizes");
        Engine engine = new Engine();
        engine.setThreads(1);
        assertTrue(engine.setHashMb(size), "setHashMb(" + size + ") could not allocate the table");
        assertEquals(size, engine.hashMb(), "the size after setHashMb(" + size + ")");
        Position italian = Position.fromFen(ITALIAN);
        assertFalse(engine.hashHolds(italian), "a new table is empty");
        searchItalianToDepth(engine, 9);
        assertFalse(engine.isSearching(), "the search has ended before the table is read");
        assertTrue(engine.hashHolds(italian), "the search stores its root");
        assertTrue(engine.setHashMb(size), "setHashMb(" + size + ") again returned false");
        assertEquals(size, engine.hashMb(), "the size after setHashMb(" + size + ") again");
        assertTrue(engine.hashHolds(italian), "the same size again keeps what the table holds");
        assertTrue(engine.setHashMb(other), "setHashMb(" + other + ") could not allocate the table");
        assertEquals(other, engine.hashMb(), "the size after setHashMb(" + other + ")");
        assertFalse(engine.hashHolds(italian), "a new size is a new, empty table");
        searchItalianToDepth(engine, 9);
        assertTrue(engine.hashHolds(italian), "the search stores its root in the new table");
    }

    @Test
    void checkmateAndStalemateHaveNoMove() throws Exception {
        Engine engine = new Engine();
        String[][] cases = {{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "true"}, {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "false"}};
        for (String[] c : cases) {
            engine.setPosition(Position.fromFen(c[0]));
            SearchLimits limits = new SearchLimits();
            limits.depth = 5;
            Recorder recorder = new Recorder();
            engine.go(limits, recorder);
            SearchResult result = recorder.results.poll(10, TimeUnit.SECONDS);
            assertNotNull(result);
            assertFalse(result.hasMove(), c[0]);
            assertEquals(Boolean.parseBoolean(c[1]), result.inCheck(), c[0]);
        }
    }

    @Test
    void anInfiniteSearchEndsOnlyWhenStopped() throws Exception {
        Engine engine = new Engine();
        engine.setPosition(Position.fromFen(ITALIAN));
        SearchLimits limits = new SearchLimits();
        limits.infinite = true;
        limits.depth = 2; // done at once, yet the result must wait for stop
        Recorder recorder = new Recorder();
        engine.go(limits, recorder);
        assertNull(recorder.results.poll(300, TimeUnit.MILLISECONDS), "reported before stop");
        assertTrue(engine.isSearching());
        engine.stop();
        SearchResult result = recorder.results.poll(10, TimeUnit.SECONDS);
        assertNotNull(result, "no result after stop");
        assertTrue(result.hasMove());
        engine.waitForSearch();
        assertFalse(engine.isSearching());
    }

    @Test
    void thePositionIsTheEnginesOwnCopy() {
        Engine engine = new Engine();
        Position mine = Position.startPosition();
        engine.setPosition(mine);
        mine.makeMove(horizon.board.UciMove.parse(mine, "e2e4", false));
        assertEquals(Position.START_FEN, engine.position().toFen());
        engine.position().makeMove(horizon.board.UciMove.parse(Position.startPosition(), "d2d4", false));
        assertEquals(Position.START_FEN, engine.position().toFen());
    }

    @Test
    void perftAndBenchAreTyped() {
        Engine engine = new Engine();
        List<String> lines = new ArrayList<>();
        assertEquals(8902, engine.perft(3, lines::add));
        assertEquals(20, lines.size());
        assertTrue(lines.contains("e2e4: 600"), lines.toString());

        long[] sum = {0};
        Bench.Result bench = engine.bench(4, (i, fen, nodes) -> sum[0] += nodes);
        assertEquals(sum[0], bench.nodes());
        assertEquals(Bench.POSITIONS.length, bench.positions());
        assertTrue(bench.toString().startsWith("Bench: " + bench.nodes() + " nodes "), bench.toString());
    }

    @Test
    void aBadWeightsFileIsRefusedAndTheWeightsStay(@TempDir Path dir) throws IOException {
        Engine engine = new Engine();
        Weights before = engine.weights();
        Path bad = dir.resolve("bad.weights");
        Files.writeString(bad, "this is not a weights file\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> engine.loadWeights(bad));
        assertNotEquals("", e.getMessage());
        assertSame(before, engine.weights());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> engine.loadWeights(dir.resolve("none.weights")));
        assertEquals("no such file", missing.getMessage());
        assertSame(before, engine.weights());
    }
}
