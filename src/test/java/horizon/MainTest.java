package horizon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
