package horizon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import horizon.testing.PomVersion;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class VersionTest {
    @Test
    void theVersionIsThePomsAsTheBuildWroteIt() throws IOException {
        // Fails when the resource is not filtered ("unknown") or when a number is typed anywhere but the pom.
        assertEquals(PomVersion.read(), Version.NUMBER);
        assertEquals("Horizon " + PomVersion.read(), Version.full());
    }
}
