package horizon.tune.fit.nnue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.io.RunLock;
import horizon.testing.ConsoleCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code horizon nnue train} and {@code check} from the command line: a run, its resumption, and every kind of bad
 * input (a damaged checkpoint, another plan, a bad file, a bad option) answered with one line on stderr and exit
 * code 2, never a stack trace.
 */
class NnueCommandTest {
    @TempDir
    static Path folder;
    private static Path data;

    @BeforeAll
    static void writeData() throws IOException {
        data = RandomPlayouts.write(folder.resolve("data.bin"), 2000, 5, pos -> 80 * RandomPlayouts.materialBalance(pos));
    }

    private static ConsoleCapture.Captured nnue(String... args) {
        String[] command = new String[args.length + 1];
        command[0] = "nnue";
        System.arraycopy(args, 0, command, 1, args.length);
        return ConsoleCapture.run(() -> horizon.Main.commandLine().execute(command));
    }

    private static ConsoleCapture.Captured train(Path out, String... options) {
        List<String> args = new ArrayList<>(List.of("train", data.toString(), "--out", out.toString(),
                "--hidden", "16", "--batch", "128", "--no-progress", "--threads", "2"));
        args.addAll(Arrays.asList(options));
        return nnue(args.toArray(new String[0]));
    }

    /** train with only the data and the folder, plus options. */
    private static ConsoleCapture.Captured bare(Path out, String... options) {
        List<String> args = new ArrayList<>(List.of("train", data.toString(), "--out", out.toString()));
        args.addAll(Arrays.asList(options));
        return nnue(args.toArray(new String[0]));
    }

    /** Exit code 2 and a single line on stderr that contains expected. */
    private static void assertOneLineError(ConsoleCapture.Captured run, String expected) {
        assertEquals(2, run.exit(), run.both());
        String[] lines = run.err().strip().split("\n");
        assertEquals(1, lines.length, "one line: " + run.err());
        assertTrue(lines[0].contains(expected), "'" + expected + "' in: " + lines[0]);
        assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), run.err());
    }

    private static Path trainedFolder(String name) {
        Path out = folder.resolve(name);
        ConsoleCapture.Captured run = train(out, "--epochs", "1");
        assertEquals(0, run.exit(), run.both());
        return out;
    }

    @Test
    void trainsResumesAndChecks() throws IOException {
        Path out = folder.resolve("run");
        ConsoleCapture.Captured first = train(out, "--epochs", "1");
        assertEquals(0, first.exit(), first.both());
        assertTrue(first.err().contains("epoch   1  train loss"), first.err());
        ConsoleCapture.Captured second = train(out, "--epochs", "2");
        assertEquals(0, second.exit(), second.both());
        assertTrue(second.err().contains("resuming after epoch 1"), second.err());
        assertTrue(second.err().contains("epoch   2  train loss") && !second.err().contains("epoch   1  train"),
                second.err());
        for (String file : List.of("checkpoint.bin", "net-epoch01.nnue", "net-epoch02.nnue", "final.nnue",
                "training.csv", "loss.png")) {
            assertTrue(Files.exists(out.resolve(file)), file);
        }
        ConsoleCapture.Captured check = nnue("check", out.toString(), data.toString(), "--positions", "300");
        assertEquals(0, check.exit(), check.both());
        assertTrue(check.out().contains("300 positions: |float - quantised| mean"), check.out());
    }

    @Test
    void theSameCommandTwiceResumesAndFindsNothingLeftToDo() throws IOException {
        Path out = trainedFolder("twice");
        byte[] checkpoint = Files.readAllBytes(out.resolve("checkpoint.bin"));
        ConsoleCapture.Captured again = train(out, "--epochs", "1");
        assertEquals(0, again.exit(), again.both());
        assertTrue(again.err().contains("resuming after epoch 1") && again.err().contains("nothing to do"),
                again.err());
        assertTrue(Arrays.equals(checkpoint, Files.readAllBytes(out.resolve("checkpoint.bin"))));
        assertFalse(Files.exists(RunLock.inFolder(out)), "a run that ended leaves no lock");
    }

    @Test
    void aSecondRunOnTheFolderIsOneLineWithThePidOfTheFirst() throws IOException {
        Path out = folder.resolve("busy");
        try (RunLock first = RunLock.forFolder(out, "nnue train", System.err)) {
            assertOneLineError(train(out, "--epochs", "1"), "is held by a run still going, pid "
                    + ProcessHandle.current().pid() + " (nnue train, started ");
        }
        assertFalse(Files.exists(out.resolve("checkpoint.bin")), "the refused run wrote nothing");
    }

    @Test
    void garbageCheckpointIsOneLine() throws IOException {
        Path out = Files.createDirectories(folder.resolve("garbage"));
        Files.write(out.resolve("checkpoint.bin"), "this is not a checkpoint at all".getBytes());
        assertOneLineError(train(out, "--epochs", "1"), "not a training checkpoint");
        byte[] garbage = new byte[100_000];
        new java.util.SplittableRandom(92).nextBytes(garbage);
        System.arraycopy(Checkpoint.MAGIC, 0, garbage, 0, 4); // past the header: the lengths and checksum catch it
        Files.write(out.resolve("checkpoint.bin"), garbage);
        ConsoleCapture.Captured run = train(out, "--epochs", "1");
        assertEquals(2, run.exit(), run.both());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(Arrays.equals(garbage, Files.readAllBytes(out.resolve("checkpoint.bin"))), "left as it was");
    }

    @Test
    void truncatedCheckpointIsOneLine() throws IOException {
        Path checkpoint = trainedFolder("truncated").resolve("checkpoint.bin");
        byte[] bytes = Files.readAllBytes(checkpoint);
        Files.write(checkpoint, Arrays.copyOf(bytes, bytes.length / 2));
        assertOneLineError(train(checkpoint.getParent(), "--epochs", "2"), "truncated");
        Files.write(checkpoint, Arrays.copyOf(bytes, 30));
        assertOneLineError(train(checkpoint.getParent(), "--epochs", "2"), "truncated");
    }

    @Test
    void damagedCheckpointIsOneLine() throws IOException {
        Path checkpoint = trainedFolder("damaged").resolve("checkpoint.bin");
        byte[] bytes = Files.readAllBytes(checkpoint);
        bytes[bytes.length - 1000] ^= 0x10;
        Files.write(checkpoint, bytes);
        assertOneLineError(train(checkpoint.getParent(), "--epochs", "2"), "checksum mismatch");
        assertOneLineError(nnue("check", checkpoint.getParent().toString(), data.toString()), "checksum mismatch");
    }

    @Test
    void anotherPlanIsOneLineNamingTheField() {
        Path out = trainedFolder("plan");
        assertOneLineError(train(out, "--epochs", "2", "--lambda", "0.5"), "--lambda differs");
        assertOneLineError(train(out, "--epochs", "2", "--seed", "9"), "--seed differs");
    }

    @Test
    void badArgumentsAreOneLine() throws IOException {
        Path out = folder.resolve("bad");
        assertOneLineError(bare(out, "--hidden", "100"), "--hidden must be a multiple of 16");
        assertOneLineError(bare(out, "--lambda", "1.5"), "--lambda must be in [0, 1]");
        assertOneLineError(bare(out, "--lr-schedule", "linear"), "--lr-schedule must be 'step' or 'cosine'");
        assertOneLineError(bare(out, "--threads", "0"), "--threads must be at least 1");
        assertOneLineError(bare(out, "--epochs", "many"), "'many' is not an int");
        assertOneLineError(bare(out, "--no-such-option"), "Unknown option");
        assertOneLineError(nnue("train", folder.resolve("missing.bin").toString(), "--out", out.toString()),
                "missing.bin: no such file");
        Path odd = Files.write(folder.resolve("odd.bin"), new byte[33]);
        assertOneLineError(nnue("train", odd.toString(), "--out", out.toString()), "not a whole, non-zero number");
        Path file = Files.write(folder.resolve("a-file"), new byte[1]);
        assertOneLineError(bare(file), "a-file");
        assertOneLineError(nnue("check", folder.resolve("nowhere").toString(), data.toString()), "no such file");
        assertOneLineError(nnue(), "give a subcommand");
    }
}
