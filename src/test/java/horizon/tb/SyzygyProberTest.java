package horizon.tb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import horizon.board.Position;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Probes checked by hand against fathom, what the tables cannot answer, table names, and allocation. */
class SyzygyProberTest {
    private static final SyzygyTables TABLES = SyzygyTables.open(TestTables.FOLDER.toString());

    /** Values fathom gives (its DTZ is unsigned; the sign is the WDL's). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "8/8/4k3/8/8/8/8/3QK3 w - - 0 1; 2; 15",
        "8/8/4k3/8/8/8/8/3QK3 b - - 0 1; -2; -16",
        "8/8/4k3/8/8/8/3P4/4K3 w - - 0 1; 0; 0",
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1; -2; -1", // checkmated
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1; 0; 0", // stalemate
        // En passant: the capture wins where the position without the right is a draw ...
        "5K2/8/8/8/4pP2/8/8/6k1 b - f3 0 1; 2; 1",
        "5K2/8/8/8/4pP2/8/8/6k1 b - - 0 1; 0; 0",
        // ... and saves a position that is lost without it.
        "7k/3K4/8/6pP/8/8/8/8 w - g6 0 1; 0; 0",
        "7k/3K4/8/6pP/8/8/8/8 w - - 0 1; -2; -1",
        "8/8/4k3/1pP5/8/8/6K1/8 w - b6 0 1; 0; 0",
        "8/8/4k3/1pP5/8/8/6K1/8 w - - 0 1; -2; -3",
    })
    void knownValues(String fen, int wdl, int dtz) {
        Position pos = Position.fromFen(fen);
        SyzygyProber prober = TABLES.newProber();
        assertEquals(wdl, prober.probeWdl(pos));
        assertEquals(dtz, prober.probeDtz(pos));
        assertEquals(fen, pos.toFen());
    }

    @Test
    void positionsNoTableHoldsFail() {
        SyzygyProber prober = TABLES.newProber();
        for (String fen : new String[] {
            "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", // castling rights
            "4k3/8/8/8/8/8/8/RRR1K3 w - - 0 1", // five pieces with tables up to four
        }) {
            Position pos = Position.fromFen(fen);
            assertEquals(SyzygyTables.FAILED, prober.probeWdl(pos), fen);
            assertEquals(SyzygyTables.FAILED, prober.probeDtz(pos), fen);
        }
        Position bareKings = Position.fromFen("8/8/3k4/8/8/8/8/K7 w - - 0 1");
        assertEquals(SyzygyTables.DRAW, prober.probeWdl(bareKings));
        assertEquals(0, prober.probeDtz(bareKings));
    }

    @Test
    void tableNamesAreTheGeneratorsAndColoursSwapByMirror() {
        assertEquals(TestTables.COUNT, TABLES.tableNames().size());
        for (String name : TABLES.tableNames()) {
            int key = Material.parseName(name);
            assertTrue(key > 0, name);
            assertEquals(name, Material.name(key));
            assertEquals(name, Material.name(Material.mirror(key)), "either colouring has the same table");
        }
        assertEquals(Material.of(Position.fromFen("8/8/3k4/8/8/2r5/8/KQ6 w - - 0 1")), Material.parseName("KQvKR"));
        assertEquals(Material.of(Position.fromFen("8/8/3k4/8/8/2R5/8/Kq6 w - - 0 1")),
                Material.mirror(Material.parseName("KQvKR")));
        for (String bad : new String[] {"KRvKQ", "KvKQ", "KQK", "QKvK", "KQvKvK", "KRQvK", "KvK", "KQQQQQQvK", "kqvk"}) {
            assertEquals(-1, Material.parseName(bad), bad);
        }
        assertEquals("KRPvKQ", Material.name(Material.parseName("KRPvKQ")));
        assertEquals("KBNvKR", Material.name(Material.mirror(Material.parseName("KBNvKR"))));
    }

    @Test
    void probingAllocatesNothing() {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        List<Position> positions = new ArrayList<>();
        for (String fen : RandomEndgames.generate(5, 2000, TestTables.SAMPLED, 0.1)) {
            positions.add(Position.fromFen(fen));
        }
        SyzygyProber prober = TABLES.newProber();
        long sum = 0;
        for (Position pos : positions) { // loads the tables and warms up
            sum += prober.probeWdl(pos) + prober.probeDtz(pos);
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int round = 0; round < 5; round++) {
            for (Position pos : positions) {
                sum += prober.probeWdl(pos) + prober.probeDtz(pos);
            }
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(sum != 0);
        // One object a probe would be 320 kB; the margin is for the measurement itself.
        assertTrue(allocated < 64_000, "allocated " + allocated + " bytes in 20,000 probes");
    }
}
