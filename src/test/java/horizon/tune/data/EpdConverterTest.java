package horizon.tune.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Labelled EPD to records: scores and results from the side to move's view, the filter, and no crash on junk. */
class EpdConverterTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    private EpdConverter.Summary convert(Path out, Path... inputs) throws Exception {
        return new EpdConverter(new PrintStream(log, true, StandardCharsets.UTF_8)).convert(List.of(inputs), out);
    }

    private static ByteBuffer read(Path file) throws Exception {
        return ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
    }

    @Test
    void labelledLinesBecomeRecordsAndTheRestIsCounted() throws Exception {
        Path in = dir.resolve("in.epd");
        Files.writeString(in, String.join("\n",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - ce -35; c9 \"1-0\";",
                "4k3/8/8/8/8/8/4P3/4K3 w - - ce 250; c9 \"1/2-1/2\";",
                "4k3/8/8/8/8/8/4P3/4K3 w - - [0.0] ce 90;",
                "# mate score: dropped by relabel",
                "",
                "4k3/8/8/8/8/8/4r3/4K3 w - - ce -20; c9 \"0-1\";",
                "6k1/5ppp/8/8/8/8/8/R5K1 w - - ce 31999; c9 \"1-0\";",
                "4k3/8/8/8/8/8/4P3/4K3 w - - ce 250;",
                "4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"1-0\";",
                "4k3/8/8/8/8/8/4P3/4K3 w - - ce ten; c9 \"1-0\";",
                "4k3/8/8/8/8/8/4P3/4KK2 w - - ce 0; c9 \"1-0\";",
                "4k3/8/8/8/8/8/4P3/4K3 w - - ce 250; c9 \"1-0\""));
        Path out = dir.resolve("out.bin");
        EpdConverter.Summary summary = convert(out, in);
        assertEquals(new EpdConverter.Summary(10, 3, 2, 1, 1, 5), summary, log.toString());
        assertTrue(log.toString().contains("in.epd:12: skipped: a last line without its newline"), log.toString());

        ByteBuffer data = read(out);
        assertEquals(3 * TrainingRecord.BYTES, data.capacity());
        // Black to move after 1.e4: ce is Black's already; White won, so Black lost.
        assertEquals(-35, TrainingRecord.score(data, 0));
        assertEquals(0.0, TrainingRecord.result(data, 0));
        assertEquals("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", TrainingRecord.toFen(data, 0, false));
        assertEquals(250, TrainingRecord.score(data, 32));
        assertEquals(0.5, TrainingRecord.result(data, 32));
        assertEquals(0.0, TrainingRecord.result(data, 64), "the bracketed result");
        for (int offset = 0; offset < data.capacity(); offset += TrainingRecord.BYTES) {
            assertNull(TrainingRecord.problem(data, offset));
        }
    }

    @Test
    void everyCutOfALineIsMalformedOrWholeNeverACrash() throws Exception {
        String line = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - ce 35; c9 \"1/2-1/2\";";
        for (int length = 0; length <= line.length(); length++) {
            Path in = dir.resolve("cut.epd");
            Files.writeString(in, line + "\n" + line.substring(0, length));
            EpdConverter.Summary summary = convert(dir.resolve("cut.bin"), in);
            assertEquals(1, summary.written(), "cut at " + length);
            assertEquals(length == 0 ? 0 : 1, summary.malformed(), "cut at " + length);
            // Cut ends of a line written in full (as a line of its own) never make a record either.
            Files.writeString(in, line.substring(0, length) + "\n");
            summary = convert(dir.resolve("cut.bin"), in);
            assertEquals(length >= line.length() - 1 ? 1 : 0, summary.written(), "line cut at " + length);
        }
    }

    @Test
    void aBinaryFileGivenByMistakeIsSkippedLineByLine() throws Exception {
        Path in = dir.resolve("noise.epd");
        byte[] noise = new byte[100_000];
        new java.util.Random(7).nextBytes(noise);
        Files.write(in, noise);
        EpdConverter.Summary summary = convert(dir.resolve("noise.bin"), in);
        assertEquals(0, summary.written());
        assertTrue(summary.malformed() > 0);
        assertEquals(0, Files.size(dir.resolve("noise.bin")));
    }
}
