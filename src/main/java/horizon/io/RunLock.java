package horizon.io;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A long run's claim on its work folder (or on its output file): a lock file that names the run's pid and the process
 * groups it started ({@link ProcessGroup}), held with an operating-system lock for as long as the run lives.
 *
 * <ul>
 *   <li>A second run on the same folder while the first lives is refused, naming the first one's pid.</li>
 *   <li>The system drops the lock of a run that dies however it dies ({@code kill -9} included), so the next run
 *       takes the lock over, first ending every process the dead run left running (fastchess and its engines go
 *       on playing after their driver is killed, and would take the cores of every run after them).</li>
 *   <li>A run that ends (or is stopped by a signal it can catch) ends its children; a clean end removes the file,
 *       and the folder when the lock had to make it and nothing else was put there.</li>
 * </ul>
 *
 * The operating-system lock (fcntl, through {@link FileChannel#tryLock}) belongs to the whole process, and closing
 * any handle on the file would drop it: so one process never opens a lock file it holds a second time, and a second
 * claim from the same process is refused from the set of files this process holds.
 */
public final class RunLock implements AutoCloseable {
    /** The lock file's name in a work or checkpoint folder. */
    public static final String FOLDER_FILE = "run.lock";
    /** Milliseconds a child group gets to end itself (fastchess stops its engines) before it is killed. */
    private static final long GRACE_MILLIS = 2000;
    /** A lock with nothing behind it, for runs made outside any command (tests): children are still ended whole. */
    public static final RunLock NONE = new RunLock();

    /** The lock files this process holds, or is claiming (the value then not yet a RunLock). */
    private static final Map<Path, Object> HELD_HERE = new ConcurrentHashMap<>();

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;
    private final String command;
    private final Instant started = Instant.now();
    private final List<Path> madeFolders;
    private final Map<Long, ProcessGroup.Leader> groups = new LinkedHashMap<>();
    private final Thread hook;
    private boolean closed;
    /** The lock file's text as last written: this process must not open the file it holds to read it. */
    private String text = "";

    private RunLock() {
        file = null;
        channel = null;
        lock = null;
        command = "";
        madeFolders = List.of();
        hook = null;
    }

    private RunLock(Path file, FileChannel channel, FileLock lock, String command, List<Path> madeFolders) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
        this.command = command;
        this.madeFolders = madeFolders;
        // Stopped by a signal it can catch (Ctrl-C, kill -TERM, a session's end), the run takes its children down.
        this.hook = new Thread(this::endChildren, "horizon-run-lock");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** The lock file of a work or checkpoint folder. */
    public static Path inFolder(Path folder) {
        return folder.resolve(FOLDER_FILE);
    }

    /** The lock file of a run whose state is one output file (and its sidecars): {@code OUT.lock}. */
    public static Path besideFile(Path output) {
        return output.resolveSibling(output.getFileName() + ".lock");
    }

    /**
     * Claims a work or checkpoint folder ({@link #inFolder}) for this run, making it if needed; a lock left by a dead
     * run is taken over after the processes that run left are ended, and log says so.
     *
     * @param command what the run is, for the lock file and the refusal of a second run ("spsa", "nnue train")
     * @throws IllegalArgumentException when a live run holds the lock, naming its pid
     */
    public static RunLock forFolder(Path folder, String command, PrintStream log) throws IOException {
        return acquire(inFolder(folder), true, command, log);
    }

    /**
     * Claims an output file and its sidecars ({@link #besideFile}) for this run, as {@link #forFolder} does a folder;
     * the file's folder must be there.
     *
     * @throws java.nio.file.NoSuchFileException naming the folder when it is not there
     */
    public static RunLock forOutput(Path output, String command, PrintStream log) throws IOException {
        Path folder = output.toAbsolutePath().normalize().getParent();
        if (!Files.isDirectory(folder)) {
            throw new NoSuchFileException(folder.toString());
        }
        return acquire(besideFile(output), false, command, log);
    }

    private static RunLock acquire(Path lockFile, boolean makeFolder, String command, PrintStream log)
            throws IOException {
        Path path = lockFile.toAbsolutePath().normalize();
        Object here = HELD_HERE.putIfAbsent(path, "claiming");
        if (here != null) {
            throw held(lockFile, here instanceof RunLock run ? describeHolder(parse(run.text()))
                    : "pid " + ProcessHandle.current().pid() + " (this process, claiming it)");
        }
        try {
            List<Path> made = makeFolder ? makeFolders(path.getParent()) : List.of();
            for (int attempt = 0; ; attempt++) {
                Object before = fileKey(path);
                FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
                FileLock lock;
                try {
                    lock = channel.tryLock();
                } catch (IOException | RuntimeException e) {
                    channel.close();
                    throw e;
                }
                if (lock == null) {
                    String holder = describeHolder(parse(read(channel)));
                    channel.close();
                    throw held(lockFile, holder);
                }
                // The file may have been removed by the run that held it, between our look and our lock: then the
                // lock is on a file no one else will ever open, and the claim starts again on the path's new file.
                if (before == null || !before.equals(fileKey(path))) {
                    channel.close();
                    if (attempt >= 20) {
                        throw new IOException(lockFile + ": could not be claimed, other runs keep replacing it");
                    }
                    continue;
                }
                RunLock run = new RunLock(path, channel, lock, command, made);
                try {
                    run.takeOver(parse(read(channel)), lockFile, log);
                    run.save();
                    HELD_HERE.put(path, run);
                } catch (IOException | RuntimeException e) {
                    run.close();
                    throw e;
                }
                return run;
            }
        } catch (IOException | RuntimeException e) {
            HELD_HERE.remove(path);
            throw e;
        }
    }

    /**
     * Starts a child process as the leader of a process group of its own ({@link ProcessGroup#start}) and records
     * the group in the lock file before returning it, so that the group outlives this run only until the next.
     */
    public Process start(ProcessBuilder builder) throws IOException {
        Process process = ProcessGroup.start(builder);
        if (file == null) {
            return process;
        }
        ProcessGroup.Leader leader = ProcessGroup.leaderOf(process);
        synchronized (this) {
            if (closed) {
                ProcessGroup.end(leader, 0);
                throw new IOException("the run is over: no more processes");
            }
            groups.put(leader.pid(), leader);
            save();
        }
        return process;
    }

    /** Ends a child's whole group (the child first asked to terminate) and forgets it. */
    public void end(Process process) {
        ProcessGroup.Leader leader = null;
        if (file != null) {
            synchronized (this) {
                leader = groups.remove(process.pid());
                saveQuietly();
            }
        }
        if (leader == null) {
            leader = ProcessGroup.leaderOf(process);
        }
        ProcessGroup.end(leader, GRACE_MILLIS);
    }

    /** Ends every child group still recorded: on the way out, however the run ends. */
    private void endChildren() {
        List<ProcessGroup.Leader> left;
        synchronized (this) {
            left = new ArrayList<>(groups.values());
        }
        for (ProcessGroup.Leader leader : left) {
            ProcessGroup.end(leader, GRACE_MILLIS);
        }
    }

    /** Ends what is left of the run's children, removes the lock file and releases it. */
    @Override
    public void close() throws IOException {
        if (file == null) {
            return;
        }
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        endChildren();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run
        }
        try {
            // Removed while still held: a run waiting for the lock then finds the path gone and claims it anew.
            Files.deleteIfExists(file);
            lock.release();
        } finally {
            channel.close();
            HELD_HERE.remove(file);
        }
        for (Path folder : madeFolders) {
            try {
                Files.deleteIfExists(folder); // only when empty: a folder with anything in it stays
            } catch (IOException notEmpty) {
                break;
            }
        }
    }

    /** The lock file's path; null for {@link #NONE}. */
    public Path file() {
        return file;
    }

    /** What the lock file says now (read from memory: reading the file itself would drop the lock). */
    public synchronized String text() {
        return text;
    }

    // ---- the file's content ----

    /** What a lock file says: the run's pid, start and command, and the process groups it started. */
    private record Content(long pid, String started, String command, List<ProcessGroup.Leader> groups) {
    }

    private void takeOver(Content old, Path shownAs, PrintStream log) {
        int ended = 0;
        for (ProcessGroup.Leader leader : old.groups()) {
            ended += ProcessGroup.end(leader, GRACE_MILLIS);
        }
        if (old.pid() > 0) {
            log.println(command + ": took over " + shownAs + " from pid " + old.pid() + " (" + old.command()
                    + ", started " + old.started() + "), which is gone: " + (ended == 0 ? "nothing of it was still "
                    + "running" : "ended " + ended + " process" + (ended == 1 ? "" : "es") + " it left running"));
        }
    }

    private synchronized void save() throws IOException {
        StringBuilder text = new StringBuilder("# horizon run lock: held while this run lives; a run started after it"
                + " died ends the process groups below (docs/tuning.md)\n");
        text.append("pid ").append(ProcessHandle.current().pid()).append('\n');
        text.append("started ").append(started).append('\n');
        text.append("command ").append(command).append('\n');
        for (ProcessGroup.Leader leader : groups.values()) {
            text.append("group ").append(leader.format()).append('\n');
        }
        this.text = text.toString();
        ByteBuffer bytes = ByteBuffer.wrap(this.text.getBytes(StandardCharsets.UTF_8));
        channel.truncate(0);
        while (bytes.hasRemaining()) {
            channel.write(bytes, bytes.position());
        }
    }

    private void saveQuietly() {
        try {
            save();
        } catch (IOException e) {
            // the record of a group already ended: the next run finds nothing of it alive
        }
    }

    private static Content parse(String text) {
        long pid = -1;
        String started = "?", command = "?";
        List<ProcessGroup.Leader> groups = new ArrayList<>();
        for (String line : text.split("\n")) {
            try {
                if (line.startsWith("pid ")) {
                    pid = Long.parseLong(line.substring(4).trim());
                } else if (line.startsWith("started ")) {
                    started = line.substring(8).trim();
                } else if (line.startsWith("command ")) {
                    command = line.substring(8).trim();
                } else if (line.startsWith("group ")) {
                    groups.add(ProcessGroup.Leader.parse(line.substring(6)));
                }
            } catch (RuntimeException damaged) {
                // a damaged line names nothing that can be trusted: it is skipped
            }
        }
        return new Content(pid, started, command, groups);
    }

    private static String describeHolder(Content holder) {
        return holder.pid() > 0 ? "pid " + holder.pid() + " (" + holder.command() + ", started " + holder.started()
                + ")" : "a process that has not written its pid yet";
    }

    private static IllegalArgumentException held(Path lockFile, String holder) {
        return new IllegalArgumentException(lockFile + " is held by a run still going, " + holder
                + ": let it finish or stop it first, or give this run another folder");
    }

    private static String read(FileChannel channel) throws IOException {
        long size = Math.min(channel.size(), 1 << 20);
        ByteBuffer buffer = ByteBuffer.allocate((int) size);
        while (buffer.hasRemaining() && channel.read(buffer, buffer.position()) > 0) {
            // reads until the buffer is full or the file ends
        }
        return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
    }

    /** What names the file behind path (its device and inode on Linux); null when there is none. */
    private static Object fileKey(Path path) throws IOException {
        try {
            Object key = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
            return key != null ? key : "a file system without file keys: only the path tells";
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /** Makes folder and any missing parents; returns those it made, deepest first. */
    private static List<Path> makeFolders(Path folder) throws IOException {
        List<Path> made = new ArrayList<>();
        for (Path p = folder; p != null && !Files.exists(p); p = p.getParent()) {
            made.add(p);
        }
        Files.createDirectories(folder);
        return made;
    }
}
