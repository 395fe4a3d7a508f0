package horizon.tune.data;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The sidecar of a self-play training file ({@code OUT.progress}): which games of which seed the file holds, the
 * settings each seed was played with, and the file's length after the last of them. Rewritten (a temporary file
 * moved over the old one) after every game, so that it always describes whole games: a rerun with the same seed
 * plays just the games it does not list, and cuts the file back to its length, dropping what a killed run wrote
 * after it. A text file, so that a user can read it:
 *
 * <pre>
 * # horizon datagen progress of data.bin ...
 * length 40960
 * seed 1 done 0-17,19,21 settings nodes 5000/40000, random plies 8-9, openings start position, ...
 * </pre>
 */
public final class DatagenProgress {
    private long length;
    private final Map<Long, BitSet> done = new TreeMap<>();
    private final Map<Long, String> settings = new TreeMap<>();

    /** The sidecar of a data file: its name with ".progress" added. */
    public static Path of(Path dataFile) {
        return dataFile.resolveSibling(dataFile.getFileName() + ".progress");
    }

    /** No games yet, in a file of this many bytes (records written before there was a sidecar). */
    public DatagenProgress(long length) {
        this.length = length;
    }

    /** @throws IllegalArgumentException naming the line that does not parse */
    public static DatagenProgress read(Path file) throws IOException {
        DatagenProgress progress = new DatagenProgress(-1);
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                String[] words = line.split("\\s+", 6);
                if (words[0].equals("length") && words.length == 2) {
                    progress.length = Long.parseLong(words[1]);
                } else if (words[0].equals("seed") && words.length == 6 && words[2].equals("done")
                        && words[4].equals("settings")) {
                    long seed = Long.parseLong(words[1]);
                    progress.done.put(seed, parseRanges(words[3]));
                    progress.settings.put(seed, words[5]);
                } else {
                    throw new IllegalArgumentException("expected 'length N' or 'seed S done RANGES settings ...'");
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": " + e.getMessage());
            }
        }
        if (progress.length < 0 || progress.length % TrainingRecord.BYTES != 0) {
            throw new IllegalArgumentException(file + ": no 'length' of whole records");
        }
        return progress;
    }

    /** Bytes of whole games the data file holds. */
    public long length() {
        return length;
    }

    /** The settings games of seed were played with, or null when none were. */
    public String settings(long seed) {
        return settings.get(seed);
    }

    public boolean isDone(long seed, int game) {
        BitSet games = done.get(seed);
        return games != null && games.get(game);
    }

    /** Games of seed done. */
    public int doneCount(long seed) {
        BitSet games = done.get(seed);
        return games == null ? 0 : games.cardinality();
    }

    /** Records game of seed as written, the data file being newLength bytes long after it. */
    public void markDone(long seed, int game, String gameSettings, long newLength) {
        done.computeIfAbsent(seed, s -> new BitSet()).set(game);
        settings.put(seed, gameSettings);
        length = newLength;
    }

    /** Writes the sidecar whole or not at all: a temporary file, then moved over the old one. */
    public void save(Path file, String dataFileName) throws IOException {
        StringBuilder text = new StringBuilder("# horizon datagen progress of ").append(dataFileName)
                .append(": the games it holds by seed, and its length after them (docs/nnue-data.md)\n");
        text.append("length ").append(length).append('\n');
        for (Map.Entry<Long, BitSet> entry : done.entrySet()) {
            text.append("seed ").append(entry.getKey()).append(" done ").append(formatRanges(entry.getValue()))
                    .append(" settings ").append(settings.get(entry.getKey())).append('\n');
        }
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(temporary, text, StandardCharsets.UTF_8);
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** "0-17,19,21" for games 0 to 17, 19 and 21; "-" for none. */
    static String formatRanges(BitSet games) {
        StringBuilder text = new StringBuilder();
        for (int from = games.nextSetBit(0); from >= 0; ) {
            int to = games.nextClearBit(from) - 1;
            text.append(text.length() > 0 ? "," : "").append(from);
            if (to > from) {
                text.append('-').append(to);
            }
            from = games.nextSetBit(to + 1);
        }
        return text.length() == 0 ? "-" : text.toString();
    }

    static BitSet parseRanges(String text) {
        BitSet games = new BitSet();
        if (text.equals("-")) {
            return games;
        }
        for (String range : text.split(",")) {
            int dash = range.indexOf('-');
            int from = Integer.parseInt(dash < 0 ? range : range.substring(0, dash));
            int to = dash < 0 ? from : Integer.parseInt(range.substring(dash + 1));
            if (from < 0 || to < from) {
                throw new IllegalArgumentException("bad range '" + range + "'");
            }
            games.set(from, to + 1);
        }
        return games;
    }
}
