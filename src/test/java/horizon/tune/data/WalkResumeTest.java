package horizon.tune.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.eval.Evaluator;
import horizon.eval.Weights;
import horizon.nnue.Network;
import horizon.search.SearchLimits;
import horizon.search.Searcher;
import horizon.search.TranspositionTable;
import horizon.testing.RandomWalk;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * datawalk over sessions: a run stopped after some blocks (and a write torn by the stop) is continued by the same
 * command to the bytes of an uninterrupted run, walking the inputs as they stood when it began even where they grew
 * since; another command's run is refused. And the last net labelling the next data: with a network every record is
 * quiet for it and labelled by it, or by a search with it.
 */
class WalkResumeTest {
    @TempDir
    static Path dir;
    private static Path source;
    private static final int SOURCES = 900, CHUNK = 100; // blocks of at most 100 sources: nine of them
    private static final String SETTINGS = "weights built-in";

    @BeforeAll
    static void writeSources() throws IOException {
        SplittableRandom random = new SplittableRandom(3);
        ByteBuffer data = ByteBuffer.allocate(SOURCES * TrainingRecord.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < SOURCES; i++) {
            TrainingRecord.write(RandomWalk.walk(Position.START_FEN, 6 + random.nextInt(40), random), 0, 0.5, data);
        }
        source = Files.write(dir.resolve("source.bin"), data.array());
    }

    private static WalkLabeller.Summary walk(WalkLabeller labeller, Path in, Path out, long stopAfter)
            throws IOException {
        AtomicLong done = new AtomicLong();
        return labeller.run(List.of(in), out, SETTINGS, 2, n -> {
            if (done.addAndGet(n) >= stopAfter) {
                throw new IllegalStateException("stopped"); // as a kill between two blocks
            }
        }, System.err, CHUNK);
    }

    @Test
    void aStoppedRunIsContinuedByTheSameCommandToTheSameBytes() throws IOException {
        WalkLabeller labeller = new WalkLabeller(Weights.builtIn(), 3, 4, 17);
        Path whole = dir.resolve("whole.bin"), resumed = dir.resolve("resumed.bin");
        WalkLabeller.Summary uninterrupted = walk(labeller, source, whole, Long.MAX_VALUE);
        assertEquals(SOURCES, uninterrupted.sources());

        assertThrows(IllegalStateException.class, () -> walk(labeller, source, resumed, 300));
        long cut = Files.size(resumed);
        assertTrue(cut > 0 && cut < Files.size(whole), "some blocks written: " + cut);
        String sidecar = Files.readString(WalkProgress.of(resumed));
        assertTrue(sidecar.contains("sources done=300") && sidecar.contains("source.bin " + SOURCES), sidecar);
        // A write torn by the stop, and the input grown since (a self-play file still being written).
        Files.write(resumed, new byte[] {1, 2, 3, 4, 5}, StandardOpenOption.APPEND);
        byte[] more = new byte[50 * TrainingRecord.BYTES];
        System.arraycopy(Files.readAllBytes(source), 0, more, 0, more.length);
        Files.createDirectories(dir.resolve("grown"));
        Path grown = Files.copy(source, dir.resolve("grown").resolve("source.bin"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.write(grown, more, StandardOpenOption.APPEND);
        Path again = dir.resolve("grown").resolve("resumed.bin");
        Files.copy(resumed, again);
        Files.copy(WalkProgress.of(resumed), WalkProgress.of(again));

        AtomicLong progress = new AtomicLong();
        WalkLabeller.Summary continued = labeller.run(List.of(grown), again, SETTINGS, 1, progress::addAndGet,
                System.err, CHUNK);
        assertArrayEquals(Files.readAllBytes(whole), Files.readAllBytes(again), "the uninterrupted run's bytes");
        assertEquals(SOURCES, continued.sources(), "the input as it stood when the run began");
        assertEquals(uninterrupted.written(), continued.written());
        assertEquals(SOURCES, progress.get(), "the earlier run's sources counted once, then the rest");

        // Done: the same command again writes nothing more.
        labeller.run(List.of(grown), again, SETTINGS, 2, n -> { }, System.err, CHUNK);
        assertArrayEquals(Files.readAllBytes(whole), Files.readAllBytes(again));
    }

    @Test
    void twoInputsOfOneNameFromTwoFoldersKeepTheirOwnCounts() throws IOException {
        Files.createDirectories(dir.resolve("other"));
        Path second = dir.resolve("other").resolve("source.bin");
        byte[] fewer = new byte[300 * TrainingRecord.BYTES];
        System.arraycopy(Files.readAllBytes(source), 0, fewer, 0, fewer.length);
        Files.write(second, fewer);
        WalkLabeller labeller = new WalkLabeller(Weights.builtIn(), 2, 4, 23);
        Path whole = dir.resolve("two-whole.bin"), resumed = dir.resolve("two-resumed.bin");
        WalkLabeller.Summary uninterrupted = labeller.run(List.of(source, second), whole, SETTINGS, 2, n -> { },
                System.err, CHUNK);
        assertEquals(SOURCES + 300, uninterrupted.sources());
        AtomicLong done = new AtomicLong();
        assertThrows(IllegalStateException.class, () -> labeller.run(List.of(source, second), resumed, SETTINGS, 2,
                n -> {
                    if (done.addAndGet(n) >= 1000) {
                        throw new IllegalStateException("stopped"); // within the second input
                    }
                }, System.err, CHUNK));
        WalkLabeller.Summary continued = labeller.run(List.of(source, second), resumed, SETTINGS, 2, n -> { },
                System.err, CHUNK);
        assertEquals(SOURCES + 300, continued.sources());
        assertArrayEquals(Files.readAllBytes(whole), Files.readAllBytes(resumed));
    }

    @Test
    void anotherCommandsRunIsRefusedWithTheSettingThatDiffers() throws IOException {
        Path out = dir.resolve("other.bin");
        assertThrows(IllegalStateException.class,
                () -> walk(new WalkLabeller(Weights.builtIn(), 3, 4, 5), source, out, 200));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> walk(new WalkLabeller(Weights.builtIn(), 3, 4, 6), source, out, Long.MAX_VALUE));
        assertTrue(e.getMessage().contains("another run") && e.getMessage().contains("seed 5"), e.getMessage());
        IllegalArgumentException network = assertThrows(IllegalArgumentException.class,
                () -> new WalkLabeller(Weights.builtIn(), 3, 4, 5).run(List.of(source), out, "network n.nnue", 2,
                        n -> { }, System.err, CHUNK));
        assertTrue(network.getMessage().contains("network n.nnue"), network.getMessage());
    }

    /** A network with random weights of a trained net's size. */
    private static Network randomNetwork() {
        SplittableRandom random = new SplittableRandom(8);
        int hidden = 32;
        short[] inputWeights = new short[Network.INPUTS * hidden], inputBias = new short[hidden];
        short[] outputWeights = new short[2 * hidden];
        for (int i = 0; i < inputWeights.length; i++) {
            inputWeights[i] = (short) random.nextInt(-60, 61);
        }
        for (int i = 0; i < hidden; i++) {
            inputBias[i] = (short) random.nextInt(-40, 160);
        }
        for (int i = 0; i < outputWeights.length; i++) {
            outputWeights[i] = (short) random.nextInt(-127, 128);
        }
        return new Network(hidden, inputWeights, inputBias, outputWeights, (short) 300);
    }

    @Test
    void withANetworkEveryRecordIsQuietForItAndLabelledByItOrBySearchesWithIt() throws IOException {
        Network net = randomNetwork();
        Path few = dir.resolve("few.bin");
        byte[] first = new byte[120 * TrainingRecord.BYTES];
        System.arraycopy(Files.readAllBytes(source), 0, first, 0, first.length);
        Files.write(few, first);
        Searcher searcher = new Searcher(new TranspositionTable(1));
        searcher.setWeights(Weights.builtIn());
        searcher.setNetwork(net);
        int[] moves = new int[MoveGenerator.MAX_MOVES];

        Path statics = dir.resolve("net-static.bin");
        new WalkLabeller(Weights.builtIn(), net, 3, 4, 2, 0).run(List.of(few), statics, "network random", 2,
                n -> { }, System.err);
        ByteBuffer records = ByteBuffer.wrap(Files.readAllBytes(statics)).order(ByteOrder.LITTLE_ENDIAN);
        int count = records.capacity() / TrainingRecord.BYTES, linear = 0;
        assertTrue(count > 60, "positions kept: " + count);
        for (int r = 0; r < count; r++) {
            Position pos = Position.fromFen(TrainingRecord.toFen(records, r * TrainingRecord.BYTES, false));
            int score = Evaluator.withEndgameKnowledge(pos, net.evaluate(pos));
            assertEquals(score, TrainingRecord.score(records, r * TrainingRecord.BYTES), pos::toFen);
            assertEquals(score, searcher.quiescenceScore(pos), "quiet for the net: " + pos.toFen());
            assertFalse(pos.inCheck());
            assertTrue(MoveGenerator.generateAll(pos, moves) > 0);
            linear += score == searcher.evaluator().evaluate(pos) ? 1 : 0;
        }
        assertTrue(linear < count / 4, "the net's labels, not the linear evaluation's: " + linear + " of " + count);

        Path searched = dir.resolve("net-searched.bin");
        new WalkLabeller(Weights.builtIn(), net, 3, 4, 2, 200).run(List.of(few), searched, "network random", 2,
                n -> { }, System.err);
        records = ByteBuffer.wrap(Files.readAllBytes(searched)).order(ByteOrder.LITTLE_ENDIAN);
        count = records.capacity() / TrainingRecord.BYTES;
        assertTrue(count > 30, "positions kept: " + count);
        SearchLimits limits = new SearchLimits();
        limits.softNodes = 200;
        limits.nodes = 1600;
        for (int r = 0; r < count; r++) {
            Position pos = Position.fromFen(TrainingRecord.toFen(records, r * TrainingRecord.BYTES, false));
            searcher.newGame();
            searcher.search(pos, limits, null);
            assertEquals(searcher.bestScore(), TrainingRecord.score(records, r * TrainingRecord.BYTES), pos::toFen);
        }
    }
}
