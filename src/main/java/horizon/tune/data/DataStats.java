package horizon.tune.data;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * What a file of {@link TrainingRecord}s holds: positions, results and scores (from the side to move's view: the
 * record does not say which colour that was), game phases and piece counts, and records that are not valid. Reads
 * the file through {@link RecordFile}'s mapped chunks, so that its size does not matter.
 */
public final class DataStats {
    /** Score buckets of 100 cp from -1000 to +1000, with one more on each side for everything beyond. */
    private static final int BUCKET = 100, BUCKET_LIMIT = 1000;
    private static final int BUCKETS = 2 * BUCKET_LIMIT / BUCKET + 2;

    private long fileBytes;
    private long positions;
    private long invalid;
    private String firstProblem;
    private final long[] results = new long[3];
    private final long[] scoreSumByResult = new long[3];
    private final long[] scoreBuckets = new long[BUCKETS];
    private final long[] phases = new long[25];
    private final long[] pieceCounts = new long[TrainingRecord.MAX_PIECES + 1];
    private long pieceSum;
    private long absoluteScoreSum;

    /** Reads file (whole records; a torn tail is reported, not read). */
    public static DataStats read(Path file) throws IOException {
        DataStats stats = new DataStats();
        RecordFile records = RecordFile.open(file);
        stats.fileBytes = records.bytes();
        for (int c = 0; c < records.chunkCount(); c++) {
            stats.add(records.chunk(c), records.chunkRecords(c), records.firstRecord(c));
        }
        return stats;
    }

    /** Counts the first {@code records} records of chunk; firstIndex numbers them in the file for messages. */
    void add(ByteBuffer chunk, int records, long firstIndex) {
        for (int i = 0; i < records; i++) {
            int offset = i * TrainingRecord.BYTES;
            String problem = TrainingRecord.problem(chunk, offset);
            if (problem != null) {
                if (invalid++ == 0) {
                    firstProblem = "record " + (firstIndex + i) + " (byte " + (firstIndex + i) * TrainingRecord.BYTES
                            + "): " + problem;
                }
                continue;
            }
            positions++;
            int score = TrainingRecord.score(chunk, offset);
            int result = (int) Math.round(TrainingRecord.result(chunk, offset) * 2);
            results[result]++;
            scoreSumByResult[result] += score;
            absoluteScoreSum += Math.abs(score);
            int bucket = Math.floorDiv(Math.max(-BUCKET_LIMIT - 1, Math.min(BUCKET_LIMIT, score)), BUCKET);
            scoreBuckets[bucket + BUCKET_LIMIT / BUCKET + 1]++;
            phases[TrainingRecord.phase(chunk, offset)]++;
            int pieces = TrainingRecord.pieceCount(chunk, offset);
            pieceCounts[pieces]++;
            pieceSum += pieces;
        }
    }

    public long positions() {
        return positions;
    }

    public long invalid() {
        return invalid;
    }

    /** Bytes after the last whole record (a write torn by a kill, or not a record file). */
    public long trailingBytes() {
        return RecordFile.tailBytes(fileBytes);
    }

    /** Positions won (2), drawn (1) and lost (0) by the side to move. */
    public long results(int code) {
        return results[code];
    }

    public String report(String name) {
        StringBuilder text = new StringBuilder();
        text.append(String.format("%s: %d bytes, %d records of %d bytes%s%n", name, fileBytes,
                fileBytes / TrainingRecord.BYTES, TrainingRecord.BYTES, trailingBytes() == 0 ? ""
                        : ", then " + trailingBytes() + " bytes of a torn record (a datagen run cuts them)"));
        text.append(String.format("positions      %d%n", positions));
        if (invalid > 0) {
            text.append(String.format("invalid        %d, not counted below; first: %s%n", invalid, firstProblem));
        }
        if (positions == 0) {
            return text.toString();
        }
        text.append("results (side to move's view; the record does not say which colour moves)\n");
        String[] names = {"loss", "draw", "win"};
        for (int code = 2; code >= 0; code--) {
            text.append(String.format("  %-4s  %10d  %5.1f %%   mean score %+5.0f cp%n", names[code], results[code],
                    percent(results[code]), results[code] == 0 ? 0.0 : (double) scoreSumByResult[code] / results[code]));
        }
        text.append(String.format("mean |score|   %.0f cp%n", (double) absoluteScoreSum / positions));
        text.append(String.format("mean pieces    %.2f (kings included)%n", (double) pieceSum / positions));
        text.append("score, cp (side to move)\n");
        for (int i = 0; i < BUCKETS; i++) {
            String range;
            if (i == 0) {
                range = "below " + -BUCKET_LIMIT;
            } else if (i == BUCKETS - 1) {
                range = BUCKET_LIMIT + " and up";
            } else {
                int from = (i - 1) * BUCKET - BUCKET_LIMIT;
                range = from + " .. " + (from + BUCKET - 1);
            }
            text.append(row(range, scoreBuckets[i]));
        }
        text.append("game phase (knight, bishop 1, rook 2, queen 4; 24 = all pieces)\n");
        for (int phase = 24; phase >= 0; phase--) {
            text.append(row(Integer.toString(phase), phases[phase]));
        }
        text.append("pieces on the board\n");
        for (int pieces = TrainingRecord.MAX_PIECES; pieces >= 2; pieces--) {
            text.append(row(Integer.toString(pieces), pieceCounts[pieces]));
        }
        return text.toString();
    }

    private double percent(long count) {
        return positions == 0 ? 0 : 100.0 * count / positions;
    }

    private String row(String label, long count) {
        return String.format("  %13s  %10d  %5.1f %%  %s%n", label, count, percent(count),
                "#".repeat((int) Math.round(percent(count) / 2)));
    }
}
