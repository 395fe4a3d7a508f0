package horizon.tune.fit.nnue;

import horizon.io.CommandException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code horizon nnue}: the network's tools, {@code train} and {@code check}. */
@Command(name = "nnue", description = "Train an NNUE network on binary training records, and check a quantised net.",
        subcommands = {NnueTrainCommand.class, NnueCheckCommand.class})
public final class NnueCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw CommandException.usage("give a subcommand, train or check (horizon nnue --help)");
    }
}
