package horizon.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads an EPD file line by line with {@link EpdRecord}, the one EPD parser the runner, the perft suite and the
 * tuner share. Blank lines and lines starting with '#' are skipped; a malformed line is reported through
 * {@code problems} with its line number and skipped, so one bad line never aborts a suite.
 */
public final class EpdFile {
    /** A parsed line and where it came from. */
    public record Line(int number, EpdRecord record) {
    }

    private EpdFile() {
    }

    public static List<Line> read(Path file, Consumer<String> problems) throws IOException {
        List<Line> lines = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            String text;
            int number = 0;
            while ((text = reader.readLine()) != null) {
                number++;
                String trimmed = text.strip();
                if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                    continue;
                }
                try {
                    lines.add(new Line(number, EpdRecord.parse(trimmed)));
                } catch (IllegalArgumentException e) {
                    problems.accept(file.getFileName() + ":" + number + ": " + e.getMessage() + ", line skipped");
                }
            }
        }
        return lines;
    }
}
