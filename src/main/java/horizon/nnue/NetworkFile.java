package horizon.nnue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.CRC32;

/**
 * Reads and writes network files. Horizon's own format is a 40-byte header and bullet's quantised layout:
 *
 * <pre>
 *   "HZNN"  magic (4 bytes)
 *   u32     version (1), inputs (768), hidden width N, activation (1 = SCReLU), QA (255), QB (the output
 *           weights' scale: 64 in bullet's nets, 256 in Horizon's), scale (400),
 *           payload length in bytes, CRC32 of the payload
 *   payload i16 little-endian: input weights [768][N] (input-major), input bias [N], output weights [2N] (the
 *           side to move's half first), output bias [1]
 * </pre>
 *
 * Version 2 names output buckets: a 44-byte header, the same fields and then u32 output buckets B (2 or more), and
 * a payload whose output weights are [B][2N] (bucket-major) and output bias [B]. A single-output net is written as
 * version 1, so the nets made before buckets keep their bytes, and both versions load.
 *
 * A headerless file is read as bullet's own {@code quantised.bin} of the same architecture: the payload alone,
 * zero-padded to a multiple of 64 bytes, its width found from its size. Every failure is an
 * {@link IllegalArgumentException} with one line saying what is wrong, so that a bad file never replaces a
 * network in use.
 */
public final class NetworkFile {
    static final byte[] MAGIC = {'H', 'Z', 'N', 'N'};
    static final int VERSION = 1, BUCKETED_VERSION = 2, SCRELU = 1;
    static final int HEADER_BYTES = 40, BUCKETED_HEADER_BYTES = 44;

    private NetworkFile() {
    }

    public static Network read(Path file) throws IOException {
        return parse(Files.readAllBytes(file));
    }

    /** Reads a network from a stream (a resource in the jar). */
    public static Network read(InputStream in) throws IOException {
        return parse(in.readAllBytes());
    }

    /** Whether the bytes begin with Horizon's network magic. */
    public static boolean hasMagic(byte[] start) {
        if (start.length < MAGIC.length) {
            return false;
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (start[i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a file is a network rather than a linear weights file (EvalFile takes both): Horizon's magic, or
     * binary content, which a bullet net without a header is and a weights file, being text, never is. False for a
     * path that is not a regular file, so that the weights reader says what is wrong with it.
     */
    public static boolean isNetwork(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        byte[] start;
        try (InputStream in = Files.newInputStream(file)) {
            start = in.readNBytes(512);
        }
        return isNetwork(start);
    }

    /** {@link #isNetwork(Path)} on a file's first bytes. */
    public static boolean isNetwork(byte[] start) {
        return hasMagic(start) || isBinary(start);
    }

    /** A NUL byte or another control byte below the tab: not text. */
    private static boolean isBinary(byte[] start) {
        for (byte b : start) {
            if (b == 0 || (b > 0 && b < 9)) {
                return true;
            }
        }
        return false;
    }

    /** Parses a whole file's bytes: Horizon's format when the magic is there, else a bullet quantised.bin. */
    public static Network parse(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (!hasMagic(bytes)) {
            return parseBullet(in, bytes.length);
        }
        if (bytes.length < HEADER_BYTES) {
            throw new IllegalArgumentException("truncated header: " + bytes.length + " bytes, a network file has "
                    + HEADER_BYTES + " before its weights");
        }
        in.position(MAGIC.length);
        int version = in.getInt(), inputs = in.getInt(), hidden = in.getInt(), activation = in.getInt();
        int qa = in.getInt(), qb = in.getInt(), scale = in.getInt(), length = in.getInt(), crc = in.getInt();
        if (version != VERSION && version != BUCKETED_VERSION) {
            throw new IllegalArgumentException("format version " + version + ", this engine reads " + VERSION
                    + " and " + BUCKETED_VERSION);
        }
        int headerBytes = HEADER_BYTES, buckets = 1;
        if (version == BUCKETED_VERSION) {
            if (bytes.length < BUCKETED_HEADER_BYTES) {
                throw new IllegalArgumentException("truncated header: " + bytes.length + " bytes, a version 2 "
                        + "network file has " + BUCKETED_HEADER_BYTES + " before its weights");
            }
            headerBytes = BUCKETED_HEADER_BYTES;
            buckets = in.getInt();
            if (buckets < 2 || buckets > Network.MAX_OUTPUT_BUCKETS) {
                throw new IllegalArgumentException("output buckets " + buckets + " is not within 2-"
                        + Network.MAX_OUTPUT_BUCKETS);
            }
        }
        if (inputs != Network.INPUTS || activation != SCRELU || qa != Network.QA || qb < 1 || qb > Network.MAX_QB
                || scale != Network.SCALE) {
            throw new IllegalArgumentException(String.format("architecture %d inputs, activation %d, QA %d, QB %d, "
                    + "scale %d; this engine plays 768 inputs, SCReLU (1), QA 255, QB 1-%d, scale 400",
                    inputs, activation, qa, qb, scale, Network.MAX_QB));
        }
        if (!Network.isHiddenWidth(hidden)) {
            throw new IllegalArgumentException("hidden width " + hidden + " is not a multiple of 16 up to "
                    + Network.MAX_HIDDEN);
        }
        if (length != payloadBytes(hidden, buckets)) {
            throw new IllegalArgumentException("header says " + length + " payload bytes, a width of " + hidden
                    + (buckets > 1 ? " with " + buckets + " output buckets" : "") + " needs "
                    + payloadBytes(hidden, buckets));
        }
        if (bytes.length != headerBytes + length) {
            throw new IllegalArgumentException((bytes.length < headerBytes + length ? "truncated" : "too long")
                    + ": " + bytes.length + " bytes, the header promises " + (headerBytes + length));
        }
        CRC32 check = new CRC32();
        check.update(bytes, headerBytes, length);
        if ((int) check.getValue() != crc) {
            throw new IllegalArgumentException("checksum mismatch: the weights are damaged");
        }
        in.position(headerBytes);
        return layers(in, hidden, buckets, qb);
    }

    private static Network parseBullet(ByteBuffer in, int size) {
        for (int hidden = 16; hidden <= Network.MAX_HIDDEN; hidden += 16) { // every width the rule allows
            int payload = payloadBytes(hidden, 1);
            if ((payload + 63) / 64 * 64 == size) {
                in.position(0);
                return layers(in, hidden, 1, Network.QB);
            }
        }
        throw new IllegalArgumentException("neither a Horizon network (no HZNN header) nor a bullet 768->Nx2->1 "
                + "quantised net (no width gives " + size + " bytes)");
    }

    private static Network layers(ByteBuffer in, int hidden, int buckets, int qb) {
        short[] inputWeights = shorts(in, Network.INPUTS * hidden);
        short[] inputBias = shorts(in, hidden);
        short[] outputWeights = shorts(in, buckets * 2 * hidden);
        short[] outputBias = shorts(in, buckets);
        return new Network(hidden, buckets, inputWeights, inputBias, outputWeights, outputBias, qb);
    }

    private static short[] shorts(ByteBuffer in, int n) {
        short[] values = new short[n];
        in.asShortBuffer().get(values);
        in.position(in.position() + 2 * n);
        return values;
    }

    static int payloadBytes(int hidden, int buckets) {
        return 2 * (Network.INPUTS * hidden + hidden + buckets * (2 * hidden + 1));
    }

    /** The file's bytes: header and payload (version 1 for a single output, 2 with output buckets). */
    public static byte[] bytes(Network net) {
        int hidden = net.hidden, buckets = net.outputBuckets;
        int headerBytes = buckets == 1 ? HEADER_BYTES : BUCKETED_HEADER_BYTES;
        int length = payloadBytes(hidden, buckets);
        ByteBuffer out = ByteBuffer.allocate(headerBytes + length).order(ByteOrder.LITTLE_ENDIAN);
        out.position(headerBytes);
        out.asShortBuffer().put(net.inputWeights()).put(net.inputBias).put(net.outputWeights())
                .put(net.outputBias);
        byte[] bytes = out.array();
        CRC32 check = new CRC32();
        check.update(bytes, headerBytes, length);
        out.position(0);
        out.put(MAGIC).putInt(buckets == 1 ? VERSION : BUCKETED_VERSION).putInt(Network.INPUTS).putInt(hidden)
                .putInt(SCRELU).putInt(Network.QA).putInt(net.qb).putInt(Network.SCALE).putInt(length)
                .putInt((int) check.getValue());
        if (buckets > 1) {
            out.putInt(buckets);
        }
        return bytes;
    }

    public static void write(Path file, Network net) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(tmp, bytes(net));
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    public static void write(OutputStream out, Network net) throws IOException {
        out.write(bytes(net));
    }
}
