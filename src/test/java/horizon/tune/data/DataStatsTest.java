package horizon.tune.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Position;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stats view counts what the records say, from the side to move's view, and names what is not a record. */
class DataStatsTest {
    @TempDir
    Path dir;

    @Test
    void countsResultsScoresPhasesAndPieces() throws Exception {
        ByteBuffer data = ByteBuffer.allocate(5 * TrainingRecord.BYTES + 7).order(ByteOrder.LITTLE_ENDIAN);
        Position start = Position.startPosition();
        Position ending = Position.fromFen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
        TrainingRecord.write(start, 30, 1.0, data);     // White to move, White won: a win
        TrainingRecord.write(start, -1500, 0.0, data);  // a loss, beyond -1000
        TrainingRecord.write(ending, -250, 1.0, data);  // Black to move, White won: a loss for the side to move
        TrainingRecord.write(ending, 0, 0.5, data);     // a draw
        data.put(data.position() + 26, (byte) 9);         // a fifth record with a bad result byte
        Path file = dir.resolve("data.bin");
        Files.write(file, data.array());

        DataStats stats = DataStats.read(file);
        assertEquals(4, stats.positions());
        assertEquals(1, stats.invalid());
        assertEquals(7, stats.trailingBytes());
        assertEquals(1, stats.results(2));
        assertEquals(1, stats.results(1));
        assertEquals(2, stats.results(0));
        String report = stats.report("data.bin");
        assertTrue(report.contains("data.bin: 167 bytes, 5 records of 32 bytes, then 7 bytes of a torn record"), report);
        assertTrue(report.contains("invalid        1, not counted below; first: record 4 (byte 128): result byte 9"),
                report);
        assertTrue(report.matches("(?s).*win\\s+1\\s+25\\.0 %\\s+mean score\\s+\\+30 cp.*"), report);
        assertTrue(report.matches("(?s).*loss\\s+2\\s+50\\.0 %\\s+mean score\\s+-875 cp.*"), report);
        assertTrue(report.matches("(?s).*below -1000\\s+1\\s+25\\.0 %.*"), report);
        assertTrue(report.matches("(?s).*-300 \\.\\. -201\\s+1\\s+25\\.0 %.*"), report);
        assertTrue(report.matches("(?s).*\n\\s+24\\s+2\\s+50\\.0 %.*"), "phase 24 twice: " + report);
        assertTrue(report.contains("mean pieces    17.50"), report);
    }

    @Test
    void anEmptyFileHasNoPositions() throws Exception {
        Path file = dir.resolve("empty.bin");
        Files.write(file, new byte[0]);
        DataStats stats = DataStats.read(file);
        assertEquals(0, stats.positions());
        assertTrue(stats.report("empty.bin").contains("positions      0"));
    }
}
