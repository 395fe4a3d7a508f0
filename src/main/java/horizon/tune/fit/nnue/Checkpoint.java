package horizon.tune.fit.nnue;

import horizon.io.StateFile;
import horizon.nnue.Network;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * A run's state after a finished epoch: everything the next epoch needs to continue exactly as an uninterrupted run
 * would (the weights, Adam's moments and step count; the shuffle of each epoch comes from the seed and the epoch
 * number), the plan it was made under, and the reports so far. Little-endian:
 *
 * <pre>
 *   "HZCK"  magic, then i32 version (1), i32 hidden width N
 *   i32     plan length, then the plan's key=value lines in UTF-8
 *   i32     epochs done;  i64 Adam steps taken
 *   i32     reports, then per report: i32 epoch, f64 train loss, validation loss, learning rate, positions/s, seconds
 *   f32     weights, Adam's first moment, Adam's second moment: each row by row ({@link FloatNetwork}'s layout)
 *   i32     CRC32 of every byte before it
 * </pre>
 *
 * Written whole or not at all ({@link StateFile}), so a run killed while writing leaves the previous checkpoint.
 */
public record Checkpoint(Map<String, String> plan, int epochsDone, FloatNetwork weights, AdamW adam,
        List<EpochReport> reports) {
    static final byte[] MAGIC = {'H', 'Z', 'C', 'K'};
    static final int VERSION = 1;
    public static final String FILE_NAME = "checkpoint.bin";

    public void write(Path file) throws IOException {
        byte[] plan = TrainingPlan.format(this.plan).getBytes(StandardCharsets.UTF_8);
        int hidden = weights.hidden;
        long size = 4 + 4 + 4 + 4 + plan.length + 4 + 8 + 4 + (long) reports.size() * (4 + 5 * 8)
                + 3L * 4 * weights.parameterCount() + 4;
        if (size > Integer.MAX_VALUE) {
            throw new IOException("checkpoint of " + size + " bytes is too large");
        }
        ByteBuffer out = ByteBuffer.allocate((int) size).order(ByteOrder.LITTLE_ENDIAN);
        out.put(MAGIC).putInt(VERSION).putInt(hidden).putInt(plan.length).put(plan);
        out.putInt(epochsDone).putLong(adam.steps).putInt(reports.size());
        for (EpochReport r : reports) {
            out.putInt(r.epoch()).putDouble(r.trainLoss()).putDouble(r.validationLoss()).putDouble(r.learningRate())
                    .putDouble(r.positionsPerSecond()).putDouble(r.seconds());
        }
        for (FloatNetwork part : new FloatNetwork[] {weights, adam.firstMoment, adam.secondMoment}) {
            for (float[] row : part.rows) {
                out.asFloatBuffer().put(row);
                out.position(out.position() + 4 * row.length);
            }
        }
        CRC32 crc = new CRC32();
        crc.update(out.array(), 0, out.position());
        out.putInt((int) crc.getValue());
        StateFile.write(file, out.array());
    }

    /**
     * Reads a checkpoint.
     *
     * @throws IllegalArgumentException with one line saying what is wrong (not a checkpoint, another version,
     *                                  truncated, damaged)
     */
    public static Checkpoint read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        if (bytes.length < MAGIC.length + 4 || !Arrays.equals(bytes, 0, MAGIC.length, MAGIC, 0,
                MAGIC.length)) {
            throw new IllegalArgumentException(file + ": not a training checkpoint (no HZCK header)");
        }
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        in.position(MAGIC.length);
        int version = in.getInt();
        if (version != VERSION) {
            throw new IllegalArgumentException(file + ": checkpoint version " + version + ", this trainer reads "
                    + VERSION);
        }
        try {
            int hidden = in.getInt();
            if (!Network.isHiddenWidth(hidden)) {
                throw new IllegalArgumentException(file + ": damaged (hidden width " + hidden + ")");
            }
            byte[] plan = new byte[checkedLength(in.getInt(), in.remaining(), file)];
            in.get(plan);
            int epochsDone = in.getInt();
            long steps = in.getLong();
            int count = checkedLength(in.getInt(), in.remaining() / (4 + 5 * 8), file);
            List<EpochReport> reports = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                reports.add(new EpochReport(in.getInt(), in.getDouble(), in.getDouble(), in.getDouble(),
                        in.getDouble(), in.getDouble()));
            }
            Map<String, String> fields;
            int buckets;
            try {
                fields = TrainingPlan.parse(new String(plan, StandardCharsets.UTF_8));
                buckets = TrainingPlan.outputBuckets(fields);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ": damaged plan (" + e.getMessage() + ")");
            }
            FloatNetwork weights = new FloatNetwork(hidden, buckets);
            AdamW adam = new AdamW(hidden, buckets);
            adam.steps = steps;
            int expected = in.position() + 3 * 4 * weights.parameterCount() + 4;
            if (bytes.length != expected) {
                throw new IllegalArgumentException(file + ": " + (bytes.length < expected ? "truncated" : "too long")
                        + ", " + bytes.length + " bytes where a checkpoint of width " + hidden + " has " + expected);
            }
            for (FloatNetwork part : new FloatNetwork[] {weights, adam.firstMoment, adam.secondMoment}) {
                for (float[] row : part.rows) {
                    in.asFloatBuffer().get(row);
                    in.position(in.position() + 4 * row.length);
                }
            }
            CRC32 crc = new CRC32();
            crc.update(bytes, 0, in.position());
            if ((int) crc.getValue() != in.getInt()) {
                throw new IllegalArgumentException(file + ": checksum mismatch, the checkpoint is damaged");
            }
            return new Checkpoint(fields, epochsDone, weights, adam, reports);
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException(file + ": truncated, " + bytes.length + " bytes");
        }
    }

    private static int checkedLength(int length, int atMost, Path file) {
        if (length < 0 || length > atMost) {
            throw new IllegalArgumentException(file + ": truncated or damaged (a length of " + length + ")");
        }
        return length;
    }
}
