package horizon.tune.data;

import horizon.io.CommandException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "relabel", description = "Scores every position of a labelled EPD file again with a UCI engine "
        + "(Stockfish by default) at a fixed node count, replacing its ce and keeping its game result; the same "
        + "command goes on after a run that was stopped (OUT.plan says how OUT is made).")
public final class RelabelCommand implements Callable<Integer> {
    @Parameters(paramLabel = "IN.epd", description = "labelled positions (datagen's output, or any EPD)")
    Path in;

    @Option(names = "--out", required = true, description = "output EPD file, one line per input line (dropped "
            + "positions become # comments, which tune skips)")
    Path out;

    @Option(names = "--engine", description = "the judge: a UCI engine command, or 'stockfish' (found on the PATH "
            + "or in /usr/games) (default: ${DEFAULT-VALUE})")
    String engine = "stockfish";

    @Option(names = {"--nodes", "--engine-nodes"}, description = "nodes per position (default: ${DEFAULT-VALUE})")
    long nodes = 5000;

    @Option(names = "--hash", description = "the judge's hash table, MB (default: ${DEFAULT-VALUE})")
    int hashMb = 16;

    @Option(names = "--threads", description = "judges running at once (default: ${DEFAULT-VALUE})")
    int threads = 1;

    @Option(names = "--chunk", description = "consecutive lines one judge scores from a cleared start; the scores "
            + "depend on it, not on --threads (default: ${DEFAULT-VALUE})")
    int chunk = 100;

    @Option(names = "--resume", description = "go on after the whole chunks of an OUT that has no OUT.plan (made "
            + "by an older version); one with its plan goes on without it")
    boolean resume;

    @Override
    public Integer call() throws Exception {
        if (!Files.isReadable(in)) {
            throw CommandException.input("cannot read " + in);
        }
        if (nodes < 1 || threads < 1 || hashMb < 1 || chunk < 1) {
            throw CommandException.usage("--nodes, --threads, --hash and --chunk take positive numbers");
        }
        Relabeller.Options options = new Relabeller.Options();
        options.in = in;
        options.out = out;
        options.nodes = nodes;
        options.hashMb = hashMb;
        options.threads = threads;
        options.chunk = chunk;
        options.resume = resume;
        options.engine = horizon.io.UciEngineProcess.command(engine);
        if (options.engine == null) {
            throw CommandException.failed("no Stockfish found (apt-get install stockfish, or --engine COMMAND)");
        }
        try {
            new Relabeller(options).run(System.err);
            return 0;
        } catch (IOException | IllegalArgumentException e) {
            throw CommandException.input(e);
        }
    }
}
