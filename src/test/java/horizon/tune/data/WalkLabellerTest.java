package horizon.tune.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.eval.Weights;
import horizon.search.SearchLimits;
import horizon.search.Searcher;
import horizon.search.TranspositionTable;
import horizon.testing.RandomWalk;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * datawalk's records: each a quiet position labelled with the linear evaluation's score, from short walks off the
 * sources; the same seed gives the same bytes on any thread count, another seed other walks.
 */
class WalkLabellerTest {
    @TempDir
    static Path dir;
    private static Path source;
    private static final int SOURCES = WalkLabeller.BLOCK + 300; // more than one block

    @BeforeAll
    static void writeSources() throws IOException {
        SplittableRandom random = new SplittableRandom(5);
        ByteBuffer data = ByteBuffer.allocate(SOURCES * TrainingRecord.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < SOURCES; i++) {
            TrainingRecord.write(RandomWalk.walk(Position.START_FEN, 6 + random.nextInt(40), random), 0, 0.5, data);
        }
        source = Files.write(dir.resolve("source.bin"), data.array());
    }

    private static byte[] walk(String name, long seed, int threads, AtomicLong progress) throws IOException {
        Path out = dir.resolve(name);
        WalkLabeller.Summary s = new WalkLabeller(Weights.builtIn(), 3, 4, seed).run(List.of(source), out, threads,
                progress::addAndGet);
        assertEquals(SOURCES, s.sources());
        assertEquals(3L * SOURCES, s.walks());
        assertEquals(s.written() * TrainingRecord.BYTES, Files.size(out));
        return Files.readAllBytes(out);
    }

    @Test
    void everyRecordIsAQuietPositionScoredByTheLinearEvaluation() throws IOException {
        AtomicLong progress = new AtomicLong();
        ByteBuffer records = ByteBuffer.wrap(walk("labelled.bin", 11, 2, progress)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(SOURCES, progress.get(), "progress counts every source record once");
        int count = records.capacity() / TrainingRecord.BYTES;
        assertTrue(count > SOURCES / 2 && count < 3 * SOURCES, "some walks kept, some not: " + count);
        Searcher quiescence = new Searcher(new TranspositionTable(1));
        quiescence.setWeights(Weights.builtIn());
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        Set<String> distinct = new HashSet<>();
        for (int r = 0; r < count; r++) {
            int offset = r * TrainingRecord.BYTES;
            assertNull(TrainingRecord.problem(records, offset));
            Position pos = Position.fromFen(TrainingRecord.toFen(records, offset, false));
            assertFalse(pos.inCheck(), pos::toFen);
            assertTrue(MoveGenerator.generateAll(pos, moves) > 0, pos::toFen);
            int score = quiescence.evaluator().evaluate(pos);
            assertEquals(score, TrainingRecord.score(records, offset), pos::toFen);
            assertEquals(score, quiescence.quiescenceScore(pos), "quiet: " + pos.toFen());
            assertEquals(0.5, TrainingRecord.result(records, offset), "a walk's result is unknown: a draw");
            distinct.add(pos.toFen());
        }
        assertTrue(distinct.size() > count * 9 / 10, "walks go different ways: " + distinct.size() + " of " + count);
    }

    @Test
    void theSeedAloneDecidesTheBytes() throws IOException {
        byte[] one = walk("one.bin", 7, 1, new AtomicLong());
        byte[] three = walk("three.bin", 7, 3, new AtomicLong());
        byte[] other = walk("other.bin", 8, 2, new AtomicLong());
        assertTrue(Arrays.equals(one, three), "one thread and three write the same records");
        assertFalse(Arrays.equals(one, other), "another seed takes other walks");
    }

    @Test
    void blocksEndWhereTheSourcesChunksEnd() throws IOException {
        // 2,348 sources in chunks of 100: a block ends at every chunk's end, and the walks do not notice.
        Path chunked = dir.resolve("chunked.bin");
        AtomicLong progress = new AtomicLong();
        WalkLabeller.Summary s = new WalkLabeller(Weights.builtIn(), 3, 4, 7).run(List.of(source), chunked, 2,
                progress::addAndGet, 100);
        assertEquals(SOURCES, s.sources());
        assertEquals(SOURCES, progress.get(), "progress counts every source record once");
        assertTrue(Arrays.equals(walk("whole.bin", 7, 2, new AtomicLong()), Files.readAllBytes(chunked)),
                "the same records as from one mapping");
    }

    @Test
    void badSettingsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new WalkLabeller(Weights.builtIn(), 0, 4, 1));
        assertThrows(IllegalArgumentException.class, () -> new WalkLabeller(Weights.builtIn(), 8, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new WalkLabeller(Weights.builtIn(), 8, 4, 1)
                .run(List.of(source), dir.resolve("x.bin"), 0, n -> { }));
    }

    @Test
    void withANodeCountEachPositionIsLabelledByItsOwnSearch() throws IOException {
        ByteBuffer few = ByteBuffer.allocate(60 * TrainingRecord.BYTES);
        few.put(Files.readAllBytes(source), 0, few.capacity());
        Path sources = Files.write(dir.resolve("few.bin"), few.array());
        WalkLabeller searched = new WalkLabeller(Weights.builtIn(), 3, 4, 9, 300);
        Path one = dir.resolve("searched1.bin"), two = dir.resolve("searched2.bin");
        searched.run(List.of(sources), one, 1, n -> { });
        searched.run(List.of(sources), two, 2, n -> { });
        byte[] bytes = Files.readAllBytes(one);
        assertTrue(Arrays.equals(bytes, Files.readAllBytes(two)), "the same labels on one thread and two");
        ByteBuffer records = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int count = records.capacity() / TrainingRecord.BYTES;
        assertTrue(count > 20, "positions kept: " + count);
        Searcher searcher = new Searcher(new TranspositionTable(1));
        searcher.setWeights(Weights.builtIn());
        SearchLimits limits = new SearchLimits();
        limits.softNodes = 300;
        limits.nodes = 2400;
        int differ = 0;
        for (int r = 0; r < count; r++) {
            int offset = r * TrainingRecord.BYTES;
            Position pos = Position.fromFen(TrainingRecord.toFen(records, offset, false));
            searcher.newGame();
            int move = searcher.search(pos, limits, null);
            assertEquals(searcher.bestScore(), TrainingRecord.score(records, offset), pos::toFen);
            assertEquals(RecordFilter.Verdict.KEPT, RecordFilter.judge(pos, move, searcher.bestScore()));
            differ += searcher.bestScore() != searcher.evaluator().evaluate(pos) ? 1 : 0;
        }
        assertTrue(differ > count / 2, "the search's labels are not the static evaluation: " + differ + " of " + count);
        assertThrows(IllegalArgumentException.class, () -> new WalkLabeller(Weights.builtIn(), 3, 4, 9, -1));
    }
}
