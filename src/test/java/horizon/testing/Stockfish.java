package horizon.testing;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import horizon.io.UciEngineProcess;
import java.io.IOException;

/**
 * Starts Stockfish for tests that use it as the independent rules oracle. Where CI is set a missing Stockfish
 * fails the test (CI must install it: .ci/run does); on a developer machine without it the test is skipped.
 */
public final class Stockfish {
    private Stockfish() {
    }

    public static UciEngineProcess start() throws IOException {
        return new UciEngineProcess(path());
    }

    /** Stockfish's path, for tests that start it themselves (failing under CI, skipping elsewhere, without it). */
    public static String path() {
        String path = UciEngineProcess.findStockfish();
        if (path == null) {
            if (System.getenv("CI") != null) {
                fail("Stockfish is required under CI: apt-get install -y stockfish");
            }
            assumeTrue(false, "Stockfish not installed (apt-get install stockfish); oracle test skipped");
        }
        return path;
    }
}
