package horizon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import horizon.testing.PomVersion;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class MainTest {
    @Test
    void versionOptionPrintsThePomsVersion() throws IOException {
        assertArrayEquals(new String[] {"Horizon " + PomVersion.read()}, new Main.VersionProvider().getVersion());
    }
}
