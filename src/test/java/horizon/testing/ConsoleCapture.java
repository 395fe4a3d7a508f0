package horizon.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

/**
 * Runs a command-line entry point with {@code System.out} and {@code System.err} captured, and puts both back
 * afterwards whatever happens: the subcommands print to the console, and a test reads what a user would see.
 */
public final class ConsoleCapture {
    /** What the command returned (its exit code) and what it printed on each stream. */
    public record Captured(int exit, String out, String err) {
        /** Both streams, for an assertion's message. */
        public String both() {
            return out + err;
        }
    }

    private ConsoleCapture() {
    }

    public static Captured run(Callable<Integer> command) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        int exit;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            exit = command.call();
        } catch (Exception e) {
            throw new AssertionError("the command threw instead of returning an exit code", e);
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
        return new Captured(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
