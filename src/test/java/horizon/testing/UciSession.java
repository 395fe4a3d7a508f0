package horizon.testing;

import horizon.engine.Engine;
import horizon.uci.UciLoop;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A live UCI loop on its own thread, fed through pipes, read with timeouts: for tests of a running search. */
public final class UciSession implements AutoCloseable {
    private final PrintWriter toEngine;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> transcript = new ArrayList<>();
    private final Thread loop;
    /**
     * The loop's thread group: a thread inherits the group of the thread that starts it, so the engine's search
     * thread (started by the loop) and its helpers (started by the search thread) are in it, and threads other
     * sessions or tests left behind are not.
     */
    private final ThreadGroup threads = new ThreadGroup("uci-session");

    /** The random choices of weakened play are seeded by this unless a test gives its own seed. */
    public static final long DEFAULT_SEED = 20261125;

    public UciSession() throws IOException {
        this(DEFAULT_SEED);
    }

    /** A session whose engine draws its random choices (UCI_LimitStrength) from this seed: runs replay exactly. */
    public UciSession(long seed) throws IOException {
        PipedOutputStream commands = new PipedOutputStream();
        PipedInputStream engineIn = new PipedInputStream(commands, 1 << 16);
        toEngine = new PrintWriter(commands, true, StandardCharsets.UTF_8);
        // Not a pipe: a PipedInputStream fails once the thread that last wrote (a finished search) has died.
        PrintStream out = new PrintStream(new LineQueueStream(lines), true, StandardCharsets.UTF_8);
        loop = new Thread(threads, () -> {
            try {
                Engine engine = new Engine();
                engine.setRandomSeed(seed);
                new UciLoop(engineIn, out, engine).run();
            } catch (IOException e) {
                lines.add("session error: " + e);
            } finally {
                out.close();
            }
        }, "uci-loop-under-test");
        loop.start();
    }

    /** Collects written bytes and queues each complete line. */
    private static final class LineQueueStream extends OutputStream {
        private final BlockingQueue<String> lines;
        private final ByteArrayOutputStream current = new ByteArrayOutputStream();

        LineQueueStream(BlockingQueue<String> lines) {
            this.lines = lines;
        }

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                lines.add(current.toString(StandardCharsets.UTF_8).replace("\r", ""));
                current.reset();
            } else {
                current.write(b);
            }
        }
    }

    public void send(String command) {
        toEngine.println(command);
    }

    /** Waits up to timeoutMs for a line matching; returns it, or null on timeout. Lines read are kept. */
    public String expect(Predicate<String> match, long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            long left = deadline - System.nanoTime();
            String line = lines.poll(Math.max(0, left), TimeUnit.NANOSECONDS);
            if (line == null) {
                return null;
            }
            transcript.add(line);
            if (match.test(line)) {
                return line;
            }
        }
    }

    public String expectPrefix(String prefix, long timeoutMs) throws InterruptedException {
        return expect(l -> l.startsWith(prefix), timeoutMs);
    }

    /** The live threads this session's engine started whose names match (also after {@link #close}). */
    public List<Thread> liveThreads(Predicate<String> name) {
        Thread[] all = new Thread[threads.activeCount() + 64];
        int n = threads.enumerate(all, true);
        List<Thread> matching = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (all[i].isAlive() && name.test(all[i].getName())) {
                matching.add(all[i]);
            }
        }
        return matching;
    }

    /** Every line read so far. */
    public List<String> transcript() {
        return transcript;
    }

    @Override
    public void close() throws InterruptedException {
        send("quit");
        loop.join(5000);
        toEngine.close();
    }
}
