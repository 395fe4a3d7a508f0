package horizon.tune.data;

import horizon.board.Move;
import horizon.board.Position;
import horizon.io.EpdRecord;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Turns the project's labelled EPD files ({@code <FEN> ce 35; c9 "1-0";}, as datagen and relabel write them) into
 * {@link TrainingRecord}s. The {@link RecordFilter} applies as far as an EPD line allows: positions in check and
 * mate scores are left out, but a line names no best move, so the noisy-move test cannot be made (the EPD datagen
 * kept only positions whose best move was quiet anyway).
 *
 * <p>A line without a position, a {@code ce} score or a game result counts as malformed and is skipped, as is a last
 * line without its newline: a running datagen may be half-way through writing it. Blank lines and # comments
 * (relabel's dropped positions) are skipped without counting.
 */
public final class EpdConverter {
    private static final int BUFFER_RECORDS = 1 << 15;
    private static final int MESSAGES = 10;
    /** Longer lines are not EPD (a binary file given by mistake): skipped without being held in memory. */
    private static final int MAX_LINE = 4096;

    /** Lines read, records written, and why the others were skipped. */
    public record Summary(long lines, long written, long comments, long inCheck, long decisive, long malformed) {
    }

    private final PrintStream log;
    private long lines, written, comments, inCheck, decisive, malformed;

    /** @param log where the first few malformed lines are named */
    public EpdConverter(PrintStream log) {
        this.log = log;
    }

    /** Converts every input into out, which is replaced. */
    public Summary convert(List<Path> inputs, Path out) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(BUFFER_RECORDS * TrainingRecord.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        try (RecordFile.Appender records = RecordFile.replace(out)) {
            for (Path input : inputs) {
                try (InputStream in = new BufferedInputStream(Files.newInputStream(input), 1 << 16)) {
                    StringBuilder line = new StringBuilder();
                    long lineNumber = 0;
                    boolean overlong = false;
                    int c;
                    while ((c = in.read()) >= 0) {
                        if (c == '\n') {
                            lineNumber++;
                            if (overlong) {
                                lines++;
                                malformed(input, lineNumber, "longer than " + MAX_LINE + " characters");
                            } else {
                                convertLine(line.toString(), input, lineNumber, buffer);
                            }
                            line.setLength(0);
                            overlong = false;
                            if (!buffer.hasRemaining()) {
                                flush(buffer, records);
                            }
                        } else if (line.length() < MAX_LINE) {
                            line.append((char) c); // EPD is ASCII: a byte is a character
                        } else {
                            overlong = true;
                        }
                    }
                    if (overlong || !line.toString().isBlank()) {
                        lines++;
                        malformed(input, lineNumber + 1, "a last line without its newline (cut off while written?)");
                    }
                }
            }
            flush(buffer, records);
        }
        if (malformed > MESSAGES) {
            log.println("... " + (malformed - MESSAGES) + " more malformed lines skipped");
        }
        return new Summary(lines, written, comments, inCheck, decisive, malformed);
    }

    private void convertLine(String text, Path input, long lineNumber, ByteBuffer buffer) {
        String line = text.trim();
        if (line.isEmpty() || line.startsWith("#")) {
            comments++;
            return;
        }
        lines++;
        try {
            double whiteResult = GameResult.parse(line);
            if (Double.isNaN(whiteResult)) {
                throw new IllegalArgumentException("no game result (c9 \"1-0\" or [1.0])");
            }
            EpdRecord record = EpdRecord.parse(GameResult.stripBracket(line));
            String ce = record.operation("ce");
            if (ce == null) {
                throw new IllegalArgumentException("no score (ce)");
            }
            int score = Integer.parseInt(ce.trim());
            Position pos = Position.fromFen(record.fen());
            switch (RecordFilter.judge(pos, Move.NONE, score)) {
                case KEPT -> {
                    TrainingRecord.write(pos, score, whiteResult, buffer);
                    written++;
                }
                case IN_CHECK -> inCheck++;
                case DECISIVE_SCORE -> decisive++;
                case NOISY_BEST_MOVE -> throw new AssertionError("no best move was given");
            }
        } catch (IllegalArgumentException e) {
            malformed(input, lineNumber, e.getMessage());
        }
    }

    private void malformed(Path input, long lineNumber, String why) {
        if (malformed++ < MESSAGES) {
            log.println(input + ":" + lineNumber + ": skipped: " + why);
        }
    }

    private static void flush(ByteBuffer buffer, RecordFile.Appender out) throws IOException {
        out.append(buffer.flip());
        buffer.clear();
    }
}
