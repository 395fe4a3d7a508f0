package horizon.tune.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "datastats", description = "What a file of 32-byte training records (datagen --format bin, "
        + "dataconvert) holds: positions, results and scores from the side to move's view, game phases, pieces, "
        + "and any records that are not valid.")
public final class DataStatsCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE.bin", arity = "1..*", description = "training data files")
    List<Path> files;

    @Override
    public Integer call() {
        for (Path file : files) {
            if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
                System.err.println("datastats: cannot read " + file);
                return CommandErrors.USAGE;
            }
        }
        for (Path file : files) {
            try {
                System.out.print(DataStats.read(file).report(file.toString()));
            } catch (IOException e) {
                System.err.println("datastats: " + CommandErrors.describe(e));
                return CommandErrors.USAGE;
            }
        }
        return 0;
    }
}
