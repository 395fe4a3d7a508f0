package horizon.engine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The engine's name and version for every front end ({@code id name}, {@code --version}). The number is the pom's
 * {@code <version>}, which the build writes into {@code horizon/version.properties}, so it is typed in one place.
 */
public final class Version {
    public static final String NAME = "Horizon";
    /** Read once, when the class loads: one small resource, so the UCI start-up stays lean. */
    public static final String NUMBER = read();

    private Version() {
    }

    /** "Horizon 1.0.0". */
    public static String full() {
        return NAME + " " + NUMBER;
    }

    private static String read() {
        try (InputStream in = Version.class.getResourceAsStream("/horizon/version.properties")) {
            if (in == null) {
                return "unknown"; // classes run without the build's resources (an IDE): say so rather than fail
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version", "unknown").trim();
            // An unfiltered resource still holds the placeholder: not a version.
            return version.isEmpty() || version.contains("${") ? "unknown" : version;
        } catch (IOException e) {
            return "unknown";
        }
    }
}
