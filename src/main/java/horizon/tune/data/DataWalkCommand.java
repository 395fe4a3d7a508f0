package horizon.tune.data;

import horizon.eval.Weights;
import horizon.eval.WeightsFile;
import horizon.io.CommandException;
import horizon.io.ProgressBars;
import horizon.nnue.Network;
import horizon.nnue.NetworkFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "datawalk", description = {"More positions for a network from training records: short random walks "
        + "from every record, the quiet positions reached labelled with the linear evaluation's score, or with a "
        + "search's (--nodes), by a network's with --network (result: a draw, so train them with --lambda 1). "
        + "Reproducible by seed on any thread count; a run that was stopped is continued by the same command "
        + "(OUT.progress) (docs/nnue-data.md)."})
public final class DataWalkCommand implements Callable<Integer> {
    @Parameters(paramLabel = "IN.bin", arity = "1..*", description = "training records to walk from")
    List<Path> inputs;

    @Option(names = "--out", required = true, paramLabel = "OUT.bin", description = "records written (replaced by "
            + "a new run; a run that OUT.progress describes is continued)")
    Path out;

    @Option(names = "--walks", description = "walks from each record (default: ${DEFAULT-VALUE})")
    int walks = 8;

    @Option(names = "--plies", description = "a walk is 1 to this many random moves (default: ${DEFAULT-VALUE})")
    int plies = 4;

    @Option(names = "--seed", description = "seeds every record's walks (default: ${DEFAULT-VALUE})")
    long seed = 1;

    @Option(names = "--nodes", description = "label by a search of this many nodes (soft; hard 8x) instead of the "
            + "static evaluation; 0: the static evaluation (default: ${DEFAULT-VALUE})")
    long nodes;

    @Option(names = "--weights", description = "label with this weights file instead of the built-in one")
    Path weights;

    @Option(names = "--network", paramLabel = "NET", description = "judge and label with this network (.nnue) "
            + "instead of the linear evaluation, so that the last net labels the next net's data")
    Path networkFile;

    @Option(names = "--threads", description = "worker threads (default: ${DEFAULT-VALUE}, the processors)")
    int threads = Runtime.getRuntime().availableProcessors();

    @Override
    public Integer call() {
        long records = 0;
        for (Path input : inputs) {
            if (!Files.isRegularFile(input) || !Files.isReadable(input)) {
                throw CommandException.input("cannot read " + input);
            }
            if (input.toAbsolutePath().normalize().equals(out.toAbsolutePath().normalize())) {
                throw CommandException.usage("--out " + out + " is one of the inputs");
            }
            try {
                records += Files.size(input) / TrainingRecord.BYTES;
            } catch (IOException e) {
                throw CommandException.input(e);
            }
        }
        Weights labels = Weights.builtIn();
        if (weights != null) {
            try {
                labels = WeightsFile.read(weights);
            } catch (IllegalArgumentException e) {
                throw CommandException.input(weights + ": " + e.getMessage());
            }
        }
        Network network = null;
        if (networkFile != null) {
            try {
                network = NetworkFile.read(networkFile);
            } catch (IllegalArgumentException e) {
                throw CommandException.input(networkFile + ": " + e.getMessage());
            } catch (IOException e) {
                throw CommandException.input(e);
            }
        }
        String evaluation = network != null ? "network " + networkFile.getFileName() + " (" + network.architecture()
                + ")" : "weights " + (weights == null ? "built-in" : weights.getFileName().toString());
        try {
            WalkLabeller labeller = new WalkLabeller(labels, network, walks, plies, seed, nodes);
            WalkLabeller.Summary s;
            try (ProgressBar bar = ProgressBars.onStderr("datawalk", records)) {
                s = labeller.run(inputs, out, evaluation, threads, bar::stepBy, System.err);
            }
            System.out.printf("datawalk: %,d records written to %s from %,d walks of %,d source records (%.1f %% "
                    + "quiet)%n", s.written(), out, s.walks(), s.sources(),
                    100.0 * s.written() / Math.max(1, s.walks()));
            return 0;
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(e.getMessage());
        } catch (IOException e) {
            throw CommandException.input(e);
        }
    }
}
