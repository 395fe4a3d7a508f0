package horizon.io;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a long run was started to do, as ordered fields keyed by the option that sets each ({@code --nodes},
 * {@code --params}): kept with its checkpoint, so that the same command run again resumes the run, and a command
 * with another plan is refused with the one field that differs rather than resuming something else. The fields
 * are text in a canonical form (sorted names, numbers as the checkpoint writes them), compared exactly.
 */
public final class RunPlan {
    private RunPlan() {
    }

    /**
     * Null when every field of given has the value saved has; else one line naming the first field that differs.
     * Fields given leaves out are not compared: a resumed run takes them from saved.
     *
     * @param where what saved is, for the message ("the checkpoint", "data.bin")
     */
    public static String firstDifference(Map<String, String> saved, Map<String, String> given, String where) {
        for (Map.Entry<String, String> field : given.entrySet()) {
            String before = saved.get(field.getKey());
            if (!field.getValue().equals(before)) {
                return field.getKey() + " differs: " + where + " has " + (before == null ? "none" : before)
                        + ", this command " + field.getValue();
            }
        }
        return null;
    }

    /** The fields as text, one key=value line each (a checkpoint's form of them). */
    public static String format(Map<String, String> fields) {
        StringBuilder text = new StringBuilder();
        fields.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
        return text.toString();
    }

    /** The fields of {@link #format}'s text; lines without '=' (comments) are skipped. */
    public static Map<String, String> parse(String text) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0 && !line.startsWith("#")) {
                fields.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return fields;
    }
}
