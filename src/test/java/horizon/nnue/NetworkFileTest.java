package horizon.nnue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Net files: a round trip, bullet's headerless layout, and every kind of damage answered with one line. */
class NetworkFileTest {
    private static final Network NET = RandomNetworks.make(32, 4);

    @TempDir
    Path dir;

    private static void assertSameNetwork(Network expected, Network actual) {
        assertEquals(expected.hidden(), actual.hidden());
        assertArrayEquals(expected.inputWeights(), actual.inputWeights());
        assertArrayEquals(expected.inputBias(), actual.inputBias());
        assertArrayEquals(expected.outputWeights(), actual.outputWeights());
        assertArrayEquals(expected.outputBias(), actual.outputBias());
        assertEquals(expected.qb(), actual.qb());
    }

    @Test
    void aWrittenNetworkReadsBackTheSame() throws Exception {
        Path file = dir.resolve("net.nnue");
        NetworkFile.write(file, NET);
        assertEquals(NetworkFile.HEADER_BYTES + NetworkFile.payloadBytes(32, 1), Files.size(file));
        assertSameNetwork(NET, NetworkFile.read(file));
        assertTrue(NetworkFile.hasMagic(Files.readAllBytes(file)));
        // Horizon's own nets carry their finer output scale in the header, and read back with it.
        Network fine = new Network(32, NET.inputWeights(), NET.inputBias(), NET.outputWeights(), NET.outputBias()[0],
                Network.HORIZON_QB);
        NetworkFile.write(file, fine);
        assertSameNetwork(fine, NetworkFile.read(file));
    }

    @Test
    void aNetWithOutputBucketsIsVersionTwoAndASingleOutputKeepsVersionOnesBytes() throws Exception {
        Network bucketed = RandomNetworks.make(32, 8, 5);
        byte[] bytes = NetworkFile.bytes(bucketed);
        ByteBuffer header = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(2, header.getInt(4), "version");
        assertEquals(8, header.getInt(40), "output buckets");
        assertEquals(NetworkFile.BUCKETED_HEADER_BYTES + NetworkFile.payloadBytes(32, 8), bytes.length);
        Network back = NetworkFile.parse(bytes);
        assertEquals(8, back.outputBuckets());
        assertSameNetwork(bucketed, back);
        // A single output is still written as version 1, byte for byte what it was read from.
        byte[] single = NetworkFile.bytes(NET);
        assertEquals(1, ByteBuffer.wrap(single).order(ByteOrder.LITTLE_ENDIAN).getInt(4));
        assertArrayEquals(single, NetworkFile.bytes(NetworkFile.parse(single)));
        // Damage to the bucket count is refused with one line.
        byte[] none = bytes.clone();
        ByteBuffer.wrap(none).order(ByteOrder.LITTLE_ENDIAN).putInt(40, 1);
        assertTrue(failure(none).contains("output buckets 1"));
        byte[] more = bytes.clone();
        ByteBuffer.wrap(more).order(ByteOrder.LITTLE_ENDIAN).putInt(40, 9);
        assertTrue(failure(more).contains("needs"));
        assertTrue(failure(Arrays.copyOf(bytes, 42)).startsWith("truncated header"));
    }

    @Test
    void aBulletQuantisedNetWithoutHeaderLoadsByItsSize() throws Exception {
        byte[] ours = NetworkFile.bytes(NET);
        byte[] payload = Arrays.copyOfRange(ours, NetworkFile.HEADER_BYTES, ours.length);
        byte[] bullet = Arrays.copyOf(payload, (payload.length + 63) / 64 * 64); // bullet pads to 64 bytes
        Path file = dir.resolve("quantised.bin");
        Files.write(file, bullet);
        assertFalse(NetworkFile.hasMagic(bullet));
        assertSameNetwork(NET, NetworkFile.read(file));
    }

    @Test
    void aNetworkIsToldFromAWeightsFileByItsFirstBytes() throws Exception {
        Path ours = dir.resolve("net.nnue"), bullet = dir.resolve("quantised.bin"), weights = dir.resolve("w.txt");
        NetworkFile.write(ours, NET);
        byte[] bytes = NetworkFile.bytes(NET);
        Files.write(bullet, Arrays.copyOfRange(bytes, NetworkFile.HEADER_BYTES, bytes.length));
        Files.writeString(weights, "horizon-weights 2\nname mine\nmaterial P 100 100\n");
        assertTrue(NetworkFile.isNetwork(ours), "the magic");
        assertTrue(NetworkFile.isNetwork(bullet), "binary content: a bullet net");
        assertFalse(NetworkFile.isNetwork(weights), "text: a weights file");
        assertFalse(NetworkFile.isNetwork(dir.resolve("missing")), "the weights reader explains a missing path");
        assertFalse(NetworkFile.isNetwork(dir), "nor a folder");
    }

    private static String failure(byte[] bytes) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NetworkFile.parse(bytes));
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e.getMessage();
    }

    @Test
    void damagedFilesAreRefusedWithOneLineSayingWhy() {
        byte[] good = NetworkFile.bytes(NET);
        assertTrue(failure(Arrays.copyOf(good, good.length - 100)).startsWith("truncated"));
        assertTrue(failure(Arrays.copyOf(good, 20)).startsWith("truncated header"));
        assertTrue(failure(Arrays.copyOf(good, good.length + 2)).startsWith("too long"));
        byte[] flipped = good.clone();
        flipped[good.length / 2] ^= 1;
        assertTrue(failure(flipped).contains("checksum"));
        byte[] wider = good.clone();
        ByteBuffer.wrap(wider).order(ByteOrder.LITTLE_ENDIAN).putInt(12, 48); // hidden width 48, payload of 32
        assertTrue(failure(wider).contains("needs"));
        byte[] otherScale = good.clone();
        ByteBuffer.wrap(otherScale).order(ByteOrder.LITTLE_ENDIAN).putInt(28, 600);
        assertTrue(failure(otherScale).contains("scale 600"));
        byte[] version = good.clone();
        ByteBuffer.wrap(version).order(ByteOrder.LITTLE_ENDIAN).putInt(4, 7);
        assertTrue(failure(version).contains("version 7"));
        // A text file (a weights file, or anything else) is neither format.
        assertTrue(failure("mg pawn 100\neg pawn 120\n".getBytes(StandardCharsets.US_ASCII))
                .startsWith("neither a Horizon network"));
        assertTrue(failure(new byte[0]).startsWith("neither"));
    }
}
