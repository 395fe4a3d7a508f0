package horizon.search;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The UCI_Elo calibration: measured points (internal strength setting, rating, its error, games), read from a text
 * file that {@code horizon calibrate} writes, so that a release after a strength change re-calibrates in one step
 * instead of editing constants. The built-in table is a resource of the jar; a malformed table is refused with the
 * line that is wrong.
 */
public final class StrengthCalibration {
    static final String RESOURCE = "/horizon/search/uci-elo.calibration";

    /** One measured setting. */
    public record Point(int setting, int elo, int error, int games) {
    }

    private final List<Point> points;
    private final String scale, timeControl, measured;

    private StrengthCalibration(List<Point> points, String scale, String timeControl, String measured) {
        this.points = List.copyOf(points);
        this.scale = scale;
        this.timeControl = timeControl;
        this.measured = measured;
    }

    /** The jar's table; a jar without a well-formed one is broken, never silently miscalibrated. */
    public static StrengthCalibration builtIn() {
        return BuiltIn.TABLE;
    }

    private static final class BuiltIn {
        static final StrengthCalibration TABLE = load();

        private static StrengthCalibration load() {
            try (InputStream in = StrengthCalibration.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("calibration " + RESOURCE + " missing from the jar");
                }
                return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("calibration " + RESOURCE + " malformed: " + e.getMessage(), e);
            }
        }
    }

    /**
     * Reads a table.
     *
     * @throws IllegalArgumentException naming the line that is wrong: not a known line, not numbers, a setting
     *                                  outside 1000-2800, points that do not both increase, fewer than two points,
     *                                  or a last point that is not full strength (2800)
     */
    public static StrengthCalibration parse(String text) {
        List<Point> points = new ArrayList<>();
        String scale = "", timeControl = "", measured = "";
        String[] lines = text.split("\\R");
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n].trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = "line " + (n + 1) + ": ";
            String[] f = line.split("\\s+");
            switch (f[0]) {
                case "scale" -> scale = line.substring(5).trim();
                case "time-control" -> timeControl = line.substring(12).trim();
                case "measured" -> measured = line.substring(8).trim();
                case "point" -> {
                    if (f.length != 5) {
                        throw new IllegalArgumentException(where + "expected 'point SETTING ELO ERROR GAMES'");
                    }
                    Point p;
                    try {
                        p = new Point(Integer.parseInt(f[1]), Integer.parseInt(f[2]), Integer.parseInt(f[3]),
                                Integer.parseInt(f[4]));
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException(where + "not a whole number: " + e.getMessage());
                    }
                    if (p.setting() < StrengthLimit.SETTING_MIN || p.setting() > StrengthLimit.SETTING_MAX) {
                        throw new IllegalArgumentException(where + "setting " + p.setting() + " outside "
                                + StrengthLimit.SETTING_MIN + "-" + StrengthLimit.SETTING_MAX);
                    }
                    if (p.elo() < 0 || p.elo() > 4000 || p.error() < 0 || p.games() < 0) {
                        throw new IllegalArgumentException(where + "rating, error and games must be sensible");
                    }
                    if (!points.isEmpty()) {
                        Point last = points.get(points.size() - 1);
                        if (p.setting() <= last.setting() || p.elo() <= last.elo()) {
                            throw new IllegalArgumentException(where + "settings and ratings must both increase ("
                                    + last.setting() + " at " + last.elo() + ", then " + p.setting() + " at "
                                    + p.elo() + ")");
                        }
                    }
                    points.add(p);
                }
                default -> throw new IllegalArgumentException(where + "unknown line '" + line + "'");
            }
        }
        if (points.size() < 2) {
            throw new IllegalArgumentException("at least two points are needed, found " + points.size());
        }
        if (points.get(points.size() - 1).setting() != StrengthLimit.SETTING_MAX) {
            throw new IllegalArgumentException("the last point must be full strength (setting "
                    + StrengthLimit.SETTING_MAX + ")");
        }
        return new StrengthCalibration(points, scale, timeControl, measured);
    }

    public List<Point> points() {
        return points;
    }

    public int minElo() {
        return points.get(0).elo();
    }

    public int maxElo() {
        return points.get(points.size() - 1).elo();
    }

    /** The setting whose measured strength is this rating: linear between neighbouring points, clamped. */
    public double settingFor(int elo) {
        if (elo <= minElo()) {
            return points.get(0).setting();
        }
        for (int i = 1; i < points.size(); i++) {
            Point a = points.get(i - 1), b = points.get(i);
            if (elo <= b.elo()) {
                double f = (double) (elo - a.elo()) / (b.elo() - a.elo());
                return a.setting() + f * (b.setting() - a.setting());
            }
        }
        return StrengthLimit.SETTING_MAX;
    }

    /** The rating this table gives a setting: linear between neighbouring points, clamped (a calibration's guess). */
    public double eloFor(double setting) {
        if (setting <= points.get(0).setting()) {
            return points.get(0).elo();
        }
        for (int i = 1; i < points.size(); i++) {
            Point a = points.get(i - 1), b = points.get(i);
            if (setting <= b.setting()) {
                return a.elo() + (setting - a.setting()) / (b.setting() - a.setting()) * (b.elo() - a.elo());
            }
        }
        return maxElo();
    }

    /** What the ratings are measured against (the anchors), for documents and `horizon calibrate`. */
    public String scale() {
        return scale;
    }

    public String timeControl() {
        return timeControl;
    }

    public String measured() {
        return measured;
    }

    /** The table in the format {@link #parse} reads. */
    public static String format(List<Point> points, String scale, String timeControl, String measured) {
        StringBuilder sb = new StringBuilder();
        sb.append("# Horizon UCI_Elo calibration: which internal strength setting plays at which rating.\n");
        sb.append("# Read by horizon.search.StrengthCalibration; written by `horizon calibrate` (docs/uci-elo.md).\n");
        sb.append("# point SETTING RATING ERROR(95 %) GAMES; settings and ratings increase; the last is full strength.\n");
        sb.append("scale ").append(scale).append('\n');
        sb.append("time-control ").append(timeControl).append('\n');
        sb.append("measured ").append(measured).append('\n');
        for (Point p : points) {
            sb.append("point ").append(p.setting()).append(' ').append(p.elo()).append(' ').append(p.error())
                    .append(' ').append(p.games()).append('\n');
        }
        return sb.toString();
    }
}
