package horizon.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * The state a long run keeps on disk (a checkpoint, a progress sidecar, a plan): written whole or not at all, and
 * read back with one line for anything that is not what was written. A write goes to {@code NAME.tmp}, is flushed
 * to the disk, and is then moved over the old file, so that a run killed at any moment, or a machine that loses
 * power, leaves the last complete state. A reader that finds bytes no writer made (a garbage or binary file) gets
 * an {@link IllegalArgumentException} naming the file, and the file is left as it is.
 */
public final class StateFile {
    private StateFile() {
    }

    /** Replaces file by bytes, atomically where the file system can (elsewhere by a plain replace). */
    public static void write(Path file, byte[] bytes) throws IOException {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true); // on the disk before the rename, which would otherwise point at an empty file
        }
        try {
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Replaces file by text in UTF-8, as {@link #write(Path, byte[])}. */
    public static void writeText(Path file, CharSequence text) throws IOException {
        write(file, text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The file's text.
     *
     * @throws IllegalArgumentException when it holds bytes that are not UTF-8 text (a binary or damaged file)
     */
    public static String readText(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        for (int i = 0; i < bytes.length; i++) {
            // In UTF-8 a byte below 0x20 is always that control character, never part of a longer sequence.
            if (bytes[i] >= 0 && bytes[i] < ' ' && bytes[i] != '\n' && bytes[i] != '\r' && bytes[i] != '\t') {
                throw notText(file, "a control character", i);
            }
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            return decoder.decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw notText(file, "bytes that are not UTF-8", firstBadByte(bytes));
        }
    }

    private static IllegalArgumentException notText(Path file, String what, int offset) {
        return new IllegalArgumentException(file + ": not the text this file should hold (" + what + " at byte "
                + offset + "): damaged or overwritten; left as it is");
    }

    /** Where the decoding failed, for the message: the first byte of the first malformed sequence. */
    private static int firstBadByte(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        decoder.decode(in, out, true);
        return in.position();
    }
}
