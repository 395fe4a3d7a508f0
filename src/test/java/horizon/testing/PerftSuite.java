package horizon.testing;

import horizon.io.EpdRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/** The repository's verified perft suite, epd/perft.epd (Maven runs tests from the project root). */
public final class PerftSuite {
    public static final Path FILE = Path.of("epd", "perft.epd");

    private PerftSuite() {
    }

    public static List<EpdRecord> records() {
        try {
            return Files.readAllLines(FILE, StandardCharsets.UTF_8).stream()
                    .map(String::trim)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .map(EpdRecord::parse)
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
