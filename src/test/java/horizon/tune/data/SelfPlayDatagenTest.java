package horizon.tune.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Position;
import horizon.search.Searcher;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Self-play into the binary format: the filter holds in the file, a seed's games are the same whatever the thread
 * count, and a run that stopped anywhere (between games, inside a write, between a write and its sidecar) is
 * completed by the same command into the file an uninterrupted run writes.
 */
class SelfPlayDatagenTest {
    private static final int GAMES = 4;

    @TempDir
    Path dir;

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    private SelfPlayDatagen.Options options(Path out, int games, int threads) {
        SelfPlayDatagen.Options options = new SelfPlayDatagen.Options();
        options.out = out;
        options.games = games;
        options.threads = threads;
        options.softNodes = 500;
        options.hashMb = 2;
        options.seed = 91;
        return options;
    }

    private SelfPlayDatagen.Summary run(SelfPlayDatagen.Options options) throws Exception {
        return new SelfPlayDatagen(options).run(new PrintStream(log, true, StandardCharsets.UTF_8));
    }

    /** The file's records as sorted hex strings: the multiset a run wrote, whatever the order of its games. */
    private static List<String> records(Path file) throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        assertEquals(0, bytes.length % TrainingRecord.BYTES, "whole records only");
        List<String> records = new ArrayList<>();
        for (int i = 0; i < bytes.length; i += TrainingRecord.BYTES) {
            records.add(HexFormat.of().formatHex(bytes, i, i + TrainingRecord.BYTES));
        }
        records.sort(null);
        return records;
    }

    @Test
    void aSeedsGamesAreTheSameOnOneThreadAndOnTwo() throws Exception {
        Path one = dir.resolve("one.bin"), two = dir.resolve("two.bin");
        SelfPlayDatagen.Summary summary = run(options(one, GAMES, 1));
        run(options(two, GAMES, 2));
        List<String> records = records(one);
        assertEquals(records, records(two));
        assertEquals(GAMES, summary.gamesPlayed());
        assertEquals(records.size(), summary.positions());
        assertEquals(GAMES, summary.whiteWins() + summary.draws() + summary.blackWins());
        assertTrue(records.size() > 20 * GAMES, records.size() + " positions from " + GAMES + " games");

        // The filter holds in the file: no position in check, no mate score, only valid records.
        ByteBuffer data = ByteBuffer.wrap(Files.readAllBytes(one)).order(ByteOrder.LITTLE_ENDIAN);
        for (int offset = 0; offset < data.capacity(); offset += TrainingRecord.BYTES) {
            assertNull(TrainingRecord.problem(data, offset));
            assertTrue(Math.abs(TrainingRecord.score(data, offset)) < Searcher.TB_BOUND);
            // The record's view has the side to move as White.
            Position pos = Position.fromFen(TrainingRecord.toFen(data, offset, false));
            assertFalse(pos.inCheck(), pos.toFen());
        }
        String sidecar = Files.readString(DatagenProgress.of(one));
        assertTrue(sidecar.contains("seed 91 done 0-3 settings nodes 500/4000, random plies 8-9"), sidecar);
    }

    @Test
    void theSameCommandCompletesAStoppedRunIntoTheFileOfAnUninterruptedOne() throws Exception {
        Path full = dir.resolve("full.bin");
        run(options(full, GAMES, 1));
        List<String> expected = records(full);

        // Stopped after two games: the same command with --games 4 plays the other two.
        Path resumed = dir.resolve("resumed.bin");
        run(options(resumed, 2, 2));
        assertEquals(2, DatagenProgress.read(DatagenProgress.of(resumed)).doneCount(91));
        SelfPlayDatagen.Summary more = run(options(resumed, GAMES, 2));
        assertEquals(2, more.gamesPlayed());
        assertEquals(2, more.gamesBefore());
        assertEquals(expected, records(resumed));

        // Killed inside a write (records the sidecar does not count, a torn one after them): cut, nothing played.
        long length = Files.size(resumed);
        Files.write(resumed, new byte[3 * TrainingRecord.BYTES + 13], StandardOpenOption.APPEND);
        log.reset();
        SelfPlayDatagen.Summary again = run(options(resumed, GAMES, 1));
        assertEquals(0, again.gamesPlayed());
        assertEquals(length, Files.size(resumed));
        assertEquals(expected, records(resumed));
        assertTrue(log.toString().contains("cut 109 bytes"), log.toString());
        assertTrue(log.toString().contains("holds all 4 games of seed 91"), log.toString());
    }

    @Test
    void aFileWithoutSidecarKeepsItsWholeRecordsAndGrows() throws Exception {
        Path out = dir.resolve("old.bin");
        Files.write(out, new byte[2 * TrainingRecord.BYTES + 5]);
        run(options(out, 1, 1));
        byte[] bytes = Files.readAllBytes(out);
        assertEquals(0, bytes.length % TrainingRecord.BYTES);
        assertTrue(bytes.length > 2 * TrainingRecord.BYTES);
        assertTrue(log.toString().contains("cut 5 bytes"), log.toString());
        assertEquals(bytes.length, DatagenProgress.read(DatagenProgress.of(out)).length());
    }

    @Test
    void aNetworkPlaysTheGamesWhenGivenAndIsPartOfTheSettings() throws Exception {
        Path linear = dir.resolve("linear.bin"), networked = dir.resolve("network.bin");
        run(options(linear, 2, 1));
        SelfPlayDatagen.Options withNet = options(networked, 2, 1);
        withNet.network = materialNetwork();
        withNet.networkName = "material.nnue";
        run(withNet);
        List<String> byNetwork = records(networked);
        assertFalse(byNetwork.isEmpty());
        assertNotEquals(records(linear), byNetwork, "the network's games and scores are its own");
        // The same seed in the same file without the network is another plan.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> run(options(networked, 3, 1)));
        assertTrue(e.getMessage().contains("the settings differ"), e.getMessage());
    }

    /** A 16-wide net whose first lane counts material (P 1, N B 3, R 5, Q 9, own minus other), scaled to cp. */
    private static horizon.nnue.Network materialNetwork() {
        int hidden = 16;
        short[] inputWeights = new short[horizon.nnue.Network.INPUTS * hidden];
        int[] values = {1, 3, 3, 5, 9, 0};
        for (int type = 0; type < 6; type++) {
            for (int sq = 0; sq < 64; sq++) {
                inputWeights[(type * 64 + sq) * hidden] = (short) (8 * values[type]);
                inputWeights[(384 + type * 64 + sq) * hidden + 1] = (short) (8 * values[type]);
            }
        }
        short[] outputWeights = new short[2 * hidden];
        outputWeights[0] = 1;
        outputWeights[1] = -1;
        return new horizon.nnue.Network(hidden, inputWeights, new short[hidden], outputWeights, (short) 0);
    }

    @Test
    void aSeedIsNotContinuedWithOtherSettingsNorPastAFileShorterThanItsSidecar() throws Exception {
        Path out = dir.resolve("data.bin");
        run(options(out, 1, 1));
        SelfPlayDatagen.Options other = options(out, 2, 1);
        other.softNodes = 600;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run(other));
        assertEquals("--nodes differs: seed 91 of " + out + " has 500/4000, this command 600/4800; use the same "
                + "settings to go on, or another --seed", e.getMessage());
        SelfPlayDatagen.Options otherSeed = options(out, 1, 1);
        otherSeed.softNodes = 600;
        otherSeed.seed = 92;
        assertEquals(1, run(otherSeed).gamesPlayed(), "another seed appends its own games");

        Files.write(out, new byte[TrainingRecord.BYTES]);
        e = assertThrows(IllegalArgumentException.class, () -> run(options(out, 2, 1)));
        assertTrue(e.getMessage().contains("remove the progress file"), e.getMessage());
    }

    @Test
    void aSecondRunOnTheFileIsRefusedWithThePidOfTheFirst() throws Exception {
        Path out = dir.resolve("busy.bin");
        try (horizon.io.RunLock first = horizon.io.RunLock.forOutput(out, "datagen", System.err)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run(options(out, 1, 1)));
            assertTrue(e.getMessage().equals(dir.resolve("busy.bin.lock") + " is held by a run still going, pid "
                    + ProcessHandle.current().pid() + " (datagen, started " + e.getMessage().split("started ")[1]),
                    e.getMessage());
        }
        assertFalse(Files.exists(out), "the refused run wrote nothing");
        run(options(out, 1, 1));
        assertFalse(Files.exists(dir.resolve("busy.bin.lock")), "a run that ended leaves no lock");
    }

    @Test
    void settingsOutOfRangeAreRefused() {
        SelfPlayDatagen.Options zero = options(dir.resolve("x.bin"), 0, 1);
        assertThrows(IllegalArgumentException.class, () -> new SelfPlayDatagen(zero));
        SelfPlayDatagen.Options hardBelowSoft = options(dir.resolve("x.bin"), 1, 1);
        hardBelowSoft.hardNodes = 100;
        assertThrows(IllegalArgumentException.class, () -> new SelfPlayDatagen(hardBelowSoft));
    }
}
