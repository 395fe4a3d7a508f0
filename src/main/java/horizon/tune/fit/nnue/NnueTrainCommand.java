package horizon.tune.fit.nnue;

import horizon.io.CommandException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code horizon nnue train}: the trainer's command line (docs/nnue-training.md). */
@Command(name = "train", description = {"Train a (768->N)x2->1 SCReLU network on 32-byte training records (bullet's "
        + "format). After every epoch the work folder gets a checkpoint, net-epochNN.nnue, training.csv and "
        + "loss.png; final.nnue at the end. The same command again resumes after the last finished epoch."})
public final class NnueTrainCommand implements Callable<Integer> {
    @Parameters(paramLabel = "DATA.bin", arity = "1..*", description = "training records, 32 bytes each")
    List<Path> files;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "work folder (made if missing)")
    Path out;

    @Option(names = "--hidden", description = "hidden width N, a multiple of 16 (default: ${DEFAULT-VALUE})")
    int hidden = 128;

    @Option(names = "--epochs", description = "passes over the training records (default: ${DEFAULT-VALUE})")
    int epochs = 30;

    @Option(names = "--batch", description = "positions per optimiser step (default: ${DEFAULT-VALUE})")
    int batch = 16384;

    @Option(names = "--lr", description = "AdamW learning rate at the start (default: ${DEFAULT-VALUE})")
    double learningRate = 0.001;

    @Option(names = "--lr-schedule", description = "'step' (x gamma every --lr-step epochs) or 'cosine' (down to "
            + "lr x gamma over --epochs) (default: ${DEFAULT-VALUE})")
    String schedule = LearningRateSchedule.STEP;

    @Option(names = "--lr-step", description = "epochs between the step schedule's drops (default: ${DEFAULT-VALUE})")
    int learningRateStep = 10;

    @Option(names = "--lr-gamma", description = "the step schedule's factor; the cosine's final share "
            + "(default: ${DEFAULT-VALUE})")
    double learningRateGamma = 0.3;

    @Option(names = "--lambda", description = "share of the search score in the target, the rest being the game "
            + "result (default: ${DEFAULT-VALUE})")
    float lambda = 0.75f;

    @Option(names = "--weight-decay", description = "AdamW's decoupled weight decay (default: ${DEFAULT-VALUE})")
    float weightDecay = 0.01f;

    @Option(names = "--validation", description = "held-out fraction: every round(1/f)-th record "
            + "(default: ${DEFAULT-VALUE})")
    double validation = 0.01;

    @Option(names = "--seed", description = "seeds the start weights and every epoch's shuffle "
            + "(default: ${DEFAULT-VALUE})")
    long seed = 1;

    @Option(names = "--threads", description = "worker threads; the result does not depend on them "
            + "(default: ${DEFAULT-VALUE}, the processors)")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--mirror", description = "train each record as itself or its mirror image (files a-h "
            + "swapped), drawn per record and epoch: more positions from the same data")
    boolean mirror;

    @Option(names = "--output-buckets", description = "output layers chosen by the number of pieces on the board: "
            + "1 (a single output) or, say, 8 (default: ${DEFAULT-VALUE})")
    int outputBuckets = 1;

    @Option(names = "--no-progress", description = "no progress bar (for logs)")
    boolean noProgress;

    @Override
    public Integer call() {
        try {
            TrainingPlan plan = new TrainingPlan(files, hidden, epochs, batch, lambda, weightDecay, validation, seed,
                    new LearningRateSchedule(schedule, learningRate, learningRateStep, learningRateGamma, epochs),
                    mirror, outputBuckets);
            TrainingData data = TrainingData.open(files);
            try (NnueTrainer trainer = new NnueTrainer(plan, data, out, threads, System.err, !noProgress)) {
                trainer.run();
            }
            System.err.println("nnue train: wrote " + out.resolve("final.nnue"));
            return 0;
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(e.getMessage());
        } catch (IOException e) {
            throw CommandException.input(e);
        }
    }
}
