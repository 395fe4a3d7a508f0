package horizon.tune.fit.texel;

import horizon.eval.Weights;
import horizon.eval.WeightsFile;
import horizon.io.CommandException;
import horizon.io.ProgressBars;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "tune", description = "Texel tuning of the evaluation weights on labelled EPD files.")
public final class TuneCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE.epd", arity = "1..*", description = "labelled positions (c9 \"1-0\"; or [1.0])")
    List<Path> files;

    @Option(names = "--out", required = true, description = "weights file to write (the loss curve goes to OUT.csv)")
    Path out;

    @Option(names = "--start", description = "weights to start from: 'classic', 'default' or a file "
            + "(default: ${DEFAULT-VALUE})")
    String start = "classic";

    @Option(names = "--name", description = "name of the new weight set (default: ${DEFAULT-VALUE})")
    String name = "tuned";

    @Option(names = "--threads", description = "default: ${DEFAULT-VALUE}")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--validation", description = "held-out fraction (default: ${DEFAULT-VALUE})")
    double validation = 0.1;

    @Option(names = "--epochs", description = "at most this many epochs (default: ${DEFAULT-VALUE})")
    int epochs = 300;

    @Option(names = "--lr", description = "Adam learning rate, centipawns (default: ${DEFAULT-VALUE})")
    double learningRate = 1.0;

    @Option(names = "--batch", description = "positions per Adam step (default: ${DEFAULT-VALUE})")
    int batch = 16384;

    @Option(names = "--patience", description = "stop after this many epochs without validation gain "
            + "(default: ${DEFAULT-VALUE})")
    int patience = 15;

    @Option(names = "--min-count", description = "parameters seen in fewer positions keep their start value "
            + "(default: ${DEFAULT-VALUE})")
    int minCount = 200;

    @Option(names = "--l2", description = "ridge penalty toward the start weights (default: ${DEFAULT-VALUE})")
    double l2 = 0;

    @Option(names = "--prior", description = "pull every weight toward its start value as strongly as this many "
            + "positions that show its feature: rare weights stay near the start, common ones follow the data "
            + "(default: ${DEFAULT-VALUE}, none)")
    double priorPositions = 0;

    @Option(names = "--lr-decay", description = "multiply the learning rate by this after each epoch, so the "
            + "weights come to rest (default: ${DEFAULT-VALUE}, constant)")
    double learningRateDecay = 1;

    @Option(names = "--pawn", description = "scale the result so a pawn is worth this many cp (default: ${DEFAULT-VALUE})")
    double pawnValue = 100;

    @Option(names = "--lambda", description = "share of the game result in the target, the rest being the "
            + "player's score (ce) as a win probability (default: ${DEFAULT-VALUE})")
    double lambda = 1;

    @Option(names = "--terms", split = ",", description = "fit only these blocks (e.g. material,pst); the others "
            + "keep their starting values (default: all)")
    List<String> terms;

    @Option(names = "--validation-files", arity = "1..*", description = "held-out positions from other games "
            + "(default: a random --validation share of the training files)")
    List<Path> validationFiles;

    @Option(names = "--loss", description = "error to minimise: 'squared' (Texel's) or 'log' (cross-entropy, which "
            + "weighs decisive positions as much as balanced ones) or 'cp' (centipawns against the player's score, no "
            + "sigmoid; --lambda 0) (default: ${DEFAULT-VALUE})")
    String loss = "squared";

    @Option(names = "--sample", description = "keep this share of the positions, chosen at random (seeded) "
            + "(default: ${DEFAULT-VALUE})")
    double sample = 1.0;

    static final int MIN_POSITIONS = 100;

    @Override
    public Integer call() throws Exception {
        long began = System.nanoTime();
        TexelTuner.Loss chosenLoss = TexelTuner.Loss.named(loss);
        if (chosenLoss == null) {
            throw CommandException.usage("unknown --loss '" + loss + "' (squared, log or cp): not tuned");
        }
        if (chosenLoss == TexelTuner.Loss.CENTIPAWN && lambda != 0) {
            throw CommandException.usage("--loss cp fits the player's scores alone: give --lambda 0");
        }
        Weights initial;
        try {
            initial = start.equals("classic") ? Weights.CLASSIC : start.equals("default") ? Weights.builtIn()
                    : WeightsFile.read(Path.of(start));
        } catch (IllegalArgumentException e) {
            throw CommandException.input("--start " + start + ": " + e.getMessage() + ": not tuned");
        }
        TrainingSet all = TrainingSet.read(files, initial, sample, 20261124L, System.err);
        if (all.size() < MIN_POSITIONS) {
            throw CommandException.failed("only " + all.size() + " usable labelled positions in " + files
                    + "; need at least " + MIN_POSITIONS + " to fit anything: not tuned");
        }
        // Held-out games of their own (positions of one game are alike, so a random split flatters), or a split.
        TrainingSet[] split = validationFiles == null ? all.split(validation, 20261122L)
                : new TrainingSet[] {all, TrainingSet.read(validationFiles, initial, System.err)};
        System.err.printf("tune: %d positions (%d train, %d validation) from %s%n", all.size(), split[0].size(),
                split[1].size(), files);
        if (chosenLoss == TexelTuner.Loss.CENTIPAWN && (!split[0].allScored() || !split[1].allScored())) {
            throw CommandException.input("--loss cp needs the player's score (ce) on every position; some have only "
                    + "a result: not tuned");
        }
        TexelTuner.Options options = new TexelTuner.Options();
        options.epochs = epochs;
        options.learningRate = learningRate;
        options.batchSize = batch;
        options.patience = patience;
        options.minCount = minCount;
        options.pawnValue = pawnValue;
        options.l2 = l2;
        options.priorPositions = priorPositions;
        options.learningRateDecay = learningRateDecay;
        options.lambda = lambda;
        options.loss = chosenLoss;
        if (terms != null) {
            options.terms = EnumSet.noneOf(horizon.eval.Term.class);
            for (String name : terms) {
                options.terms.add(horizon.eval.Term.valueOf(name.trim().toUpperCase(Locale.ROOT)));
            }
        }
        try (TexelTuner tuner = new TexelTuner(split[0], split[1], threads);
             ProgressBar bar = ProgressBars.onStderr("tune", epochs)) {
            options.onEpoch = epoch -> {
                bar.stepTo(epoch.epoch);
                bar.setExtraMessage(String.format("train %.6f, validation %.6f", epoch.trainLoss,
                        epoch.validationLoss));
            };
            double[] initialParams = TrainingSet.toParameters(initial);
            // Each report starts at the line's start and blanks the rest, so it overwrites the bar's last drawing.
            double[] tuned = tuner.tune(initialParams, options,
                    line -> System.err.println("\r" + line + " ".repeat(Math.max(0, 100 - line.length()))));
            bar.maxHint(tuner.curve().size() - 1);
            double k = tuner.k();
            // Losses are unchanged by the final rescaling: K was scaled with the weights.
            double trainBefore = tuner.curve().get(0).trainLoss, validationBefore = tuner.curve().get(0).validationLoss;
            double trainAfter = tuner.loss(split[0], tuned, k), validationAfter = tuner.loss(split[1], tuned, k);
            double minutes = (System.nanoTime() - began) / 60e9;
            // The data by file name and SHA-256, never by its path: the header then identifies the data without
            // naming the disk it was on.
            List<String> provenance = new ArrayList<>();
            provenance.add("tuned by: horizon tune " + String.join(" ", fileNames(files)));
            for (Path file : dataFiles()) {
                provenance.add("sha256 " + sha256(file) + "  " + file.getFileName());
            }
            provenance.addAll(Arrays.asList(
                    String.format("positions: %d train, %d validation%s; sample %s; start: %s", split[0].size(),
                            split[1].size(), validationFiles == null ? "" : " from " + fileNames(validationFiles),
                            sample, initial.name),
                    String.format("K = %.6f (pawn = %.0f cp); train loss %.6f -> %.6f; validation loss %.6f -> %.6f",
                            k, pawnValue, trainBefore, trainAfter, validationBefore, validationAfter),
                    String.format("epochs %d, lr %.2f, lr-decay %s, batch %d, min-count %d, l2 %s, prior %s, "
                            + "lambda %s, loss %s, terms %s; %.1f min",
                            tuner.curve().size() - 1, learningRate, learningRateDecay, batch, minCount, l2,
                            priorPositions, lambda, loss,
                            terms == null ? "all" : String.join(",", terms), minutes)));
            Files.writeString(out, WeightsFile.format(TrainingSet.toWeights(tuned, name), provenance));
            try (PrintWriter csv = new PrintWriter(Files.newBufferedWriter(Path.of(out + ".csv"),
                    StandardCharsets.UTF_8))) {
                csv.println("epoch,train_loss,validation_loss,seconds");
                for (TexelTuner.Epoch e : tuner.curve()) {
                    csv.printf("%d,%.8f,%.8f,%.2f%n", e.epoch, e.trainLoss, e.validationLoss, e.seconds);
                }
            }
            WeightsPlots.lossCurve(tuner.curve(), name + ": loss by epoch", Path.of(out + ".loss.png"));
            WeightsPlots.pieceSquareHeatMaps(TrainingSet.toWeights(tuned, name), name + " piece-square tables",
                    Path.of(out + ".pst.png"));
            WeightsPlots.termCharts(TrainingSet.toWeights(tuned, name), name + " terms", Path.of(out + ".terms.png"));
            provenance.forEach(line -> System.err.println("tune: " + line));
            System.err.println("tune: wrote " + out + ", " + out + ".csv, " + out + ".loss.png, " + out
                    + ".pst.png and " + out + ".terms.png");
        }
        return 0;
    }

    /** The files' names without their folders. */
    static List<String> fileNames(List<Path> paths) {
        List<String> names = new ArrayList<>();
        for (Path p : paths) {
            names.add(p.getFileName().toString());
        }
        return names;
    }

    /** The training files, then the validation files, each once. */
    private List<Path> dataFiles() {
        Set<Path> all = new LinkedHashSet<>(files);
        if (validationFiles != null) {
            all.addAll(validationFiles);
        }
        return new ArrayList<>(all);
    }

    /** The file's SHA-256 in lower-case hex, as sha256sum prints it. */
    static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            int n;
            while ((n = in.read(buffer)) > 0) {
                md.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
