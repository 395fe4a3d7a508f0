package horizon.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * One line for a user out of a failed file operation: a command answers an unreadable or unwritable file with it
 * ({@link CommandException#input(Exception)}), never with a stack trace.
 */
public final class CommandErrors {
    private CommandErrors() {
    }

    /** What went wrong, in one line: Java's exception messages name the path but not always the problem. */
    public static String describe(Exception e) {
        if (e instanceof NoSuchFileException n) {
            return n.getFile() + ": no such file or directory";
        }
        if (e instanceof AccessDeniedException a) {
            return a.getFile() + ": permission denied";
        }
        if (e instanceof FileAlreadyExistsException x) {
            return x.getFile() + ": exists and is not a folder";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getFile() + ": " + f.getReason();
        }
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            message = e instanceof IOException ? "input/output error" : e.getClass().getSimpleName();
        }
        return message.lines().findFirst().orElse(message);
    }
}
