package horizon.tune.data;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file of {@link TrainingRecord}s (docs/nnue-data.md): the one place where they are read, appended and repaired,
 * for the trainer, datawalk, datastats, dataconvert and datagen.
 *
 * <p>The damaged-tail rule: a file's records are its whole {@link TrainingRecord#BYTES}-byte records, and bytes
 * after the last of them are a write torn by a kill (or a file that is not records). Readers never read them
 * (datastats reports them, the trainer refuses such a file); an appender cuts them before it writes.
 *
 * <p>Reading maps the whole records in chunks of {@link #CHUNK_RECORDS} (1 GiB): one mapping holds at most 2 GiB,
 * so files of any size read the same way, and the operating system pages them in as they are touched.
 */
public final class RecordFile {
    /** Records per mapping: 2^25 × 32 bytes = 1 GiB. */
    public static final int CHUNK_RECORDS = 1 << 25;

    private final long bytes;
    private final int chunkRecords;
    private final ByteBuffer[] chunks;

    private RecordFile(long bytes, int chunkRecords, ByteBuffer[] chunks) {
        this.bytes = bytes;
        this.chunkRecords = chunkRecords;
        this.chunks = chunks;
    }

    /** Maps the whole records of file, read-only. */
    public static RecordFile open(Path file) throws IOException {
        return open(file, CHUNK_RECORDS);
    }

    /** With mappings of chunkRecords records: small ones let a test cross chunk boundaries without a 2 GB file. */
    public static RecordFile open(Path file, int chunkRecords) throws IOException {
        return open(file, chunkRecords, Long.MAX_VALUE);
    }

    /**
     * The first maxRecords records of file at most: a file that another run is still appending to, read as it
     * stood when a long run over it began.
     */
    public static RecordFile open(Path file, int chunkRecords, long maxRecords) throws IOException {
        if (chunkRecords < 1 || chunkRecords > CHUNK_RECORDS) {
            throw new IllegalArgumentException("chunks of 1 to " + CHUNK_RECORDS + " records, not " + chunkRecords);
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            long bytes = maxRecords >= size / TrainingRecord.BYTES ? size : maxRecords * TrainingRecord.BYTES;
            long records = bytes / TrainingRecord.BYTES;
            ByteBuffer[] chunks = new ByteBuffer[(int) ((records + chunkRecords - 1) / chunkRecords)];
            for (int c = 0; c < chunks.length; c++) {
                long first = (long) c * chunkRecords;
                long count = Math.min(chunkRecords, records - first);
                // A mapping outlives its channel: it stays valid until the buffer is collected.
                chunks[c] = channel.map(FileChannel.MapMode.READ_ONLY, first * TrainingRecord.BYTES,
                        count * TrainingRecord.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            }
            return new RecordFile(bytes, chunkRecords, chunks);
        }
    }

    /** The whole records' bytes in a file of this many bytes: what the damaged-tail rule keeps. */
    public static long wholeBytes(long bytes) {
        return bytes - tailBytes(bytes);
    }

    /** The bytes after the last whole record in a file of this many bytes: a torn write, never read. */
    public static long tailBytes(long bytes) {
        return bytes % TrainingRecord.BYTES;
    }

    /** The file's length, its torn tail included. */
    public long bytes() {
        return bytes;
    }

    /** Whole records in the file. */
    public long records() {
        return bytes / TrainingRecord.BYTES;
    }

    /** Bytes after the last whole record (a write torn by a kill, or not a record file). */
    public long tailBytes() {
        return tailBytes(bytes);
    }

    public int chunkCount() {
        return chunks.length;
    }

    /**
     * Chunk c's records for one reader: a little-endian view of its own (position 0, limit its records' bytes), so
     * that no thread touches another's buffer state.
     */
    public ByteBuffer chunk(int c) {
        return chunks[c].duplicate().order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The index in the file of chunk c's first record. */
    public long firstRecord(int c) {
        return (long) c * chunkRecords;
    }

    /** Records in chunk c. */
    public int chunkRecords(int c) {
        return chunks[c].capacity() / TrainingRecord.BYTES;
    }

    /**
     * Opens file for appending records (creating it if needed) after cutting it to keepBytes, a multiple of
     * {@link TrainingRecord#BYTES} and at most its present length; each append is on the disk when it returns.
     */
    public static Appender appendTo(Path file, long keepBytes) throws IOException {
        return Appender.open(file, keepBytes, TrainingRecord.BYTES, true);
    }

    /** Opens file for writing records from its start (created, or emptied), as a command's output is replaced. */
    public static Appender replace(Path file) throws IOException {
        return Appender.open(file, 0, TrainingRecord.BYTES, false);
    }

    /**
     * Appends whole units (records, or the bytes of EPD lines for the EPD datagen) so that a killed writer never
     * leaves anything but whole units behind it once the next writer has opened the file: each append goes out in
     * one write to a channel opened in append mode, and opening cuts the file back to the length its last complete
     * append left (what a write torn by a kill added after it is dropped).
     */
    public static final class Appender implements AutoCloseable {
        private final FileChannel channel;
        private final int unitBytes;
        private final boolean durable;
        private long length;

        private Appender(FileChannel channel, int unitBytes, boolean durable, long length) {
            this.channel = channel;
            this.unitBytes = unitBytes;
            this.durable = durable;
            this.length = length;
        }

        /**
         * Cuts file to keepBytes and opens it for appending units of unitBytes; durable: each append is forced to
         * the disk, before the datagen sidecar that counts it.
         */
        static Appender open(Path file, long keepBytes, int unitBytes, boolean durable) throws IOException {
            if (keepBytes % unitBytes != 0) {
                throw new IllegalArgumentException("keep " + keepBytes + " bytes: not a whole number of records");
            }
            try (FileChannel cut = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                if (cut.size() < keepBytes) {
                    throw new IllegalArgumentException(file + " holds " + cut.size() + " bytes, fewer than the "
                            + keepBytes + " to keep");
                }
                cut.truncate(keepBytes);
            }
            FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
            return new Appender(channel, unitBytes, durable, keepBytes);
        }

        /** Appends the buffer's remaining bytes (whole units: one game's records, a block of them) in one write. */
        public void append(ByteBuffer units) throws IOException {
            if (units.remaining() % unitBytes != 0) {
                throw new IllegalArgumentException(units.remaining() + " bytes: not a whole number of records");
            }
            long written = units.remaining();
            while (units.hasRemaining()) {
                channel.write(units); // a file channel writes it all at once; the loop only honours the API
            }
            if (durable) {
                channel.force(false); // on the disk before the sidecar that counts it, which a power cut could beat
            }
            length += written;
        }

        /** The file's length after the last append, a whole number of units. */
        public long length() {
            return length;
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
