package horizon.tune.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sidecar of a self-play file (the appender that keeps the file to whole games: {@link RecordFileTest}). */
class DatagenProgressTest {
    @TempDir
    Path dir;

    @Test
    void gamesAreListedAsRanges() {
        BitSet games = new BitSet();
        games.set(0, 18);
        games.set(19);
        games.set(21);
        assertEquals("0-17,19,21", DatagenProgress.formatRanges(games));
        assertEquals(games, DatagenProgress.parseRanges("0-17,19,21"));
        assertEquals("-", DatagenProgress.formatRanges(new BitSet()));
        assertTrue(DatagenProgress.parseRanges("-").isEmpty());
    }

    @Test
    void theSidecarReadsBackWhatWasSaved() throws Exception {
        Path file = dir.resolve("data.bin.progress");
        assertEquals(file, DatagenProgress.of(dir.resolve("data.bin")));
        DatagenProgress progress = new DatagenProgress(64);
        progress.markDone(7, 3, "nodes 500/4000, openings start position", 128);
        progress.markDone(7, 1, "nodes 500/4000, openings start position", 256);
        progress.markDone(8, 0, "nodes 100/800", 320);
        progress.save(file, "data.bin");
        assertFalse(Files.exists(dir.resolve("data.bin.progress.tmp")), "the temporary file was moved");

        DatagenProgress read = DatagenProgress.read(file);
        assertEquals(320, read.length());
        assertTrue(read.isDone(7, 1) && read.isDone(7, 3) && read.isDone(8, 0));
        assertFalse(read.isDone(7, 0) || read.isDone(7, 2) || read.isDone(9, 0));
        assertEquals(2, read.doneCount(7));
        assertEquals("nodes 500/4000, openings start position", read.settings(7));
        assertNull(read.settings(9));
    }

    @Test
    void aDamagedSidecarIsNamedWithItsLine() throws Exception {
        Path file = dir.resolve("x.progress");
        Files.write(file, List.of("# comment", "length 64", "seed one done 0 settings x"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DatagenProgress.read(file));
        assertTrue(e.getMessage().contains("line 3"), e.getMessage());
        Files.write(file, List.of("length 65"));
        assertThrows(IllegalArgumentException.class, () -> DatagenProgress.read(file));

        // Binary garbage: one line naming the file, which is left as it was.
        byte[] garbage = new byte[1000];
        new java.util.SplittableRandom(92).nextBytes(garbage);
        Files.write(file, garbage);
        e = assertThrows(IllegalArgumentException.class, () -> DatagenProgress.read(file));
        assertTrue(e.getMessage().startsWith(file + ": not the text this file should hold (")
                && !e.getMessage().contains("\n"), e.getMessage());
        assertTrue(java.util.Arrays.equals(garbage, Files.readAllBytes(file)));
    }

    @Test
    void aSeedsSettingsThatDifferAreNamedByTheirOption() {
        DatagenProgress progress = new DatagenProgress(0);
        String settings = "nodes 5000/40000, random plies 8-9, openings start position, resign 1000, weights built-in";
        progress.markDone(1, 0, settings, 32);
        assertEquals(null, progress.settingsDifference(1, settings, "d.bin"));
        assertEquals(null, progress.settingsDifference(2, "anything", "d.bin"), "a seed not played yet");
        assertEquals("--random-plies differs: seed 1 of d.bin has 8-9, this command 4-5; use the same settings to go "
                + "on, or another --seed", progress.settingsDifference(1, settings.replace("8-9", "4-5"), "d.bin"));
        assertEquals("--weights differs: seed 1 of d.bin has built-in, this command w.txt; use the same settings to go"
                + " on, or another --seed", progress.settingsDifference(1, settings.replace("built-in", "w.txt"),
                "d.bin"));
    }
}
