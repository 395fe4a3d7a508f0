package horizon.io;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A child process started as the leader of a process group of its own, so that it and everything it starts (fastchess
 * and its engines) can be ended together: by the run that started it, or, when that run was killed with no chance to
 * clean up, by the next run, which finds the group through the run's lock file ({@link RunLock}).
 *
 * <p>Java cannot call setsid(2) itself. On Linux the child is started through util-linux's setsid(1), which makes
 * it the leader of a new session and process group and then executes the command in place: the child's pid is its
 * group's id, and the engines it starts stay in that group even after it dies. The group's members are read from
 * {@code /proc/PID/stat}. Where setsid(1) or {@code /proc} is missing, the child stays in our group and ending it
 * falls back to its descendants as {@link ProcessHandle} sees them (which loses engines whose parent died first).
 *
 * <p>A group is named by its leader's pid and start time: a pid that the system has given to another process since
 * (the start time differs) is never touched.
 */
public final class ProcessGroup {
    private static final Path PROC = Path.of("/proc");
    /** util-linux's setsid, or null where there is none (after PROC, which it reads). */
    private static final String SETSID = findSetsid();

    /**
     * A group's leader as a later run can recognise it.
     *
     * @param start  the leader's start time, null where the system does not tell
     * @param ownGroup whether the leader heads a group of its own (started through setsid)
     */
    public record Leader(long pid, Instant start, boolean ownGroup) {
        /** One word each, for a lock file: {@code PID START own|tree}. */
        public String format() {
            return pid + " " + (start == null ? "-" : start.toString()) + " " + (ownGroup ? "own" : "tree");
        }

        /** @throws IllegalArgumentException for text that {@link #format} did not write */
        public static Leader parse(String text) {
            String[] words = text.trim().split("\\s+");
            if (words.length != 3 || !(words[2].equals("own") || words[2].equals("tree"))) {
                throw new IllegalArgumentException("expected 'PID START own|tree', not '" + text + "'");
            }
            Instant start = words[1].equals("-") ? null : Instant.parse(words[1]);
            return new Leader(Long.parseLong(words[0]), start, words[2].equals("own"));
        }
    }

    private ProcessGroup() {
    }

    /**
     * Starts the builder's command as the leader of a new process group (see the class comment), with the builder's
     * directory, environment and redirections. The builder is left as it was given.
     *
     * @throws IOException when the program cannot be run, as {@link ProcessBuilder#start} says it
     */
    public static Process start(ProcessBuilder builder) throws IOException {
        List<String> command = builder.command();
        if (SETSID == null || command.isEmpty()) {
            return builder.start();
        }
        // setsid(1) would report a missing program only in its exit status: the check ProcessBuilder makes, first.
        requireExecutable(command.get(0), builder.directory());
        List<String> wrapped = new ArrayList<>();
        wrapped.add(SETSID);
        wrapped.addAll(command);
        builder.command(wrapped);
        try {
            return builder.start();
        } finally {
            builder.command(command);
        }
    }

    /** The started process as a leader to record; waits (briefly) until setsid has made it one. */
    public static Leader leaderOf(Process process) {
        long pid = process.pid();
        boolean own = false;
        if (SETSID != null) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (process.isAlive() && !(own = groupOf(pid) == pid) && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        return new Leader(pid, process.toHandle().info().startInstant().orElse(null), own);
    }

    /**
     * The live processes of the leader's group, and below the leader if it still lives; none when the leader's pid
     * now belongs to another process, and never this process or its own group.
     */
    public static List<ProcessHandle> members(Leader leader) {
        Set<ProcessHandle> members = new LinkedHashSet<>();
        Optional<ProcessHandle> head = ProcessHandle.of(leader.pid());
        if (head.isPresent()) {
            Optional<Instant> start = head.get().info().startInstant();
            if (leader.start() == null || start.isEmpty() || !start.get().equals(leader.start())) {
                return List.of(); // the pid was given to another process, or the system cannot tell: hands off
            }
            members.add(head.get());
            head.get().descendants().forEach(members::add);
        }
        long self = ProcessHandle.current().pid();
        if (leader.ownGroup() && leader.pid() != groupOf(self) && Files.isDirectory(PROC)) {
            ProcessHandle.allProcesses().filter(p -> groupOf(p.pid()) == leader.pid()).forEach(members::add);
        }
        members.removeIf(p -> p.pid() == self || !p.isAlive());
        return new ArrayList<>(members);
    }

    /**
     * Ends the group: asks every member to terminate, waits up to graceMillis, then kills those left.
     *
     * @return how many processes there were to end
     */
    public static int end(Leader leader, long graceMillis) {
        List<ProcessHandle> members = members(leader);
        members.forEach(ProcessHandle::destroy);
        long deadline = System.currentTimeMillis() + graceMillis;
        for (ProcessHandle p : members) {
            long left = deadline - System.currentTimeMillis();
            try {
                if (left > 0) {
                    p.onExit().get(left, TimeUnit.MILLISECONDS);
                }
            } catch (Exception timedOut) {
                // killed below
            }
        }
        for (ProcessHandle p : members) {
            p.destroyForcibly();
        }
        // Engines started between the two looks (fastchess starting a game) are in the group too.
        for (ProcessHandle p : members(leader)) {
            p.destroyForcibly();
        }
        return members.size();
    }

    /** The process group of pid, from /proc; -1 where it cannot be read (no /proc, or the process is gone). */
    static long groupOf(long pid) {
        try {
            String stat = Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.UTF_8);
            // "pid (name) state ppid pgrp ...": the name may hold spaces and parentheses, so read after the last ')'
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[2]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static String findSetsid() {
        if (!Files.isDirectory(PROC)) {
            return null; // not Linux: no way to find the group's members afterwards
        }
        for (String dir : List.of("/usr/bin", "/bin")) {
            Path p = Path.of(dir, "setsid");
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }

    private static void requireExecutable(String program, File directory) throws IOException {
        if (program.contains("/")) {
            Path p = Path.of(program);
            if (!p.isAbsolute() && directory != null) {
                p = directory.toPath().resolve(p);
            }
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return;
            }
        } else {
            String path = System.getenv("PATH");
            for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
                Path p = Path.of(dir.isEmpty() ? "." : dir, program);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return;
                }
            }
        }
        throw new IOException("Cannot run program \"" + program + "\": no such executable file");
    }
}
