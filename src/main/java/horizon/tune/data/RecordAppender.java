package horizon.tune.data;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends whole games of {@link TrainingRecord}s to a file so that a killed writer never leaves anything but whole
 * records behind it once the next writer has opened the file: each game goes out in one write to a channel opened
 * in append mode, and opening cuts the file back to the length its last complete game left (what a write torn by a
 * kill added after it is dropped).
 */
public final class RecordAppender implements AutoCloseable {
    private final FileChannel channel;
    private long length;

    private RecordAppender(FileChannel channel, long length) {
        this.channel = channel;
        this.length = length;
    }

    /**
     * Opens file for appending (creating it if needed) after cutting it to keepBytes, which must be a multiple of
     * {@link TrainingRecord#BYTES} and at most its present length.
     */
    public static RecordAppender open(Path file, long keepBytes) throws IOException {
        if (keepBytes % TrainingRecord.BYTES != 0) {
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
        return new RecordAppender(channel, keepBytes);
    }

    /** The largest whole number of records a file of this many bytes holds, in bytes. */
    public static long wholeRecords(long bytes) {
        return bytes - bytes % TrainingRecord.BYTES;
    }

    /** Appends the buffer's remaining bytes (one game's records) in one write. */
    public void append(ByteBuffer records) throws IOException {
        if (records.remaining() % TrainingRecord.BYTES != 0) {
            throw new IllegalArgumentException(records.remaining() + " bytes: not a whole number of records");
        }
        long bytes = records.remaining();
        while (records.hasRemaining()) {
            channel.write(records); // a file channel writes it all at once; the loop only honours the API
        }
        channel.force(false); // on the disk before the sidecar that counts it, which a power cut could otherwise beat
        length += bytes;
    }

    /** The file's length after the last append, a multiple of {@link TrainingRecord#BYTES}. */
    public long length() {
        return length;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
