package horizon.tb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.RandomAccessFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads of the mapped file across the 1 GiB chunk boundary (7-piece files pass 2 GB, more than one mapping holds)
 * and past the end of the file. The file is sparse: a gigabyte that takes no disk.
 */
class TableBytesTest {
    private static final long BOUNDARY = 1L << 30;

    @TempDir
    Path dir;

    @Test
    void readsAcrossTheChunkBoundaryAndPastTheEnd() throws Exception {
        Path file = dir.resolve("big.rtbw");
        long length = BOUNDARY + 100;
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(length);
            f.seek(BOUNDARY - 8);
            for (int i = 1; i <= 16; i++) {
                f.write(i); // bytes 1..16 at BOUNDARY-8 .. BOUNDARY+7
            }
            f.seek(length - 2);
            f.write(new byte[] {(byte) 0xAB, (byte) 0xCD});
        }
        TableBytes bytes = TableBytes.map(file);
        assertEquals(length, bytes.length);
        assertEquals(8, bytes.u8(BOUNDARY - 1));
        assertEquals(9, bytes.u8(BOUNDARY));
        assertEquals(0x0908, bytes.u16(BOUNDARY - 1));
        assertEquals(0x0A090807L, bytes.u32(BOUNDARY - 2));
        assertEquals(0x0708090AL, bytes.u32BigEndian(BOUNDARY - 2));
        assertEquals(0x05060708090A0B0CL, bytes.u64BigEndian(BOUNDARY - 4));
        assertEquals(0x090A0B0C0D0E0F10L, bytes.u64BigEndian(BOUNDARY));
        // Past the end: zero bytes, as if the file went on.
        assertEquals(0xCDAB, bytes.u16(length - 2));
        assertEquals(0xCDABL, bytes.u32(length - 2));
        assertEquals(0xABCD0000L, bytes.u32BigEndian(length - 2));
        assertEquals(0, bytes.u8(length));
        assertEquals(0L, bytes.u64BigEndian(length + 5));
    }
}
