package horizon.tb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The Syzygy tables the default tests probe, kept in the repository (src/test/resources/syzygy, 1.2 MB; its README
 * says where they come from): the 3-piece tables, KQvKR, KRvKR, KPvKP (the one 4-piece material with an en-passant
 * capture), a few small pawnless ones, and the WDL files of KQvKP, KRvKP, KBvKP and KNvKP, which a DTZ probe of
 * KPvKP needs after a promotion. Random positions are drawn only from the materials with both files ({@link
 * #SAMPLED}), whose probes never need a table that is not there.
 */
final class TestTables {
    /** Maven runs the tests from the project root. */
    static final Path FOLDER = Path.of("src", "test", "resources", "syzygy").toAbsolutePath();
    /** Materials with WDL and DTZ files, sorted. */
    static final List<String> SAMPLED = withDtz();
    /** Materials with at least a WDL file: what {@link SyzygyTables#tableCount()} counts. */
    static final int COUNT = 17;

    private TestTables() {
    }

    private static List<String> withDtz() {
        try (Stream<Path> files = Files.list(FOLDER)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".rtbz"))
                    .map(n -> n.substring(0, n.length() - ".rtbz".length())).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("the test tables: " + FOLDER, e);
        }
    }
}
