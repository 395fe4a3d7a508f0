package horizon.tune.games;

import horizon.io.StateFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A tune's state on disk, small enough to commit: {@code checkpoint.txt} (the plan, the counts, every parameter's
 * current value, start, bounds and steps) and {@code history.csv} (every parameter's value after each batch, for
 * the plots). Written after every batch to a temporary file first and then moved over the old one, so that a tune
 * killed at any moment (a session's end) leaves the last complete checkpoint, never half of one.
 */
public final class SpsaCheckpoint {
    public static final String FILE = "checkpoint.txt";
    public static final String HISTORY = "history.csv";

    private SpsaCheckpoint() {
    }

    public static boolean exists(Path dir) {
        return Files.isRegularFile(dir.resolve(FILE));
    }

    /** Writes the state; {@code settings} are the run's other choices (time control, openings...), kept as text. */
    public static void save(Spsa spsa, Map<String, String> settings, Path dir) throws IOException {
        Files.createDirectories(dir);
        StringBuilder sb = new StringBuilder();
        sb.append("# Horizon SPSA checkpoint: resume with the same command; 'horizon params --checkpoint DIR' prints")
                .append(" the values\n");
        sb.append("total-pairs=").append(spsa.totalPairs()).append('\n');
        sb.append("pairs-per-iteration=").append(spsa.pairsPerIteration()).append('\n');
        sb.append("seed=").append(spsa.seed()).append('\n');
        sb.append("pairs-done=").append(spsa.pairsDone()).append('\n');
        sb.append("wins=").append(spsa.wins()).append('\n');
        sb.append("losses=").append(spsa.losses()).append('\n');
        sb.append("draws=").append(spsa.draws()).append('\n');
        sb.append("time-losses=").append(spsa.timeLosses()).append('\n');
        for (Map.Entry<String, String> e : settings.entrySet()) {
            sb.append("setting.").append(e.getKey()).append('=').append(e.getValue()).append('\n');
        }
        sb.append("# param name value start min max c_end r_end\n");
        for (SpsaParameter p : spsa.parameters()) {
            sb.append(String.format(Locale.ROOT, "param %s %.6f %.6f %d %d %s %s%n", p.name, p.value, p.start, p.min,
                    p.max, p.cEnd, p.rEnd));
        }
        StringBuilder csv = new StringBuilder("pairs");
        for (SpsaParameter p : spsa.parameters()) {
            csv.append(',').append(p.name);
        }
        csv.append('\n');
        for (double[] row : spsa.history()) {
            csv.append((long) row[0]);
            for (int i = 1; i < row.length; i++) {
                csv.append(String.format(Locale.ROOT, ",%.4f", row[i]));
            }
            csv.append('\n');
        }
        // History first: a checkpoint never points past the history it was saved with.
        StateFile.writeText(dir.resolve(HISTORY), csv);
        StateFile.writeText(dir.resolve(FILE), sb);
    }

    /** A loaded checkpoint: the tune, ready to go on, and the settings it was started with. */
    public record Loaded(Spsa spsa, Map<String, String> settings) {
    }

    /**
     * Reads a checkpoint.
     *
     * @throws IllegalArgumentException naming the file and line of anything that does not parse (binary garbage
     *                                  included), the files left as they are
     */
    public static Loaded load(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        List<String> lines = StateFile.readText(file).lines().toList();
        Map<String, String> keys = new LinkedHashMap<>();
        Map<String, String> settings = new LinkedHashMap<>();
        List<SpsaParameter> parameters = new ArrayList<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                if (line.startsWith("param ")) {
                    String[] f = line.split("\\s+");
                    if (f.length != 8) {
                        throw new IllegalArgumentException("expected 'param name value start min max c_end r_end'");
                    }
                    SpsaParameter p = new SpsaParameter(f[1], Double.parseDouble(f[3]), Integer.parseInt(f[4]),
                            Integer.parseInt(f[5]), Double.parseDouble(f[6]), Double.parseDouble(f[7]));
                    double value = Double.parseDouble(f[2]);
                    if (value < p.min || value > p.max) {
                        throw new IllegalArgumentException(p.name + " = " + value + " outside its range");
                    }
                    p.value = value;
                    parameters.add(p);
                } else {
                    int eq = line.indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException("expected key=value");
                    }
                    String key = line.substring(0, eq), value = line.substring(eq + 1);
                    if (key.startsWith("setting.")) {
                        settings.put(key.substring("setting.".length()), value);
                    } else {
                        keys.put(key, value);
                    }
                }
            } catch (IllegalArgumentException e) { // NumberFormatException too
                throw new IllegalArgumentException(file + " line " + (n + 1) + ": " + e.getMessage(), e);
            }
        }
        try {
            Spsa spsa = new Spsa(parameters, Long.parseLong(required(keys, "total-pairs")),
                    Integer.parseInt(required(keys, "pairs-per-iteration")), Long.parseLong(required(keys, "seed")));
            long pairsDone = Long.parseLong(required(keys, "pairs-done"));
            spsa.restore(pairsDone, Long.parseLong(required(keys, "wins")), Long.parseLong(required(keys, "losses")),
                    Long.parseLong(required(keys, "draws")), Long.parseLong(keys.getOrDefault("time-losses", "0")),
                    readHistory(dir.resolve(HISTORY), parameters.size(), pairsDone));
            return new Loaded(spsa, settings);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private static String required(Map<String, String> keys, String key) {
        String v = keys.get(key);
        if (v == null) {
            throw new IllegalArgumentException("missing '" + key + "='");
        }
        return v;
    }

    /** The history's rows up to the checkpoint's pairs (a missing file is an empty history: only plots need it). */
    private static List<double[]> readHistory(Path csv, int parameters, long pairsDone) throws IOException {
        List<double[]> rows = new ArrayList<>();
        if (!Files.isRegularFile(csv)) {
            return rows;
        }
        List<String> lines = StateFile.readText(csv).lines().toList();
        for (int n = 1; n < lines.size(); n++) {
            String[] f = lines.get(n).split(",");
            if (f.length != parameters + 1) {
                continue;
            }
            double[] row = new double[f.length];
            try {
                for (int i = 0; i < f.length; i++) {
                    row[i] = Double.parseDouble(f[i]);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(csv + " line " + (n + 1) + ": " + e.getMessage());
            }
            if (row[0] <= pairsDone) {
                rows.add(row);
            }
        }
        return rows;
    }
}
