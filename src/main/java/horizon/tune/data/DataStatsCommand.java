package horizon.tune.data;

import horizon.io.CommandException;
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
                throw CommandException.input("cannot read " + file);
            }
        }
        for (Path file : files) {
            try {
                System.out.print(DataStats.read(file).report(file.toString()));
            } catch (IOException e) {
                throw CommandException.input(e);
            }
        }
        return 0;
    }
}
