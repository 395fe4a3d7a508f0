package horizon.io;

/**
 * A command's refusal, in one line: a subcommand throws it with its reason, and the entry point
 * ({@code horizon.Main}) prints {@code command: reason} on stderr and exits with the kind's code, so that no
 * command prints its own errors or picks its own exit codes. Never thrown by the engine or the UCI loop: bad input
 * there is answered and the loop goes on.
 */
public final class CommandException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Why a command stopped; the exit code goes with it. */
    public enum Kind {
        /** A bad option value or a bad combination of options: picocli's own exit code for a usage error. */
        USAGE(2),
        /** A file that cannot be read, written or used, or data in it that the command cannot take. */
        INPUT(2),
        /** The arguments were good but the work could not be done: no engine, too little data, a match unfinished. */
        FAILED(1);

        private final int exitCode;

        Kind(int exitCode) {
            this.exitCode = exitCode;
        }
    }

    private final Kind kind;

    private CommandException(Kind kind, String reason, Throwable cause) {
        super(reason, cause);
        this.kind = kind;
    }

    /** A bad option value or combination, with its one-line reason. */
    public static CommandException usage(String reason) {
        return new CommandException(Kind.USAGE, reason, null);
    }

    /** An unusable file or its content, with its one-line reason. */
    public static CommandException input(String reason) {
        return new CommandException(Kind.INPUT, reason, null);
    }

    /** A failed file operation, in the one line {@link CommandErrors#describe} makes of it. */
    public static CommandException input(Exception cause) {
        return new CommandException(Kind.INPUT, CommandErrors.describe(cause), cause);
    }

    /** Work that could not be done although the arguments were good (exit code 1). */
    public static CommandException failed(String reason) {
        return new CommandException(Kind.FAILED, reason, null);
    }

    public Kind kind() {
        return kind;
    }

    /** The process's exit code for this refusal. */
    public int exitCode() {
        return kind.exitCode;
    }
}
