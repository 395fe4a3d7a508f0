package horizon.tune.fit.nnue;

import horizon.io.RunPlan;
import horizon.nnue.Network;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a training run is: its data, the model's width, the loss, the optimiser's settings, the seed. A checkpoint
 * keeps the plan's {@link #fields() fields}; a run resumes only under the same plan, so that its result is the
 * result of one uninterrupted run. The thread count is not part of it: a run's numbers do not depend on it.
 *
 * @param epochs  passes over the training records; under the step schedule a resumed run may ask for more (or
 *                fewer), under the cosine schedule the length is part of the schedule's shape
 * @param mirror  train on each record or its mirror image (files a-h swapped), drawn per record and epoch
 *                ({@link #mirrored}): the 768 inputs hold no castling rights, so a position and its mirror image
 *                are worth the same to the net, and scarce data counts twice
 * @param outputBuckets output layers chosen by the number of pieces on the board (1: a single output)
 */
public record TrainingPlan(List<Path> files, int hidden, int epochs, int batch, float lambda, float weightDecay,
        double validation, long seed, LearningRateSchedule schedule, boolean mirror, int outputBuckets) {
    /** The plan field (and option) naming the output buckets. */
    static final String OUTPUT_BUCKETS = "--output-buckets";

    /** The output buckets a checkpoint's plan names: 1 when it names none. */
    static int outputBuckets(Map<String, String> fields) {
        String value = fields.get(OUTPUT_BUCKETS);
        try {
            int buckets = value == null ? 1 : Integer.parseInt(value);
            if (buckets < 1 || buckets > Network.MAX_OUTPUT_BUCKETS) {
                throw new IllegalArgumentException("output buckets " + value + " out of range");
            }
            return buckets;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("output buckets '" + value + "' is not a number");
        }
    }

    /** A plan without mirroring. */
    public TrainingPlan(List<Path> files, int hidden, int epochs, int batch, float lambda, float weightDecay,
            double validation, long seed, LearningRateSchedule schedule) {
        this(files, hidden, epochs, batch, lambda, weightDecay, validation, seed, schedule, false);
    }

    /** A plan with a single output. */
    public TrainingPlan(List<Path> files, int hidden, int epochs, int batch, float lambda, float weightDecay,
            double validation, long seed, LearningRateSchedule schedule, boolean mirror) {
        this(files, hidden, epochs, batch, lambda, weightDecay, validation, seed, schedule, mirror, 1);
    }

    public TrainingPlan {
        files = List.copyOf(files);
        if (!Network.isHiddenWidth(hidden)) {
            throw new IllegalArgumentException("--hidden must be a multiple of 16 from 16 to " + Network.MAX_HIDDEN
                    + ", not " + hidden);
        }
        if (outputBuckets < 1 || outputBuckets > Network.MAX_OUTPUT_BUCKETS) {
            throw new IllegalArgumentException("--output-buckets must be from 1 to " + Network.MAX_OUTPUT_BUCKETS
                    + ", not " + outputBuckets);
        }
        if (epochs < 1) {
            throw new IllegalArgumentException("--epochs must be at least 1, not " + epochs);
        }
        if (batch < 1) {
            throw new IllegalArgumentException("--batch must be at least 1 position, not " + batch);
        }
        if (!(lambda >= 0 && lambda <= 1)) {
            throw new IllegalArgumentException("--lambda must be in [0, 1], not " + lambda);
        }
        if (!(weightDecay >= 0 && weightDecay < 1)) {
            throw new IllegalArgumentException("--weight-decay must be in [0, 1), not " + weightDecay);
        }
        if (!(validation >= 0 && validation <= 0.5)) {
            throw new IllegalArgumentException("--validation must be a fraction in [0, 0.5], not " + validation);
        }
    }

    /**
     * The plan as ordered key=value pairs, keyed by the option that sets each. The data files are named by file
     * name and size, so the data may move to another folder between runs but not change.
     */
    public Map<String, String> fields() throws IOException {
        Map<String, String> fields = new LinkedHashMap<>();
        StringBuilder data = new StringBuilder();
        for (Path file : files) {
            data.append(data.length() == 0 ? "" : ", ").append(file.getFileName()).append(" (")
                    .append(Files.size(file)).append(" bytes)");
        }
        fields.put("data files", data.toString());
        fields.put("--hidden", Integer.toString(hidden));
        fields.put("--batch", Integer.toString(batch));
        fields.put("--lambda", Float.toString(lambda));
        fields.put("--weight-decay", Float.toString(weightDecay));
        fields.put("--validation", Double.toString(validation));
        fields.put("--seed", Long.toString(seed));
        fields.put("learning rate (--lr, --lr-schedule, --lr-step, --lr-gamma; --epochs for cosine)",
                schedule.describe());
        if (mirror) {
            // Only when set: checkpoints written before the option existed still resume.
            fields.put("--mirror", "true");
        }
        if (outputBuckets != 1) {
            // Only when set, as --mirror: single-output checkpoints written before the option still resume.
            fields.put(OUTPUT_BUCKETS, Integer.toString(outputBuckets));
        }
        return fields;
    }

    /**
     * Whether the record is trained as its mirror image in this epoch: a hash of the seed, the record and the
     * epoch, so that about half the records are mirrored each epoch, a different half the next, the same on any
     * thread count and after a resume.
     */
    public boolean mirrored(int record, int epoch) {
        if (!mirror) {
            return false;
        }
        long z = seed ^ (record * 0x9E3779B97F4A7C15L) ^ ((epoch + 1L) * 0xC2B2AE3D27D4EB4FL);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return ((z ^ (z >>> 31)) & 1) != 0;
    }

    /** The fields as text, one key=value line each (the checkpoint's form). */
    static String format(Map<String, String> fields) {
        return RunPlan.format(fields);
    }

    static Map<String, String> parse(String text) {
        return RunPlan.parse(text);
    }

    /**
     * Null when a checkpoint made under saved may be resumed under this plan, else one line naming the first field
     * that differs. Every field counts, given or not: an option left out means its default here.
     */
    String mismatch(Map<String, String> saved) throws IOException {
        Map<String, String> mine = fields();
        String difference = RunPlan.firstDifference(saved, mine, "the checkpoint");
        if (difference != null) {
            return difference;
        }
        for (String key : saved.keySet()) {
            if (!mine.containsKey(key)) {
                return key + " differs: the checkpoint has " + saved.get(key) + ", this command none";
            }
        }
        return null;
    }
}
