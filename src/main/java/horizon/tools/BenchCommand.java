package horizon.tools;

import horizon.engine.Bench;
import horizon.engine.Engine;
import horizon.eval.Weights;
import horizon.eval.WeightsFile;
import horizon.io.CommandException;
import horizon.nnue.Network;
import horizon.nnue.NetworkFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "bench", description = "Fixed-depth search of the bench positions; the last line (nodes, nps) is "
        + "what OpenBench reads, and the node count is the same on every machine.")
public final class BenchCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "DEPTH", description = "default: ${DEFAULT-VALUE}")
    int depth = Bench.DEFAULT_DEPTH;

    @Option(names = "--linear", description = "evaluate with the linear evaluation and its built-in weights (as "
            + "UseNNUE false), whatever plays by default: its own signature")
    boolean linear;

    @Option(names = "--weights", paramLabel = "FILE", description = "evaluate with this weights file (as EvalFile): "
            + "the linear evaluation with other weights, other nodes, and what that evaluation costs in nps")
    Path weightsFile;

    @Option(names = "--network", paramLabel = "FILE", arity = "0..1", fallbackValue = "",
            description = "evaluate with a network (as EvalFile with UseNNUE): this .nnue file, or the built-in one "
                    + "when no file is given")
    Path networkFile;

    @Override
    public Integer call() {
        if (networkFile != null && (linear || weightsFile != null)) {
            throw CommandException.usage("--network and " + (linear ? "--linear" : "--weights") + " name two "
                    + "evaluations; give one");
        }
        // As the engine plays by default, unless an option names the evaluation.
        Network network = linear || weightsFile != null || !Engine.NETWORK_BY_DEFAULT ? null : Network.builtIn();
        if (networkFile != null) {
            try {
                network = networkFile.toString().isEmpty() ? Network.builtIn() : NetworkFile.read(networkFile);
            } catch (IOException | IllegalArgumentException e) {
                throw CommandException.input(networkFile + ": " + e.getMessage());
            }
            if (network == null) {
                throw CommandException.usage("this build has no built-in network; give --network FILE");
            }
        }
        Weights weights = Weights.builtIn();
        if (weightsFile != null) {
            try {
                weights = WeightsFile.read(weightsFile);
            } catch (IllegalArgumentException e) {
                throw CommandException.input(weightsFile + ": " + e.getMessage());
            }
        }
        // Bench runs on a searcher and table of its own: an Engine around it would only allocate a second table.
        Bench.Result result = Bench.run(depth, weights, network,
                (i, fen, nodes) -> System.out.println(Bench.describe(i, fen, nodes)));
        System.out.println(result.timing());
        System.out.println(result);
        return 0;
    }
}
