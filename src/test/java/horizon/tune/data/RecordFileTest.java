package horizon.tune.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A record file read across chunk boundaries, its torn tail left unread, and the appenders that write it. */
class RecordFileTest {
    @TempDir
    Path dir;

    @Test
    void chunksCoverEveryWholeRecordOnceAndNotTheTornTail() throws Exception {
        int records = 10;
        byte[] bytes = new byte[records * TrainingRecord.BYTES + 13];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i / TrainingRecord.BYTES + 1); // every byte names its record
        }
        Path file = Files.write(dir.resolve("torn.bin"), bytes);
        RecordFile mapped = RecordFile.open(file, 3);
        assertEquals(bytes.length, mapped.bytes());
        assertEquals(records, mapped.records());
        assertEquals(13, mapped.tailBytes());
        assertEquals(4, mapped.chunkCount(), "3 + 3 + 3 + 1 records");
        int seen = 0;
        for (int c = 0; c < mapped.chunkCount(); c++) {
            ByteBuffer chunk = mapped.chunk(c);
            assertEquals(mapped.chunkRecords(c) * TrainingRecord.BYTES, chunk.remaining());
            assertEquals(seen, mapped.firstRecord(c));
            for (int r = 0; r < mapped.chunkRecords(c); r++, seen++) {
                for (int b = 0; b < TrainingRecord.BYTES; b++) {
                    assertEquals(seen + 1, chunk.get(r * TrainingRecord.BYTES + b), "record " + seen + " byte " + b);
                }
            }
        }
        assertEquals(records, seen);
        assertEquals(1, RecordFile.open(file).chunkCount(), "one chunk of 1 GiB");
        assertEquals(0, RecordFile.open(Files.write(dir.resolve("empty.bin"), new byte[0])).chunkCount());
    }

    @Test
    void theAppenderCutsATornTailAndAppendsWholeGames() throws Exception {
        Path file = dir.resolve("data.bin");
        Files.write(file, new byte[3 * TrainingRecord.BYTES + 13]);
        assertEquals(96, RecordFile.wholeBytes(Files.size(file)));
        try (RecordFile.Appender appender = RecordFile.appendTo(file, 64)) {
            assertEquals(64, Files.size(file), "cut to the length kept");
            appender.append(ByteBuffer.wrap(new byte[2 * TrainingRecord.BYTES]));
            assertEquals(128, appender.length());
            assertThrows(IllegalArgumentException.class, () -> appender.append(ByteBuffer.wrap(new byte[33])));
        }
        assertEquals(128, Files.size(file));
        assertThrows(IllegalArgumentException.class, () -> RecordFile.appendTo(file, 160), "more than the file has");
        assertThrows(IllegalArgumentException.class, () -> RecordFile.appendTo(file, 100), "not whole records");
    }

    @Test
    void replacingEmptiesTheFileFirst() throws Exception {
        Path file = Files.write(dir.resolve("old.bin"), new byte[5 * TrainingRecord.BYTES]);
        try (RecordFile.Appender appender = RecordFile.replace(file)) {
            assertEquals(0, Files.size(file));
            appender.append(ByteBuffer.wrap(new byte[TrainingRecord.BYTES]));
        }
        assertEquals(TrainingRecord.BYTES, Files.size(file));
    }
}
