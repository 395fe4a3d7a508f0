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

    /**
     * A parameter error (an unknown option, a value that is not a number) under {@code nnue} as one line on stderr
     * and exit code 2, instead of the error and the whole usage; other commands keep fallback's handling.
     */
    public static CommandLine.IParameterExceptionHandler oneLineErrors(
            CommandLine.IParameterExceptionHandler fallback) {
        return (error, args) -> {
            CommandLine command = error.getCommandLine();
            for (CommandLine c = command; c != null; c = c.getParent()) {
                if (c.getCommand() instanceof NnueCommand) {
                    String name = command.getCommandSpec().qualifiedName();
                    System.err.println(name.replaceFirst("^horizon ", "") + ": " + error.getMessage().trim()
                            + " (" + name + " --help lists the options)");
                    return 2;
                }
            }
            return fallback.handleParseException(error, args);
        };
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
