package horizon.tune.data;

import horizon.io.RunPlan;
import horizon.io.StateFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The sidecar of a datagen file ({@code OUT.progress}, the binary records of self-play or the EPD lines): which games
 * of which seed the file holds, the settings each seed was played with, and the file's length after the last of
 * them. Rewritten whole ({@link StateFile}) after every game, so that it always describes whole games: a rerun with
 * the same seed plays just the games it does not list, and cuts the file back to its length, dropping what a killed
 * run wrote after it. A text file, so that a user can read it:
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

    /**
     * The sidecar of a file of training records.
     *
     * @throws IllegalArgumentException naming the line that does not parse, or the file when it is no text
     */
    public static DatagenProgress read(Path file) throws IOException {
        return read(file, TrainingRecord.BYTES);
    }

    /**
     * The sidecar of a file whose games are whole records of recordBytes each (1 for EPD lines).
     *
     * @throws IllegalArgumentException naming the line that does not parse, or the file when it is no text
     */
    public static DatagenProgress read(Path file, int recordBytes) throws IOException {
        DatagenProgress progress = new DatagenProgress(-1);
        List<String> lines = StateFile.readText(file).lines().toList();
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
        if (progress.length < 0 || progress.length % recordBytes != 0) {
            throw new IllegalArgumentException(file + ": no 'length' of whole records");
        }
        return progress;
    }

    /**
     * The sidecar of a datagen output of fileLength bytes, read for a run that goes on with seed under settings;
     * null when the file has none. The checks both datagen formats make before they resume.
     *
     * @param recordBytes the size of the file's whole units ({@link TrainingRecord#BYTES}, or 1 for EPD lines)
     * @throws IllegalArgumentException when the file is shorter than its sidecar says (one line: remove the sidecar
     *                                  to start over), or the seed was played with other settings (naming the option)
     */
    static DatagenProgress resume(Path out, long fileLength, int recordBytes, long seed, String settings)
            throws IOException {
        Path sidecar = of(out);
        if (!Files.exists(sidecar)) {
            return null;
        }
        DatagenProgress progress = read(sidecar, recordBytes);
        if (fileLength < progress.length()) {
            throw new IllegalArgumentException(out + " holds " + fileLength + " bytes, fewer than the "
                    + progress.length() + " its progress file " + sidecar.getFileName() + " records: remove "
                    + "the progress file to start over");
        }
        String difference = progress.settingsDifference(seed, settings, out.toString());
        if (difference != null) {
            throw new IllegalArgumentException(difference);
        }
        return progress;
    }

    /** The games 0 to games - 1 of seed that the file does not hold yet, ascending. */
    List<Integer> pendingGames(long seed, int games) {
        List<Integer> pending = new ArrayList<>();
        for (int game = 0; game < games; game++) {
            if (!isDone(seed, game)) {
                pending.add(game);
            }
        }
        return pending;
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
        StateFile.writeText(file, text);
    }

    /**
     * Null when games of seed may be added under the settings given (none played yet, or played under the same
     * ones), else one line naming the first setting that differs, by the option that sets it.
     */
    public String settingsDifference(long seed, String given, String dataFileName) {
        String before = settings.get(seed);
        if (before == null || before.equals(given)) {
            return null;
        }
        String difference = RunPlan.firstDifference(settingFields(before), settingFields(given), "seed " + seed
                + " of " + dataFileName);
        return (difference != null ? difference : "the settings differ: " + dataFileName + " has seed " + seed
                + " played with " + before + ", this command " + given) + "; use the same settings to go on, or "
                + "another --seed";
    }

    /** The option that sets each setting a datagen writes into its sidecar, by the setting's name there. */
    private static final String[][] OPTIONS = {{"format", "--format"}, {"engine", "--engine"},
        {"nodes", "--nodes"}, {"random plies", "--random-plies"}, {"openings", "--openings"},
        {"blunder rate", "--blunder-rate"}, {"resign", "--resign-score"}, {"weights", "--weights"},
        {"hash", "--hash"}};

    /** "nodes 500/4000, random plies 8-9, ..." as option -> value, in order; a part not known keeps its text. */
    static Map<String, String> settingFields(String settings) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String part : settings.split(", ")) {
            String key = part, value = "";
            for (String[] option : OPTIONS) {
                if (part.startsWith(option[0] + " ")) {
                    key = option[1];
                    value = part.substring(option[0].length() + 1);
                }
            }
            fields.put(key, value);
        }
        return fields;
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
