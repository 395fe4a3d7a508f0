package horizon.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The project's version as pom.xml states it: what the build must have written into the engine's name. */
public final class PomVersion {
    private static final Pattern PROJECT_VERSION =
            Pattern.compile("<artifactId>horizon</artifactId>\\s*<version>([^<]+)</version>");

    private PomVersion() {
    }

    public static String read() throws IOException {
        // Tests run from the project folder (Maven's basedir), where pom.xml lies.
        Matcher m = PROJECT_VERSION.matcher(Files.readString(Path.of("pom.xml")));
        if (!m.find()) {
            throw new IllegalStateException("pom.xml states no version for artifact horizon");
        }
        return m.group(1).trim();
    }
}
