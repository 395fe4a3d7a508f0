package horizon.tune.fit.nnue;

import horizon.tune.data.RecordFile;
import horizon.tune.data.TrainingRecord;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Training files of 32-byte {@link TrainingRecord}s, memory-mapped, numbered as one sequence across the files in
 * the order given. Each file is mapped in {@link RecordFile}'s chunks of 1 GiB (one mapping holds at most 2 GiB); the
 * operating system pages them in as the shuffled batches touch them, so the heap holds only the shuffled index.
 *
 * <p>The validation split is fixed by the data alone: every k-th block of {@link #BLOCK} records, k = round(1 /
 * fraction), is held out and never trained on. Consecutive records come from one game, so blocks keep most of a
 * held-out game out of training.
 */
public final class TrainingData {
    private final List<Path> files;
    private final ByteBuffer[] chunks;
    /** Global index of each chunk's first record, ascending; one more entry, the total, at the end. */
    private final long[] chunkStarts;
    private final int size;

    private TrainingData(List<Path> files, ByteBuffer[] chunks, long[] chunkStarts) {
        this.files = List.copyOf(files);
        this.chunks = chunks;
        this.chunkStarts = chunkStarts;
        this.size = (int) chunkStarts[chunks.length];
    }

    /**
     * Maps the files.
     *
     * @throws IllegalArgumentException with one line naming the file when one is missing, empty, not a whole number
     *                                  of records, or the total exceeds 2^31 - 1 records
     */
    public static TrainingData open(List<Path> files) throws IOException {
        return open(files, RecordFile.CHUNK_RECORDS);
    }

    /** With mappings of chunkRecords records: small ones let a test cross chunk boundaries. */
    static TrainingData open(List<Path> files, int chunkRecords) throws IOException {
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no training files given");
        }
        List<ByteBuffer> chunks = new ArrayList<>();
        List<Long> starts = new ArrayList<>();
        long total = 0;
        for (Path file : files) {
            long bytes;
            try {
                bytes = Files.size(file);
            } catch (NoSuchFileException e) {
                throw new IllegalArgumentException(file + ": no such file");
            }
            if (Files.isDirectory(file)) {
                throw new IllegalArgumentException(file + ": a directory, not a training file");
            }
            if (bytes == 0 || RecordFile.tailBytes(bytes) != 0) {
                throw new IllegalArgumentException(file + ": " + bytes + " bytes is not a whole, non-zero number of "
                        + TrainingRecord.BYTES + "-byte records");
            }
            long records = bytes / TrainingRecord.BYTES;
            if (total + records > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(file + ": more than " + Integer.MAX_VALUE
                        + " records in all; train on fewer files at a time");
            }
            RecordFile mapped = RecordFile.open(file, chunkRecords);
            for (int c = 0; c < mapped.chunkCount(); c++) {
                chunks.add(mapped.chunk(c));
                starts.add(total + mapped.firstRecord(c));
            }
            total += records;
        }
        long[] chunkStarts = new long[chunks.size() + 1];
        for (int i = 0; i < starts.size(); i++) {
            chunkStarts[i] = starts.get(i);
        }
        chunkStarts[chunks.size()] = total;
        return new TrainingData(files, chunks.toArray(new ByteBuffer[0]), chunkStarts);
    }

    public List<Path> files() {
        return files;
    }

    /** Records in all the files. */
    public int size() {
        return size;
    }

    /**
     * Records are held out in blocks of this many, about a dozen games of self-play: a game's positions are
     * written together, and with every k-th record held out the net was judged on positions whose neighbours in
     * the same game, and the same result, it had trained on (its validation loss then flattered it most where it
     * had memorised games).
     */
    static final int BLOCK = 1024;

    /** The held-out share's step: every k-th block is held out; 0 when nothing is. */
    static int validationStep(double fraction) {
        return fraction <= 0 ? 0 : (int) Math.max(2, Math.round(1 / fraction));
    }

    private static boolean heldOut(int record, int step) {
        return step > 0 && (record / BLOCK) % step == step - 1;
    }

    private int heldOutCount(int step) {
        int count = 0;
        for (int record = 0; record < size; record++) {
            count += heldOut(record, step) ? 1 : 0;
        }
        return count;
    }

    /** Indices of the records trained on, ascending. */
    public int[] trainingRecords(double validationFraction) {
        int step = validationStep(validationFraction);
        int[] chosen = new int[size - heldOutCount(step)];
        refillTrainingRecords(validationFraction, chosen);
        return chosen;
    }

    /**
     * Puts the training records back in ascending order into an array of {@link #trainingRecords}'s length, so
     * that each epoch's shuffle starts from the same order without a second array of the data's size.
     */
    public void refillTrainingRecords(double validationFraction, int[] into) {
        int step = validationStep(validationFraction);
        int n = 0;
        for (int record = 0; record < size; record++) {
            if (!heldOut(record, step)) {
                into[n++] = record;
            }
        }
    }

    /** Indices of the held-out records, ascending. */
    public int[] validationRecords(double validationFraction) {
        int step = validationStep(validationFraction);
        int[] chosen = new int[heldOutCount(step)];
        int n = 0;
        for (int record = 0; record < size; record++) {
            if (heldOut(record, step)) {
                chosen[n++] = record;
            }
        }
        return chosen;
    }

    /** A reader for one thread: its own views of the mappings, so no thread touches another's buffer state. */
    public Reader reader() {
        return new Reader();
    }

    /** Reads records by their global index. Not thread-safe: one per thread. */
    public final class Reader {
        private final ByteBuffer[] views = new ByteBuffer[chunks.length];

        private Reader() {
            for (int i = 0; i < chunks.length; i++) {
                views[i] = chunks[i].duplicate().order(ByteOrder.LITTLE_ENDIAN);
            }
        }

        private int chunk(int record) {
            int lo = 0, hi = chunks.length - 1;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (chunkStarts[mid] <= record) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            return lo;
        }

        /** The record's input features (side to move's into own, the other side's into other); returns the count. */
        public int features(int record, int[] own, int[] other) {
            int c = chunk(record);
            return TrainingRecord.features(views[c], offset(record, c), own, other);
        }

        /** The record's score, centipawns from the side to move's view. */
        public int score(int record) {
            int c = chunk(record);
            return TrainingRecord.score(views[c], offset(record, c));
        }

        /** The record's game result for the side to move: 0, 0.5 or 1. */
        public double result(int record) {
            int c = chunk(record);
            return TrainingRecord.result(views[c], offset(record, c));
        }

        /** The spec's target: lambda × sigmoid(score / 400) + (1 − lambda) × result. */
        public float target(int record, float lambda) {
            int c = chunk(record), offset = offset(record, c);
            double score = TrainingRecord.score(views[c], offset), result = TrainingRecord.result(views[c], offset);
            return (float) (lambda / (1 + Math.exp(-score / 400)) + (1 - lambda) * result);
        }

        /** The record as a FEN, White to move (the record's own view; castling and en passant are not stored). */
        public String fen(int record) {
            int c = chunk(record);
            return TrainingRecord.toFen(views[c], offset(record, c), false);
        }

        private int offset(int record, int chunk) {
            return (int) (record - chunkStarts[chunk]) * TrainingRecord.BYTES;
        }
    }
}
