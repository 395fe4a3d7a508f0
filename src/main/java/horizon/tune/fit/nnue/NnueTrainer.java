package horizon.tune.fit.nnue;

import horizon.io.ProgressBars;
import horizon.io.RunLock;
import horizon.io.StateFile;
import horizon.nnue.NetworkFile;
import horizon.plot.LossChart;
import horizon.tune.data.TrainingRecord;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import me.tongfei.progressbar.ProgressBar;

/**
 * Trains the float model on memory-mapped records with AdamW, an epoch (one pass over the training records, in a
 * fresh seeded shuffle) at a time, and after every epoch writes a checkpoint, the quantised net, the loss table and
 * its chart into the work folder (docs/nnue-training.md).
 *
 * <p>Each batch is cut into {@link #SLICES} fixed ranges, each with its own gradient buffer; the threads take the
 * slices in turn, then sum them in slice order row by row and take Adam's step on the rows they summed. Every
 * float is therefore added in the same order whatever the thread count, and a run gives the same weights, bit for
 * bit, on one thread or sixteen: the thread count is not part of the plan.
 */
public final class NnueTrainer implements AutoCloseable {
    /** Gradient buffers per batch: more threads than this find nothing to do. */
    static final int SLICES = 32;

    private final TrainingPlan plan;
    private final TrainingData data;
    private final Path folder;
    private final int threads;
    private final PrintStream log;
    private final boolean progress;
    private final ExecutorService pool;
    private final FloatNetwork[] sliceGradients = new FloatNetwork[SLICES];
    private final double[] sliceLoss = new double[SLICES];
    private final Worker[] workers;
    private FloatNetwork weights;
    private AdamW adam;

    /** What a run leaves: the float weights after its last epoch and every epoch's report. */
    public record Result(FloatNetwork weights, List<EpochReport> reports) {
    }

    /**
     * @param folder   the work folder: checkpoint, nets, loss table and chart
     * @param log      the epoch lines and notes go here
     * @param progress whether to draw a progress bar on stderr
     */
    public NnueTrainer(TrainingPlan plan, TrainingData data, Path folder, int threads, PrintStream log,
            boolean progress) {
        if (threads < 1) {
            throw new IllegalArgumentException("--threads must be at least 1, not " + threads);
        }
        this.plan = plan;
        this.data = data;
        this.folder = folder;
        this.threads = threads;
        this.log = log;
        this.progress = progress;
        for (int s = 0; s < SLICES; s++) {
            sliceGradients[s] = new FloatNetwork(plan.hidden(), plan.outputBuckets());
        }
        workers = new Worker[threads];
        for (int t = 0; t < threads; t++) {
            workers[t] = new Worker(plan.hidden(), data.reader());
        }
        pool = Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(task, "nnue-train");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** A thread's own scratch: its forward/backward buffers, its view of the files, a row for the sums. */
    private static final class Worker {
        final Backprop backprop;
        final TrainingData.Reader reader;
        final int[] own = new int[TrainingRecord.MAX_PIECES], other = new int[TrainingRecord.MAX_PIECES];
        final float[] sum;

        Worker(int hidden, TrainingData.Reader reader) {
            backprop = new Backprop(hidden);
            this.reader = reader;
            sum = new float[Math.max(hidden, horizon.nnue.Network.MAX_OUTPUT_BUCKETS)]; // the bias rows too
        }
    }

    /**
     * Runs the plan's epochs, resuming after the last finished one when the folder holds a checkpoint of the same
     * plan. The folder holds one run at a time ({@link RunLock}).
     *
     * @throws IllegalArgumentException with one line when the checkpoint is unreadable or from another plan, or
     *                                  another run holds the folder
     */
    public Result run() throws IOException {
        try (RunLock lock = RunLock.forFolder(folder, "nnue train", log)) {
            return runLocked();
        }
    }

    private Result runLocked() throws IOException {
        Path checkpointFile = folder.resolve(Checkpoint.FILE_NAME);
        Map<String, String> fields = plan.fields();
        List<EpochReport> reports = new ArrayList<>();
        int first = 0;
        if (Files.exists(checkpointFile)) {
            Checkpoint saved = Checkpoint.read(checkpointFile);
            String mismatch = plan.mismatch(saved.plan());
            if (mismatch != null) {
                throw new IllegalArgumentException(checkpointFile + " belongs to another run: " + mismatch
                        + "; give the same options to resume it, or another --out");
            }
            weights = saved.weights();
            adam = saved.adam();
            reports.addAll(saved.reports());
            first = saved.epochsDone();
        } else {
            weights = FloatNetwork.random(plan.hidden(), plan.outputBuckets(), plan.seed());
            adam = new AdamW(plan.hidden(), plan.outputBuckets());
        }
        int[] training = data.trainingRecords(plan.validation());
        int[] validation = data.validationRecords(plan.validation());
        if (training.length == 0) {
            throw new IllegalArgumentException("no records left to train on after holding out --validation "
                    + plan.validation());
        }
        log.printf(Locale.ROOT, "nnue train: %,d training records, %,d held out, hidden %d, %d thread%s, %s%n",
                training.length, validation.length, plan.hidden(), threads, threads == 1 ? "" : "s",
                first == 0 ? "from a seeded start" : "resuming after epoch " + first);
        if (first >= plan.epochs()) {
            log.printf(Locale.ROOT, "nnue train: the checkpoint has %d epochs already; nothing to do%n", first);
        }
        for (int epoch = first; epoch < plan.epochs(); epoch++) {
            reports.add(epoch(epoch, training, validation));
            // The checkpoint last: a run killed before it redoes the epoch and rewrites the same files.
            export(folder.resolve(String.format(Locale.ROOT, "net-epoch%02d.nnue", epoch + 1)));
            writeTable(reports);
            new Checkpoint(fields, epoch + 1, weights, adam, reports).write(checkpointFile);
            log.println(reports.get(reports.size() - 1).logLine());
        }
        export(folder.resolve("final.nnue"));
        return new Result(weights, List.copyOf(reports));
    }

    /** One epoch; order holds the training records and is left in this epoch's shuffle. */
    private EpochReport epoch(int epoch, int[] order, int[] validation) throws IOException {
        double rate = plan.schedule().rate(epoch);
        data.refillTrainingRecords(plan.validation(), order);
        shuffle(order, plan.seed(), epoch);
        long began = System.nanoTime();
        double loss = 0;
        ProgressBar bar = progress ? ProgressBars.onStderr(String.format(Locale.ROOT, "epoch %d/%d", epoch + 1,
                plan.epochs()), order.length) : null;
        try {
            for (int from = 0; from < order.length; from += plan.batch()) {
                int count = Math.min(plan.batch(), order.length - from);
                loss += batch(order, from, count, rate, epoch);
                if (bar != null) {
                    bar.stepBy(count);
                    double seconds = (System.nanoTime() - began) / 1e9;
                    // Short: the bar shares an 80-column line with it when stderr is not a terminal.
                    bar.setExtraMessage(String.format(Locale.ROOT, "loss %.5f %.0fk pos/s",
                            loss / (from + count), (from + count) / seconds / 1000));
                }
            }
        } finally {
            if (bar != null) {
                bar.close();
            }
        }
        double trainSeconds = (System.nanoTime() - began) / 1e9;
        double validationLoss = validation.length == 0 ? Double.NaN : loss(validation);
        double seconds = (System.nanoTime() - began) / 1e9;
        return new EpochReport(epoch + 1, loss / order.length, validationLoss, rate, order.length / trainSeconds,
                seconds);
    }

    /** The epoch's order: a Fisher-Yates shuffle, in place, seeded by the run's seed and the epoch alone. */
    static void shuffle(int[] order, long seed, int epoch) {
        SplittableRandom random = new SplittableRandom(seed ^ (0x9E3779B97F4A7C15L * (epoch + 1)));
        for (int i = order.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
    }

    /** One optimiser step on order[from, from + count); returns the batch's summed squared error. */
    private double batch(int[] order, int from, int count, double rate, int epoch) {
        float scale = 1f / count;
        List<Callable<Void>> gradients = new ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            Worker worker = workers[t];
            int firstSlice = t;
            gradients.add(() -> {
                for (int s = firstSlice; s < SLICES; s += threads) {
                    int lo = from + (int) ((long) count * s / SLICES), hi = from + (int) ((long) count * (s + 1) / SLICES);
                    sliceLoss[s] = train(worker, order, lo, hi, sliceGradients[s], scale, epoch);
                }
                return null;
            });
        }
        runAll(gradients);
        adam.beginStep(rate, plan.weightDecay());
        List<Callable<Void>> steps = new ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            Worker worker = workers[t];
            int rows = weights.rows.length;
            int firstRow = rows * t / threads, endRow = rows * (t + 1) / threads;
            steps.add(() -> {
                for (int r = firstRow; r < endRow; r++) {
                    adam.update(weights, r, sumAndClear(r, worker.sum));
                }
                return null;
            });
        }
        runAll(steps);
        double sum = 0;
        for (int s = 0; s < SLICES; s++) {
            sum += sliceLoss[s];
        }
        return sum;
    }

    private double train(Worker worker, int[] order, int lo, int hi, FloatNetwork gradient, float scale,
            int epoch) {
        double loss = 0;
        float lambda = plan.lambda();
        for (int k = lo; k < hi; k++) {
            int record = order[k];
            int count = worker.reader.features(record, worker.own, worker.other);
            if (plan.mirrored(record, epoch)) {
                TrainingRecord.mirrorFiles(worker.own, worker.other, count);
            }
            loss += worker.backprop.train(weights, gradient, worker.own, worker.other, count,
                    worker.reader.target(record, lambda), scale);
        }
        return loss;
    }

    /**
     * Row r's gradient summed over the slices in slice order, the slices' rows zeroed for the next batch. The sum
     * fills sum's first row-length entries (a bias row is shorter than the hidden width).
     */
    private float[] sumAndClear(int r, float[] sum) {
        int length = weights.rows[r].length;
        Arrays.fill(sum, 0, length, 0f);
        for (int s = 0; s < SLICES; s++) {
            float[] row = sliceGradients[s].rows[r];
            for (int i = 0; i < length; i++) {
                sum[i] += row[i];
                row[i] = 0f;
            }
        }
        return sum;
    }

    /** Mean squared error on the records (forward only), summed in slice order. */
    double loss(int[] records) {
        List<Callable<Void>> tasks = new ArrayList<>(threads);
        float lambda = plan.lambda();
        for (int t = 0; t < threads; t++) {
            Worker worker = workers[t];
            int firstSlice = t;
            tasks.add(() -> {
                for (int s = firstSlice; s < SLICES; s += threads) {
                    int lo = (int) ((long) records.length * s / SLICES);
                    int hi = (int) ((long) records.length * (s + 1) / SLICES);
                    double loss = 0;
                    for (int k = lo; k < hi; k++) {
                        int count = worker.reader.features(records[k], worker.own, worker.other);
                        float prediction = Backprop.sigmoid(worker.backprop.forward(weights, worker.own,
                                worker.other, count));
                        double error = prediction - worker.reader.target(records[k], lambda);
                        loss += error * error;
                    }
                    sliceLoss[s] = loss;
                }
                return null;
            });
        }
        runAll(tasks);
        double sum = 0;
        for (int s = 0; s < SLICES; s++) {
            sum += sliceLoss[s];
        }
        return sum / records.length;
    }

    private void runAll(List<Callable<Void>> tasks) {
        try {
            for (Future<Void> done : pool.invokeAll(tasks)) {
                done.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("training interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a training thread failed: " + e.getCause(), e.getCause());
        }
    }

    private void export(Path file) throws IOException {
        Quantisation.Result quantised = Quantisation.quantise(weights);
        if (quantised.clamped() > 0) {
            log.printf(Locale.ROOT, "nnue train: warning: %d values of %s outgrew int16 and were clamped%n",
                    quantised.clamped(), file.getFileName());
        }
        NetworkFile.write(file, quantised.network());
    }

    private void writeTable(List<EpochReport> reports) throws IOException {
        StringBuilder csv = new StringBuilder(EpochReport.CSV_HEADER).append('\n');
        double[] epochs = new double[reports.size()], train = new double[reports.size()],
                validation = new double[reports.size()];
        for (int i = 0; i < reports.size(); i++) {
            EpochReport r = reports.get(i);
            csv.append(r.csvLine()).append('\n');
            epochs[i] = r.epoch();
            train[i] = r.trainLoss();
            validation[i] = r.validationLoss();
        }
        StateFile.writeText(folder.resolve("training.csv"), csv);
        LossChart.save(String.format(Locale.ROOT, "NNUE 768->%dx2->%d, lambda %s: loss by epoch", plan.hidden(),
                plan.outputBuckets(), plan.lambda()), "mean squared error", epochs, train, validation, folder.resolve("loss.png"));
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
