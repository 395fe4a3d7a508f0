package horizon.tb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Position;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Folders and files that are missing, cut short, damaged, misnamed or of another variant: each is reported, never
 * thrown; probes that need it give FAILED, the position is left as it was, and every other table still answers.
 */
class SyzygyBadInputTest {
    /** KQvKR with white to move; its captures lead to KQvK and KRvK. */
    private static final String KQ_KR = "8/8/3k4/8/8/2r5/8/KQ6 w - - 0 1";
    private static final String KQ_K = "8/8/3k4/8/8/8/8/KQ6 w - - 0 1";
    private static final String KR_K = "8/8/3k4/8/8/8/8/KR6 b - - 0 1";

    @TempDir
    Path dir;

    private static final SyzygyTables REAL = SyzygyTables.open(TestTables.FOLDER.toString());

    private void copy(String... names) throws IOException {
        for (String name : names) {
            Files.copy(TestTables.FOLDER.resolve(name), dir.resolve(name));
        }
    }

    private void copyMaterial(String... materials) throws IOException {
        for (String m : materials) {
            copy(m + ".rtbw", m + ".rtbz");
        }
    }

    private static void assertProbes(SyzygyTables tables, String fen) {
        Position pos = Position.fromFen(fen);
        assertEquals(REAL.probeWdl(pos), tables.probeWdl(pos), fen);
        assertEquals(REAL.probeDtz(pos), tables.probeDtz(pos), fen);
        assertTrue(tables.probeWdl(pos) != SyzygyTables.FAILED, fen);
    }

    private static void assertFails(SyzygyTables tables, String fen, boolean wdlToo) {
        Position pos = Position.fromFen(fen);
        if (wdlToo) {
            assertEquals(SyzygyTables.FAILED, tables.probeWdl(pos), fen);
        }
        assertEquals(SyzygyTables.FAILED, tables.probeDtz(pos), fen);
        assertEquals(fen, pos.toFen(), "a failed probe must leave the position as it was");
    }

    private static void assertReported(SyzygyTables tables, String... words) {
        List<String> problems = tables.problems();
        for (String p : problems) {
            boolean all = true;
            for (String w : words) {
                all &= p.contains(w);
            }
            if (all) {
                return;
            }
        }
        throw new AssertionError("no problem mentions " + List.of(words) + ": " + problems);
    }

    @Test
    void realTablesLoadWithoutProblems() {
        SyzygyTables tables = SyzygyTables.open(TestTables.FOLDER.toString());
        assertEquals(TestTables.COUNT, tables.tableCount());
        assertEquals(List.of(), tables.loadAll());
    }

    @Test
    void missingFolderIsReportedAndTheOtherFolderStillServes() {
        Path nowhere = dir.resolve("nowhere");
        SyzygyTables tables = SyzygyTables.open(nowhere + File.pathSeparator + TestTables.FOLDER);
        assertReported(tables, nowhere.toString(), "no such folder");
        assertEquals(1, tables.problems().size());
        assertEquals(4, tables.maxPieces());
        assertProbes(tables, KQ_KR);
    }

    @Test
    void noFolderAtAllGivesNoTables() {
        for (String paths : new String[] {"", dir.resolve("nowhere").toString()}) {
            SyzygyTables tables = SyzygyTables.open(paths);
            assertEquals(1, tables.problems().size(), tables.problems().toString());
            assertEquals(0, tables.maxPieces());
            assertFails(tables, KQ_K, true);
            assertFails(tables, "8/8/3k4/8/8/8/8/K7 w - - 0 1", true); // bare kings need no file, but no tables
        }
    }

    /** Cut at several places: inside the magic number, the header, the index, the last block. */
    @ParameterizedTest
    @ValueSource(ints = {3, 5, 40, 300, 1000, -1})
    void truncatedWdlFileFailsItsMaterialOnly(int keep) throws IOException {
        copyMaterial("KQvKR", "KQvK", "KRvK");
        Path cut = dir.resolve("KQvKR.rtbw");
        long length = Files.size(cut);
        try (RandomAccessFile f = new RandomAccessFile(cut.toFile(), "rw")) {
            f.setLength(keep < 0 ? length - 1 : keep);
        }
        SyzygyTables tables = SyzygyTables.open(dir.toString());
        assertFails(tables, KQ_KR, true);
        assertReported(tables, "KQvKR.rtbw", "truncated");
        int reported = tables.problems().size();
        assertFails(tables, KQ_KR, true);
        assertEquals(reported, tables.problems().size(), "a broken table is tried and reported once");
        assertProbes(tables, KQ_K);
        assertProbes(tables, KR_K);
        assertEquals(keep >= 0 && keep < 4 ? 3 : 4, tables.maxPieces(), "a WDL file whose magic is cut off is not listed");
    }

    /** Files end with padding to 64 bytes and a 16-byte checksum: without the checksum a file is still whole. */
    @Test
    void aFileWithoutItsChecksumServesAndOneThatGrewIsReported() throws IOException {
        copyMaterial("KQvKR", "KQvK", "KRvK");
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve("KQvKR.rtbw").toFile(), "rw")) {
            assertEquals(16, f.length() % 64);
            f.setLength(f.length() - 16);
        }
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve("KQvKR.rtbz").toFile(), "rw")) {
            f.seek(f.length());
            f.write(0);
        }
        SyzygyTables tables = SyzygyTables.open(dir.toString());
        Position pos = Position.fromFen(KQ_KR);
        assertEquals(REAL.probeWdl(pos), tables.probeWdl(pos));
        assertFails(tables, KQ_KR, false);
        assertReported(tables, "KQvKR.rtbz", "padded");
        assertEquals(1, tables.problems().size(), tables.problems().toString());
    }

    @Test
    void truncatedDtzFileLeavesWdlWorking() throws IOException {
        copyMaterial("KQvKR", "KQvK", "KRvK");
        Path cut = dir.resolve("KQvKR.rtbz");
        try (RandomAccessFile f = new RandomAccessFile(cut.toFile(), "rw")) {
            f.setLength(f.length() / 2);
        }
        SyzygyTables tables = SyzygyTables.open(dir.toString());
        Position pos = Position.fromFen(KQ_KR);
        assertEquals(REAL.probeWdl(pos), tables.probeWdl(pos));
        assertFails(tables, KQ_KR, false);
        assertReported(tables, "KQvKR.rtbz", "truncated");
        assertProbes(tables, KQ_K);
    }

    @Test
    void wrongMagicNumberIsReportedAtOpen() throws IOException {
        copyMaterial("KQvK", "KRvK");
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve("KQvK.rtbw").toFile(), "rw")) {
            f.write(0x42);
        }
        SyzygyTables tables = SyzygyTables.open(dir.toString());
        assertReported(tables, "KQvK.rtbw", "wrong magic number");
        assertReported(tables, "KQvK.rtbz", "has no KQvK.rtbw");
        assertFails(tables, KQ_K, true);
        assertProbes(tables, KR_K);
    }

    @Test
    void misnamedFilesAndOtherVariantsAreReported() throws IOException {
        copyMaterial("KRvK");
        Path kqk = TestTables.FOLDER.resolve("KQvK.rtbw");
        Files.copy(kqk, dir.resolve("KvKQ.rtbw")); // the weaker side first: not a name the generator gives
        Files.copy(kqk, dir.resolve("KQK.rtbw"));
        Files.copy(kqk, dir.resolve("KQvK.gtbw")); // an antichess suffix
        Files.copy(kqk, dir.resolve("KQvK.rtbz")); // a WDL file where the DTZ file belongs
        Files.copy(kqk, dir.resolve("KBvK.rtbw")); // another material's table under this name
        Files.copy(TestTables.FOLDER.resolve("KBvK.rtbz"), dir.resolve("KBvK.rtbz"));
        Path antichess = dir.resolve("KNvK.rtbw"); // an antichess table's magic number
        Files.copy(TestTables.FOLDER.resolve("KNvK.rtbw"), antichess);
        try (RandomAccessFile f = new RandomAccessFile(antichess.toFile(), "rw")) {
            f.write(new byte[] {(byte) 0xbc, 0x55, (byte) 0xbc, 0x21});
        }

        SyzygyTables tables = SyzygyTables.open(dir.toString());
        assertReported(tables, "KvKQ.rtbw", "not a Syzygy table name");
        assertReported(tables, "KQK.rtbw", "not a Syzygy table name");
        assertReported(tables, "KQvK.gtbw", "not a table of standard chess");
        assertReported(tables, "KQvK.rtbz", "holds a WDL table");
        assertReported(tables, "KNvK.rtbw", "antichess");
        assertFails(tables, KQ_K, true);
        assertFails(tables, "8/8/3k4/8/8/8/8/KN6 w - - 0 1", true);
        assertFails(tables, "8/8/3k4/8/8/8/8/KB6 w - - 0 1", true);
        assertReported(tables, "KBvK.rtbw", "not the material of KBvK");
        assertProbes(tables, KR_K);
    }

    /**
     * Random bytes written over a table (its header or its compressed data) may change its answers, since the
     * format has no checksum, but must never throw or hang, nor leave the position changed.
     */
    @Test
    void damagedBytesNeverEscapeAsExceptions() throws IOException {
        // A pawnless table and a pawn table (KPvKP: pawns on both sides, en passant) with the tables their captures
        // and promotions reach (of KPvKP's promotions only the WDL files are kept, all a probe of KPvKP reads).
        List<String> fens = RandomEndgames.generate(77, 150, List.of("KQvKR", "KPvKP"), 0);
        SplittableRandom random = new SplittableRandom(20261203);
        for (int variant = 0; variant < 40; variant++) {
            Path folder = Files.createDirectory(dir.resolve("v" + variant));
            for (String name : new String[] {"KQvKR", "KQvK", "KRvK", "KBvK", "KNvK", "KPvKP", "KPvK", "KQvKP",
                    "KRvKP", "KBvKP", "KNvKP"}) {
                for (String suffix : new String[] {".rtbw", ".rtbz"}) {
                    if (Files.exists(TestTables.FOLDER.resolve(name + suffix))) {
                        Files.copy(TestTables.FOLDER.resolve(name + suffix), folder.resolve(name + suffix));
                    }
                }
            }
            String victim = (variant % 2 == 0 ? "KQvKR" : "KPvKP") + (variant % 4 < 2 ? ".rtbw" : ".rtbz");
            Path file = folder.resolve(victim);
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                // Half the variants hit the first 200 bytes (headers), half anywhere after the magic number.
                long span = variant % 8 < 4 ? Math.min(200, f.length()) : f.length();
                for (int i = 0; i < 1 + random.nextInt(40); i++) {
                    f.seek(4 + random.nextLong(span - 4));
                    f.write(random.nextInt(256));
                }
            }
            SyzygyTables tables = SyzygyTables.open(folder.toString());
            SyzygyProber prober = tables.newProber();
            for (String fen : fens) {
                Position pos = Position.fromFen(fen);
                int wdl = prober.probeWdl(pos);
                int dtz = prober.probeDtz(pos);
                assertTrue(wdl == SyzygyTables.FAILED || wdl >= -2 && wdl <= 2, fen + " " + wdl);
                assertTrue(dtz == SyzygyTables.FAILED || Math.abs(dtz) < 2000, fen + " " + dtz);
                assertEquals(fen, pos.toFen());
            }
        }
    }
}
