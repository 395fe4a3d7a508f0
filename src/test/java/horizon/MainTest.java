package horizon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.io.CommandException;
import horizon.testing.PomVersion;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class MainTest {
    @Test
    void versionOptionPrintsThePomsVersion() throws IOException {
        assertArrayEquals(new String[] {"Horizon " + PomVersion.read()}, new Main.VersionProvider().getVersion());
    }

    @Test
    void everySubcommandAnswersHelpWithItsUsage() {
        CommandLine root = new CommandLine(Main.class);
        assertTrue(root.getSubcommands().size() >= 10, "the subcommands: " + root.getSubcommands().keySet());
        for (String name : root.getSubcommands().keySet()) {
            StringWriter out = new StringWriter();
            CommandLine fresh = new CommandLine(Main.class);
            fresh.setOut(new PrintWriter(out));
            int code = fresh.execute(name, "--help");
            assertEquals(0, code, name + " --help");
            assertTrue(out.toString().startsWith("Usage: horizon " + name), name + " --help printed:\n" + out);
        }
    }

    @Test
    void aBadOptionGetsOneLineAndExitCodeTwo() {
        StringWriter err = new StringWriter();
        CommandLine main = Main.commandLine();
        main.setErr(new PrintWriter(err, true));
        assertEquals(2, main.execute("datagen", "--games", "many", "--out", "x.bin"));
        assertEquals("datagen: Invalid value for option '--games': 'many' is not an int (see horizon datagen --help)",
                err.toString().strip());
    }

    @Test
    void nnueParameterErrorsAreOneLine() {
        horizon.testing.ConsoleCapture.Captured run = horizon.testing.ConsoleCapture.run(
                () -> Main.commandLine().execute("nnue", "train", "x.bin", "--out", "dir", "--epochs", "many"));
        assertEquals(2, run.exit());
        assertEquals("nnue train: Invalid value for option '--epochs': 'many' is not an int (see horizon nnue train "
                + "--help)", run.err().strip());
    }

    @Test
    void aCommandsRefusalIsOneLineNamedByTheCommandWithItsExitCode() {
        horizon.testing.ConsoleCapture.Captured perft = horizon.testing.ConsoleCapture.run(
                () -> Main.commandLine().execute("perft", "0"));
        assertEquals(2, perft.exit());
        assertEquals("perft: depth must be from 1 to 20\n", perft.err().replace("\r\n", "\n"));
        assertEquals("", perft.out());
        // A subcommand's subcommand is named by both words, as the user typed them.
        horizon.testing.ConsoleCapture.Captured show = horizon.testing.ConsoleCapture.run(
                () -> Main.commandLine().execute("book", "show", "none.bin", "not", "a", "fen"));
        assertEquals(2, show.exit());
        assertTrue(show.err().startsWith("book show: "), show.err());
        assertEquals(1, show.err().lines().count(), show.err());
        // The kind sets the exit code, and the handler answers on the command's own error stream.
        StringWriter err = new StringWriter();
        CommandLine failing = Main.commandLine(new Refusing(CommandException.failed("no engine to play")));
        failing.setErr(new PrintWriter(err, true));
        assertEquals(1, failing.execute());
        assertEquals("refusing: no engine to play", err.toString().strip());
    }

    @Test
    void anyOtherExceptionIsABugLeftToPicocli() {
        StringWriter err = new StringWriter();
        CommandLine broken = Main.commandLine(new Refusing(new IllegalStateException("a bug")));
        broken.setErr(new PrintWriter(err, true));
        assertEquals(1, broken.execute());
        assertTrue(err.toString().contains("java.lang.IllegalStateException: a bug")
                && err.toString().contains("\tat "), "a stack trace: " + err);
    }

    /** A command that throws what it is given. */
    @CommandLine.Command(name = "refusing")
    static final class Refusing implements java.util.concurrent.Callable<Integer> {
        private final RuntimeException thrown;

        Refusing(RuntimeException thrown) {
            this.thrown = thrown;
        }

        @Override
        public Integer call() {
            throw thrown;
        }
    }
}
