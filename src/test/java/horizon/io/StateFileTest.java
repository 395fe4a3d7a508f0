package horizon.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's state files: replaced whole, and anything but text read back as one line, the file untouched. */
class StateFileTest {
    @TempDir
    Path dir;

    @Test
    void aWriteReplacesTheFileWholeAndLeavesNoTemporary() throws Exception {
        Path file = dir.resolve("checkpoint.txt");
        StateFile.writeText(file, "pairs-done=2\n");
        StateFile.writeText(file, "pairs-done=4\nwins=1\n");
        assertEquals("pairs-done=4\nwins=1\n", StateFile.readText(file));
        assertFalse(Files.exists(dir.resolve("checkpoint.txt.tmp")));
    }

    @Test
    void binaryGarbageIsOneLineNamingTheFileWhichIsLeftAsItWas() throws Exception {
        Path file = dir.resolve("checkpoint.txt");
        byte[] garbage = new byte[4096];
        new SplittableRandom(92).nextBytes(garbage);
        Files.write(file, garbage);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StateFile.readText(file));
        assertTrue(e.getMessage().startsWith(file + ": not the text this file should hold (")
                && e.getMessage().endsWith("left as it is") && !e.getMessage().contains("\n"), e.getMessage());
        assertArrayEquals(garbage, Files.readAllBytes(file));

        // Text with a NUL in it (a file cut short and padded, as some file systems leave one) is no better.
        Files.writeString(file, "total-pairs=10\n\0\0\0");
        e = assertThrows(IllegalArgumentException.class, () -> StateFile.readText(file));
        assertTrue(e.getMessage().contains("a control character at byte 15"), e.getMessage());
        // Nor are bytes that are not UTF-8 in otherwise plain text.
        Files.write(file, new byte[] {'a', '=', (byte) 0xC3, '(', '\n'});
        e = assertThrows(IllegalArgumentException.class, () -> StateFile.readText(file));
        assertTrue(e.getMessage().contains("bytes that are not UTF-8 at byte 2"), e.getMessage());
    }
}
