package horizon.tune.fit;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code horizon nnue}: the network's tools, {@code train} and {@code check}. */
@Command(name = "nnue", description = "Train an NNUE network on binary training records, and check a quantised net.",
        subcommands = {NnueTrainCommand.class, NnueCheckCommand.class})
public final class NnueCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("nnue: give a subcommand, train or check (horizon nnue --help)");
        return 2;
    }

    /** An I/O failure as the one line a user needs: which file, and what is wrong with it. */
    static String describe(IOException e) {
        if (e instanceof NoSuchFileException f) {
            return f.getFile() + ": no such file or folder";
        }
        if (e instanceof AccessDeniedException f) {
            return f.getFile() + ": permission denied";
        }
        if (e instanceof FileAlreadyExistsException f) {
            return f.getFile() + ": exists and is not a folder";
        }
        if (e instanceof FileSystemException f) {
            return f.getFile() + ": " + (f.getReason() == null ? "cannot be used" : f.getReason());
        }
        return String.valueOf(e.getMessage());
    }
}
