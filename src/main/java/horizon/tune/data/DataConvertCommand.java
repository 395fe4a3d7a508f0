package horizon.tune.data;

import horizon.io.CommandException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "dataconvert", description = "Labelled EPD positions (<FEN> ce 35; c9 \"1-0\";, from datagen or "
        + "relabel) to 32-byte training records; positions in check and mate scores are left out, malformed lines "
        + "counted and skipped.")
public final class DataConvertCommand implements Callable<Integer> {
    @Parameters(paramLabel = "IN.epd", arity = "1..*", description = "labelled EPD files")
    List<Path> inputs;

    @Option(names = "--out", required = true, paramLabel = "OUT.bin", description = "training data file (replaced)")
    Path out;

    @Override
    public Integer call() {
        for (Path input : inputs) {
            if (!Files.isRegularFile(input) || !Files.isReadable(input)) {
                throw CommandException.input("cannot read " + input);
            }
        }
        try {
            EpdConverter.Summary s = new EpdConverter(System.err).convert(inputs, out);
            System.out.printf("dataconvert: %d positions of %d lines written to %s; left out: %d in check, %d mate "
                            + "scores, %d malformed (%d blank or comment lines skipped); the noisy-move filter "
                            + "needs a best move, which EPD lacks%n", s.written(), s.lines(), out, s.inCheck(),
                    s.decisive(), s.malformed(), s.comments());
            return 0;
        } catch (IOException e) {
            throw CommandException.input(e);
        }
    }
}
