package horizon.io;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A UCI engine in a child process, driven line by line: the independent oracle (Stockfish) for perft checks,
 * and later for analysis. Not for the engine's own hot paths.
 */
public final class UciEngineProcess implements AutoCloseable {
    private final Process process;
    private final PrintWriter toEngine;
    private final BufferedReader fromEngine;
    /** The long run that started the engine, which ends it with its group; null for a plain child. */
    private final RunLock run;

    public UciEngineProcess(String... command) throws IOException {
        this(null, command);
    }

    /**
     * An engine started by a long run (datagen, relabel): in a process group of its own, recorded in the run's lock
     * so that a run killed with -9 does not leave it behind (see {@link RunLock}).
     */
    public UciEngineProcess(RunLock run, String... command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        this.run = run;
        process = run != null ? run.start(builder) : builder.start();
        toEngine = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
        fromEngine = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        send("uci");
        readUntil("uciok");
    }

    /**
     * Path of Stockfish: $STOCKFISH if set, else "stockfish" on the PATH, else Debian's /usr/games/stockfish;
     * null if none is there.
     */
    public static String findStockfish() {
        String env = System.getenv("STOCKFISH");
        if (env != null && new File(env).canExecute()) {
            return env;
        }
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                File f = new File(dir, "stockfish");
                if (f.canExecute()) {
                    return f.getPath();
                }
            }
        }
        File debian = new File("/usr/games/stockfish");
        return debian.canExecute() ? debian.getPath() : null;
    }

    /**
     * The command for an engine named on a command line: Stockfish's path ({@link #findStockfish()}, null if it is
     * not installed) for "stockfish", any other command as given.
     */
    public static String command(String engine) {
        return engine.equals("stockfish") ? findStockfish() : engine;
    }

    public void send(String command) {
        toEngine.println(command);
    }

    /** Reads lines until one starts with prefix; returns that line. */
    public String readUntil(String prefix) throws IOException {
        String line;
        while ((line = fromEngine.readLine()) != null) {
            if (line.startsWith(prefix)) {
                return line;
            }
        }
        throw new IOException("engine closed its output before '" + prefix + "'");
    }

    /** Searches {@code fen} with "go {@code goArguments}" and returns every line up to and including "bestmove". */
    public List<String> search(String fen, String goArguments) throws IOException {
        send("position fen " + fen);
        send("go " + goArguments);
        List<String> lines = new ArrayList<>();
        String line;
        while ((line = fromEngine.readLine()) != null) {
            lines.add(line);
            if (line.startsWith("bestmove")) {
                return lines;
            }
        }
        throw new IOException("engine closed its output before 'bestmove'");
    }

    public void setOption(String name, String value) throws IOException {
        send("setoption name " + name + " value " + value);
        send("isready");
        readUntil("readyok");
    }

    /** "go perft depth" split by root move, in the engine's own UCI move notation, in the order printed. */
    public Map<String, Long> perftDivide(String fen, int depth) throws IOException {
        send("position fen " + fen);
        send("go perft " + depth);
        Map<String, Long> divide = new LinkedHashMap<>();
        String line;
        while ((line = fromEngine.readLine()) != null) {
            if (line.startsWith("Nodes searched")) {
                return divide;
            }
            int colon = line.indexOf(": ");
            if (colon > 0 && colon <= 5) {
                divide.put(line.substring(0, colon), Long.parseLong(line.substring(colon + 2).trim()));
            }
        }
        throw new IOException("engine closed its output during perft");
    }

    /** Total perft node count. */
    public long perft(String fen, int depth) throws IOException {
        return perftDivide(fen, depth).values().stream().mapToLong(Long::longValue).sum();
    }

    /** The child's process id (e.g. to read its memory use from /proc). */
    public long pid() {
        return process.pid();
    }

    /**
     * Sends "quit" and waits up to {@code seconds} for the engine to end: its exit status, or -1 if it had to be
     * killed.
     */
    public int quit(long seconds) {
        toEngine.println("quit");
        toEngine.close();
        try {
            if (process.waitFor(seconds, TimeUnit.SECONDS)) {
                return process.exitValue();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (run != null) {
                run.end(process); // forgotten by the lock, with anything the engine started
            }
        }
        process.destroyForcibly();
        return -1;
    }

    @Override
    public void close() {
        quit(2);
    }
}
