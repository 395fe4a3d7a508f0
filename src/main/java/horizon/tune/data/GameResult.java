package horizon.tune.data;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the game result that labels a training position, in the forms public data sets use: an EPD opcode such as
 * {@code c9 "1-0";} (also {@code c9 "1/2-1/2"}, {@code "0-1"}), or a bracketed score {@code [1.0]}, {@code [0.5]},
 * {@code [0.0]}. Results are from White's point of view: 1 win, 0.5 draw, 0 loss.
 */
public final class GameResult {
    private static final Pattern QUOTED = Pattern.compile("\"(1-0|0-1|1/2-1/2)\"");
    private static final Pattern BRACKETED = Pattern.compile("\\[\\s*(1\\.0|0\\.5|0\\.0|1|0|1/2)\\s*]");

    private GameResult() {
    }

    /** The result in the line, or NaN if it has none. */
    public static double parse(String line) {
        Matcher m = QUOTED.matcher(line);
        if (m.find()) {
            switch (m.group(1)) {
                case "1-0": return 1.0;
                case "0-1": return 0.0;
                default: return 0.5;
            }
        }
        m = BRACKETED.matcher(line);
        if (m.find()) {
            switch (m.group(1)) {
                case "1.0": case "1": return 1.0;
                case "0.0": case "0": return 0.0;
                default: return 0.5;
            }
        }
        return Double.NaN;
    }

    /** The line without its bracketed result, so the rest parses as EPD. */
    public static String stripBracket(String line) {
        return BRACKETED.matcher(line).replaceAll("").trim();
    }

    public static String toPgn(double result) {
        return result == 1.0 ? "1-0" : result == 0.0 ? "0-1" : "1/2-1/2";
    }
}
