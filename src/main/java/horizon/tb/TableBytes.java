package horizon.tb;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A table file mapped into memory, read with absolute offsets (so that any number of threads can read it at
 * once). Files of 7-piece tables pass the 2 GB a single mapping may hold, so the file is mapped in 1 GiB chunks,
 * each reaching 16 bytes into the next: a read of up to 8 bytes that starts in a chunk then never straddles two.
 * Reads past the end of the file give zero bytes: the decoder's bit buffer may run a few bytes beyond the last
 * block, as the format's own prober does, and those bits are never used.
 */
final class TableBytes {
    private static final int CHUNK_BITS = 30;
    private static final long CHUNK_SIZE = 1L << CHUNK_BITS;
    private static final int OVERLAP = 16;

    private final ByteBuffer[] chunks;
    final long length;

    private TableBytes(ByteBuffer[] chunks, long length) {
        this.chunks = chunks;
        this.length = length;
    }

    static TableBytes map(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            int count = (int) ((size + CHUNK_SIZE - 1) >>> CHUNK_BITS);
            ByteBuffer[] chunks = new ByteBuffer[count];
            for (int i = 0; i < count; i++) {
                long start = (long) i << CHUNK_BITS;
                long length = Math.min(size - start, CHUNK_SIZE + OVERLAP);
                chunks[i] = channel.map(FileChannel.MapMode.READ_ONLY, start, length).order(ByteOrder.LITTLE_ENDIAN);
            }
            // The mapping stays valid after the channel closes.
            return new TableBytes(chunks, size);
        }
    }

    private boolean inside(long pos, int n) {
        return pos >= 0 && pos <= length - n;
    }

    private ByteBuffer chunk(long pos) {
        return chunks[(int) (pos >>> CHUNK_BITS)];
    }

    private static int offset(long pos) {
        return (int) (pos & (CHUNK_SIZE - 1));
    }

    int u8(long pos) {
        return inside(pos, 1) ? chunk(pos).get(offset(pos)) & 0xFF : 0;
    }

    int u16(long pos) {
        return inside(pos, 2) ? chunk(pos).getShort(offset(pos)) & 0xFFFF : (int) slowLittleEndian(pos, 2);
    }

    long u32(long pos) {
        return inside(pos, 4) ? chunk(pos).getInt(offset(pos)) & 0xFFFFFFFFL : slowLittleEndian(pos, 4);
    }

    /** Four bytes as a big-endian number: the compressed bit stream is written most significant bit first. */
    long u32BigEndian(long pos) {
        return Integer.reverseBytes((int) u32(pos)) & 0xFFFFFFFFL;
    }

    long u64BigEndian(long pos) {
        long littleEndian = inside(pos, 8) ? chunk(pos).getLong(offset(pos)) : slowLittleEndian(pos, 8);
        return Long.reverseBytes(littleEndian);
    }

    private long slowLittleEndian(long pos, int n) {
        long v = 0;
        for (int i = n - 1; i >= 0; i--) {
            v = (v << 8) | u8(pos + i);
        }
        return v;
    }
}
