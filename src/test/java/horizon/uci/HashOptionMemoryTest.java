package horizon.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.io.UciEngineProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * fastchess sends every option before every game. When each "setoption name Hash" allocated a new table, the
 * launcher's parallel collector grew the heap by the old table instead of collecting it: after 170 games at 64 MB
 * each engine process held about 8 GB, and the four engines of a two-game-at-a-time match were killed by the
 * operating system (out of memory). This plays the options of 40 games, the same size and then alternating
 * sizes, in a JVM started the way the launcher starts it, and reads the process's resident memory (Linux).
 */
@Tag("slow")
class HashOptionMemoryTest {
    private static final int GAMES = 40;
    private static final long LIMIT_KB = 1024 * 1024; // the old behaviour reached 40 x 64 MB = 2.5 GB

    @Test
    void theHashOptionOfEveryGameDoesNotGrowTheProcess() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // The launcher's collector settings, with a maximum heap well above what the old behaviour needed, so that
        // it shows as growth rather than as a collection forced by a full heap.
        try (UciEngineProcess engine = new UciEngineProcess(java, "-XX:+UseParallelGC", "-Xmn64m", "-Xmx4g",
                "-cp", System.getProperty("java.class.path"), "horizon.Main")) {
            for (int game = 0; game < GAMES; game++) {
                engine.setOption("Hash", "64");
                engine.setOption("Threads", "1");
                engine.send("ucinewgame");
            }
            long sameSizeKb = residentKb(engine.pid());
            for (int game = 0; game < GAMES; game++) {
                engine.setOption("Hash", game % 2 == 0 ? "63" : "64");
            }
            long newSizeKb = residentKb(engine.pid());
            assertTrue(sameSizeKb < LIMIT_KB, "resident after the same size " + GAMES + " times: " + sameSizeKb + " kB");
            assertTrue(newSizeKb < LIMIT_KB, "resident after " + GAMES + " resizes: " + newSizeKb + " kB");
            assertEquals(0, engine.quit(30), "the engine's exit status after quit");
        }
    }

    /** VmRSS from /proc: what the operating system counts against the machine's memory. */
    private static long residentKb(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        throw new IOException("no VmRSS in /proc/" + pid + "/status");
    }
}
