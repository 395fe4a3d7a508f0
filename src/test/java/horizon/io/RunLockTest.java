package horizon.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lock every long command takes on its folder: a second run is refused with the first one's pid, from this
 * process and from another; a run killed with -9 leaves its children running, and the next run ends them as it
 * takes the lock over; a run that ends cleanly leaves nothing behind.
 */
class RunLockTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    /** Processes a test started, directly or through a holder: ended after the test, whatever it asserted. */
    private final List<ProcessHandle> started = new ArrayList<>();
    private final List<ProcessGroup.Leader> groups = new ArrayList<>();

    @AfterEach
    void endTheProcessesTheTestStarted() {
        for (ProcessGroup.Leader leader : groups) {
            ProcessGroup.end(leader, 0);
        }
        for (ProcessHandle process : started) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    private PrintStream logStream() {
        return new PrintStream(log, true, StandardCharsets.UTF_8);
    }

    /**
     * A run in a JVM of its own: claims the folder given, starts a stand-in for fastchess whose two engines would
     * outlive it, prints "ready" and waits to be killed; with "try", only claims and reports.
     */
    public static final class Holder {
        public static void main(String[] args) throws Exception {
            try {
                RunLock lock = RunLock.forFolder(Path.of(args[0]), "holder", System.out);
                if (args.length > 1 && args[1].equals("try")) {
                    System.out.println("claimed");
                    lock.close();
                    return;
                }
                lock.start(new ProcessBuilder("sh", "-c", "sleep 300 & sleep 300 & wait"));
                System.out.println("ready");
                Thread.sleep(300_000);
            } catch (IllegalArgumentException e) {
                System.out.println("refused: " + e.getMessage());
            }
        }
    }

    private Process holder(Path folder, String... more) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), Holder.class.getName(),
                folder.toString()));
        command.addAll(List.of(more));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        started.add(p.toHandle());
        return p;
    }

    private static String firstLine(Process p) throws IOException {
        return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
    }

    @Test
    void aSecondRunOnTheFolderIsRefusedWithThePidOfTheFirst() throws Exception {
        Path work = dir.resolve("work"), lockFile = RunLock.inFolder(work);
        long self = ProcessHandle.current().pid();
        try (RunLock first = RunLock.forFolder(work, "spsa", logStream())) {
            assertTrue(first.text().contains("pid " + self + "\n"), first.text());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> RunLock.forFolder(work, "spsa", logStream()));
            assertTrue(e.getMessage().contains("held by a run still going, pid " + self), e.getMessage());

            // From another process: the operating system's lock, and the pid read from the file.
            Process other = holder(work, "try");
            String answer = firstLine(other);
            assertTrue(other.waitFor(60, TimeUnit.SECONDS));
            assertTrue(answer != null && answer.startsWith("refused: ") && answer.contains("pid " + self + " (spsa"),
                    answer);
            assertTrue(Files.exists(lockFile), "the refused run left the holder's lock alone");
        }
        assertFalse(Files.exists(lockFile), "a clean end removes the lock file");
        assertFalse(Files.exists(dir.resolve("work")), "and the folder it made, left empty");

        // Free again: another process claims it.
        Process other = holder(work, "try");
        assertEquals("claimed", firstLine(other));
        assertTrue(other.waitFor(60, TimeUnit.SECONDS));
    }

    @Test
    void aRunKilledWithNineLeavesItsChildrenToTheNextRunWhichEndsThem() throws Exception {
        Path lockFile = RunLock.inFolder(dir);
        Process run = holder(dir);
        assertEquals("ready", firstLine(run));
        ProcessGroup.Leader standIn = recordedGroups(Files.readString(lockFile)).get(0); // another process's
        groups.add(standIn);
        List<ProcessHandle> children = ProcessGroup.members(standIn);
        assertEquals(3, children.size(), "the stand-in and its two engines: " + children);

        run.destroyForcibly(); // kill -9: no shutdown hook runs
        assertTrue(run.waitFor(30, TimeUnit.SECONDS));
        Thread.sleep(200);
        assertTrue(children.stream().allMatch(ProcessHandle::isAlive), "the children outlive their driver");

        try (RunLock next = RunLock.forFolder(dir, "spsa", logStream())) {
            String said = log.toString(StandardCharsets.UTF_8);
            assertTrue(said.contains("took over " + lockFile + " from pid " + run.pid() + " (holder, started ")
                    && said.contains("ended 3 processes it left running"), said);
            for (ProcessHandle child : children) {
                child.onExit().get(10, TimeUnit.SECONDS);
            }
            assertTrue(next.text().contains("pid " + ProcessHandle.current().pid() + "\n"), next.text());
            assertFalse(next.text().contains("group "), "the dead run's groups are gone from the file");
        }
    }

    @Test
    void aRunEndsItsChildrenWhenItEndsAndAPidOfAnotherProcessIsNeverTouched() throws Exception {
        assertEquals(dir.resolve("data.bin.lock"), RunLock.besideFile(dir.resolve("data.bin")));
        assertThrows(java.nio.file.NoSuchFileException.class,
                () -> RunLock.forOutput(dir.resolve("missing").resolve("data.bin"), "datagen", logStream()));
        List<ProcessHandle> children;
        try (RunLock lock = RunLock.forOutput(dir.resolve("data.bin"), "datagen", logStream())) {
            Process p = lock.start(new ProcessBuilder("sh", "-c", "sleep 300 & wait"));
            started.add(p.toHandle());
            ProcessGroup.Leader leader = recordedGroups(lock.text()).get(0);
            assertEquals(p.pid(), leader.pid());
            assertTrue(leader.ownGroup(), "started through setsid, the leader of its group");
            assertEquals(p.pid(), ProcessGroup.groupOf(p.pid()));
            children = ProcessGroup.members(leader);
            for (long deadline = System.currentTimeMillis() + 10_000; children.size() < 2
                    && System.currentTimeMillis() < deadline; Thread.sleep(20)) {
                children = ProcessGroup.members(leader); // the shell starts its sleep a moment after it starts
            }
            assertEquals(2, children.size(), children.toString());
        }
        for (ProcessHandle child : children) {
            child.onExit().get(10, TimeUnit.SECONDS);
        }
        // A recorded leader whose pid now names a process started later (this one) is left alone.
        ProcessHandle self = ProcessHandle.current();
        ProcessGroup.Leader stale = new ProcessGroup.Leader(self.pid(),
                self.info().startInstant().orElseThrow().minusSeconds(60), true);
        assertEquals(List.of(), ProcessGroup.members(stale));
        assertNotEquals(0, self.pid());
    }

    @Test
    void aProgramThatIsNotThereIsAnErrorAtTheStartAsWithoutAGroup() {
        IOException e = assertThrows(IOException.class,
                () -> RunLock.NONE.start(new ProcessBuilder(dir.resolve("no-such-fastchess").toString())));
        assertTrue(e.getMessage().contains("no-such-fastchess"), e.getMessage());
    }

    private static List<ProcessGroup.Leader> recordedGroups(String lockText) {
        List<ProcessGroup.Leader> leaders = new ArrayList<>();
        for (String line : lockText.split("\n")) {
            if (line.startsWith("group ")) {
                leaders.add(ProcessGroup.Leader.parse(line.substring(6)));
            }
        }
        return leaders;
    }
}
