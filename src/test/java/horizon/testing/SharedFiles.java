package horizon.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The project's shared data beside the repository ({@code ../shared}), read only by tests of the oracles profile
 * (every 3- and 4-piece Syzygy table for fathom and the endgame playouts); the default run needs nothing beside the
 * repository. A missing file fails the test that needs it rather than skipping it: CI must have what the tests
 * need. {@code -Dhorizon.shared=DIR} points elsewhere.
 */
public final class SharedFiles {
    private SharedFiles() {
    }

    /** Where a shared file or folder should be, whether or not it is there. */
    public static Path location(String first, String... more) {
        Path root = Path.of(System.getProperty("horizon.shared", "../shared"));
        return root.resolve(Path.of(first, more));
    }

    /** A shared file or folder that must be there: the calling test fails otherwise. */
    public static Path path(String first, String... more) {
        Path file = location(first, more);
        assertTrue(Files.exists(file), "shared test data missing: " + file.toAbsolutePath()
                + " (the repository expects ../shared beside it, or -Dhorizon.shared=DIR)");
        return file;
    }
}
