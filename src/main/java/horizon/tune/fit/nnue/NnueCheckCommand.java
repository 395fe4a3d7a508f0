package horizon.tune.fit.nnue;

import horizon.board.Position;
import horizon.io.CommandException;
import horizon.nnue.Network;
import horizon.nnue.NetworkFile;
import horizon.tune.data.TrainingRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code horizon nnue check}: the quantised net against the float model it came from, on records of a data file,
 * through the engine's own path (the record as a position, {@link Network#evaluate}).
 */
@Command(name = "check", description = "Compare a quantised net's evaluations with the float model of a training "
        + "run's checkpoint, on records spread evenly over the data files.")
public final class NnueCheckCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "the run's work folder (its checkpoint.bin)")
    Path folder;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "DATA.bin", description = "records to evaluate")
    List<Path> files;

    @Option(names = "--net", paramLabel = "FILE", description = "the net to check (default: the checkpoint's "
            + "weights quantised, as final.nnue is written)")
    Path net;

    @Option(names = "--positions", description = "how many records (default: ${DEFAULT-VALUE})")
    int positions = 10_000;

    @Override
    public Integer call() {
        try {
            if (positions < 1) {
                throw new IllegalArgumentException("--positions must be at least 1, not " + positions);
            }
            FloatNetwork model = Checkpoint.read(folder.resolve(Checkpoint.FILE_NAME)).weights();
            Network quantised = net == null ? Quantisation.quantise(model).network() : NetworkFile.read(net);
            if (quantised.hidden() != model.hidden()) {
                throw new IllegalArgumentException(net + " has hidden width " + quantised.hidden()
                        + ", the checkpoint " + model.hidden());
            }
            TrainingData data = TrainingData.open(files);
            TrainingData.Reader reader = data.reader();
            int[] own = new int[TrainingRecord.MAX_PIECES], other = new int[TrainingRecord.MAX_PIECES];
            int count = Math.min(positions, data.size());
            EvalAgreement agreement = new EvalAgreement();
            double scoreDifference = 0;
            for (int k = 0; k < count; k++) {
                int record = (int) ((long) data.size() * k / count);
                int n = reader.features(record, own, other);
                int evaluation = quantised.evaluate(Position.fromFen(reader.fen(record)));
                agreement.add(model.output(own, other, n) * Network.SCALE, evaluation);
                scoreDifference += Math.abs(evaluation - reader.score(record));
            }
            System.out.println("nnue check: " + agreement);
            System.out.printf(Locale.ROOT, "nnue check: |quantised - record score| mean %.1f cp%n",
                    scoreDifference / count);
            return 0;
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(e.getMessage());
        } catch (IOException e) {
            throw CommandException.input(e);
        }
    }
}
