package horizon.nnue;

import horizon.board.Piece;
import horizon.board.Position;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Properties;

/**
 * A quantised perspective network, (768 → N)×2 → 1 with SCReLU: each side's accumulator sums the first layer's
 * weights of the pieces it sees (its own pieces first, squares from its own back rank), the side to move's
 * accumulator meets the first half of the output weights and the other side's the second half.
 *
 * <p>The output layer may come in {@link #outputBuckets} copies, chosen by the number of pieces on the board (8
 * buckets: 2-5 pieces use the first, 30-32 the last), so that an ending and a middlegame weigh the same hidden
 * features differently; the accumulators do not depend on the bucket, so a bucket costs nothing per move.
 *
 * <p>Integers throughout, as bullet quantises: the first layer at {@link #QA}, the output weights at {@link #QB},
 * the output bias at QA·QB, and the result scaled by {@link #SCALE} into centipawns. Immutable once built, so
 * every search thread shares one.
 */
public final class Network {
    public static final int INPUTS = 768;
    public static final int QA = 255, SCALE = 400;
    /** bullet's output-weight scale, what a headerless bullet net is quantised at. */
    public static final int QB = 64;
    /**
     * The output-weight scale of Horizon's own nets. At 64 the rounding of the output weights alone moved a trained
     * net's score by 10-14 cp on average from its float model (QuantisationAgreementTest); four times finer moves it
     * by a few. The weights still fit int16 (1.98 × 256 = 507), and the int dot product stays exact while the true
     * sum fits an int, for any net scoring within ±129 output units (51,600 cp): int additions wrap, so only the
     * final sum must fit, not the partial ones.
     */
    public static final int HORIZON_QB = 256;
    /** Largest output-weight scale a file may name: 1.98 × QB must fit int16. */
    public static final int MAX_QB = 16384;
    /** Most output buckets a network may have: one per piece count from 2 to 32 would be 31. */
    public static final int MAX_OUTPUT_BUCKETS = 32;
    /** The widest hidden layer a net file, the trainer's --hidden or a checkpoint may hold. */
    public static final int MAX_HIDDEN = 4096;

    /**
     * The hidden-width rule, the one every net file, network, trainer plan and checkpoint keeps: a multiple of 16
     * (the vector kernel's loops are written for it) from 16 to {@link #MAX_HIDDEN}.
     */
    public static boolean isHiddenWidth(int hidden) {
        return hidden >= 16 && hidden <= MAX_HIDDEN && hidden % 16 == 0;
    }

    /**
     * Largest score the network gives, in centipawns: well below the search's tablebase and mate scores, and within
     * what its table keeps of a static evaluation, whatever weights a file holds.
     */
    public static final int MAX_SCORE = 8000;

    /**
     * Names the jar's network, if it has one: the build writes the file's name (the pom's horizon.network) here and
     * copies the file beside it in this package, so the name under tuning/nnue/nets is the name in the jar.
     */
    static final String BUILT_IN_NAME = "builtin.properties";
    private static volatile Network builtIn;
    private static volatile boolean builtInLoaded;

    /**
     * The network built into the jar, read on first use (the UCI path does not pay for it unless it plays with
     * it), or null when the jar has none.
     */
    public static Network builtIn() {
        if (!builtInLoaded) {
            synchronized (Network.class) {
                if (!builtInLoaded) {
                    String file = builtInFile();
                    try (InputStream in = file == null ? null : Network.class.getResourceAsStream(file)) {
                        builtIn = in == null ? null : NetworkFile.read(in);
                    } catch (IOException e) {
                        throw new UncheckedIOException("the built-in network cannot be read", e);
                    }
                    builtInLoaded = true;
                }
            }
        }
        return builtIn;
    }

    /**
     * The file name of the jar's network (as under tuning/nnue/nets), or null when the jar names none: classes run
     * without the build's resources, or a build that left the placeholder unfilled.
     */
    public static String builtInFile() {
        try (InputStream in = Network.class.getResourceAsStream(BUILT_IN_NAME)) {
            if (in == null) {
                return null;
            }
            Properties properties = new Properties();
            properties.load(in);
            String file = properties.getProperty("file", "").trim();
            return file.isEmpty() || file.contains("${") || file.contains("/") ? null : file;
        } catch (IOException e) {
            throw new UncheckedIOException("the built-in network's name cannot be read", e);
        }
    }

    final int hidden;
    /**
     * First layer, one array per input: with rows of their own, C2 vectorises the scalar kernel's updates, which
     * over one flat array with offsets it did not (NetworkBench: 71 against 406 ns a quiet move at N = 128,
     * docs/nnue.md#costs).
     */
    final short[][] inputWeights;
    final short[] inputBias;
    /** Output buckets: 1 (a single output) or more, chosen by {@link #outputBucket}. */
    final int outputBuckets;
    /** Output weights per bucket: [0, N) for the side to move's accumulator, [N, 2N) for the other side's. */
    final short[][] outputWeights;
    /** Output bias per bucket. */
    final short[] outputBias;
    /** The output weights' scale; the output bias is at QA · qb. */
    final int qb;

    /** A network quantised at bullet's QB. */
    public Network(int hidden, short[] inputWeights, short[] inputBias, short[] outputWeights, short outputBias) {
        this(hidden, inputWeights, inputBias, outputWeights, outputBias, QB);
    }

    public Network(int hidden, short[] inputWeights, short[] inputBias, short[] outputWeights, short outputBias,
                   int qb) {
        this(hidden, 1, inputWeights, inputBias, outputWeights, new short[] {outputBias}, qb);
    }

    /**
     * A network with output buckets: outputWeights holds each bucket's 2N weights one bucket after the other,
     * outputBias one bias per bucket.
     */
    public Network(int hidden, int outputBuckets, short[] inputWeights, short[] inputBias, short[] outputWeights,
                   short[] outputBias, int qb) {
        if (outputBuckets < 1 || outputBuckets > MAX_OUTPUT_BUCKETS) {
            throw new IllegalArgumentException("output buckets " + outputBuckets + " is not within 1-"
                    + MAX_OUTPUT_BUCKETS);
        }
        if (qb < 1 || qb > MAX_QB) {
            throw new IllegalArgumentException("output scale QB " + qb + " is not within 1-" + MAX_QB);
        }
        if (!isHiddenWidth(hidden)) {
            throw new IllegalArgumentException("hidden width must be a multiple of 16 from 16 to " + MAX_HIDDEN
                    + ", not " + hidden);
        }
        if (inputWeights.length != INPUTS * hidden || inputBias.length != hidden
                || outputWeights.length != outputBuckets * 2 * hidden || outputBias.length != outputBuckets) {
            throw new IllegalArgumentException("layer sizes do not match a 768 -> " + hidden + " x2 -> "
                    + outputBuckets + " network");
        }
        this.hidden = hidden;
        this.inputWeights = new short[INPUTS][];
        for (int f = 0; f < INPUTS; f++) {
            this.inputWeights[f] = Arrays.copyOfRange(inputWeights, f * hidden, (f + 1) * hidden);
        }
        this.inputBias = inputBias.clone();
        this.outputBuckets = outputBuckets;
        this.outputWeights = new short[outputBuckets][];
        for (int b = 0; b < outputBuckets; b++) {
            this.outputWeights[b] = Arrays.copyOfRange(outputWeights, b * 2 * hidden, (b + 1) * 2 * hidden);
        }
        this.outputBias = outputBias.clone();
        this.qb = qb;
    }

    public int hidden() {
        return hidden;
    }

    public int outputBuckets() {
        return outputBuckets;
    }

    /**
     * The output bucket of a position with this many pieces on the board (kings included), among this many
     * buckets: 32 / buckets piece counts each (rounded up), from 2 pieces up; the trainer uses the same rule.
     */
    public static int outputBucket(int pieces, int buckets) {
        int piecesPerBucket = (32 + buckets - 1) / buckets;
        return Math.min(buckets - 1, Math.max(0, pieces - 2) / piecesPerBucket);
    }

    /** The output bucket pos is scored with. */
    public int outputBucket(Position pos) {
        return outputBucket(Long.bitCount(pos.occupied()), outputBuckets);
    }

    /**
     * "768->128x2->1 SCReLU", or "768->128x2->1 SCReLU, 8 output buckets": the shape, as the engine's messages and
     * the eval report name it.
     */
    public String architecture() {
        return INPUTS + "->" + hidden + "x2->1 SCReLU" + (outputBuckets > 1 ? ", " + outputBuckets + " output buckets"
                : "");
    }

    /**
     * Input index of a piece on a square as the side {@code perspective} sees it: own pieces 0..383, the other
     * side's 384..767, by type (pawn first) and square, the board mirrored for Black so that every side looks
     * from its own back rank.
     */
    public static int featureIndex(int perspective, int piece, int square) {
        return (Piece.color(piece) == perspective ? 0 : 384) + (Piece.type(piece) - 1) * 64
                + (perspective == Piece.WHITE ? square : square ^ 56);
    }

    /** The first layer as one input-major array, the file's layout. */
    public short[] inputWeights() {
        short[] flat = new short[INPUTS * hidden];
        for (int f = 0; f < INPUTS; f++) {
            System.arraycopy(inputWeights[f], 0, flat, f * hidden, hidden);
        }
        return flat;
    }

    public short[] inputBias() {
        return inputBias.clone();
    }

    /** Every bucket's output weights, one bucket's 2N after the other (the file's layout). */
    public short[] outputWeights() {
        short[] flat = new short[outputBuckets * 2 * hidden];
        for (int b = 0; b < outputBuckets; b++) {
            System.arraycopy(outputWeights[b], 0, flat, b * 2 * hidden, 2 * hidden);
        }
        return flat;
    }

    /** Each bucket's output bias. */
    public short[] outputBias() {
        return outputBias.clone();
    }

    /** The output weights' quantisation scale (bullet's 64, or {@link #HORIZON_QB} for Horizon's own nets). */
    public int qb() {
        return qb;
    }

    /**
     * Fills a perspective's accumulator from scratch: the bias plus every piece's weights. The reference the
     * incremental updates are tested against, and the refresh at the root of a search.
     */
    public void refresh(Position pos, int perspective, short[] accumulator) {
        System.arraycopy(inputBias, 0, accumulator, 0, hidden);
        for (long b = pos.occupied(); b != 0; b &= b - 1) {
            int sq = Long.numberOfTrailingZeros(b);
            short[] row = inputWeights[featureIndex(perspective, pos.pieceAt(sq), sq)];
            for (int i = 0; i < hidden; i++) {
                accumulator[i] += row[i];
            }
        }
    }

    /**
     * The output, in centipawns from the side to move's view, of the two accumulators. Scalar; the kernels compute
     * the same integers faster.
     */
    int output(short[] own, short[] other, int bucket) {
        short[] weights = outputWeights[bucket];
        int sum = 0;
        for (int i = 0; i < hidden; i++) {
            int v = Math.min(Math.max(own[i], 0), QA);
            int w = Math.min(Math.max(other[i], 0), QA);
            sum += v * v * weights[i] + w * w * weights[hidden + i];
        }
        return finish(sum, bucket);
    }

    /** From the dot product of the activations with a bucket's output weights to centipawns. */
    int finish(int sum, int bucket) {
        // In long: times SCALE, a large output would overflow an int before the division brings it back.
        long score = (long) (sum / QA + outputBias[bucket]) * SCALE / (QA * qb);
        return (int) Math.max(-MAX_SCORE, Math.min(MAX_SCORE, score));
    }

    /**
     * The network's score of pos with the piece on square removed, from scratch, side to move's view: what that
     * piece is worth to the network (the "eval" command's board of piece values).
     */
    public int evaluateWithout(Position pos, int square) {
        short[] white = new short[hidden], black = new short[hidden];
        refresh(pos, Piece.WHITE, white);
        refresh(pos, Piece.BLACK, black);
        int piece = pos.pieceAt(square);
        short[] w = inputWeights[featureIndex(Piece.WHITE, piece, square)];
        short[] b = inputWeights[featureIndex(Piece.BLACK, piece, square)];
        for (int i = 0; i < hidden; i++) {
            white[i] -= w[i];
            black[i] -= b[i];
        }
        int bucket = outputBucket(Long.bitCount(pos.occupied()) - 1, outputBuckets);
        return pos.sideToMove() == Piece.WHITE ? output(white, black, bucket) : output(black, white, bucket);
    }

    /** The network's score of pos from scratch, in centipawns from the side to move's view (allocates: for
     * reports such as {@code eval} and for tests; the search uses {@link Accumulators}). */
    public int evaluate(Position pos) {
        short[] white = new short[hidden], black = new short[hidden];
        refresh(pos, Piece.WHITE, white);
        refresh(pos, Piece.BLACK, black);
        int bucket = outputBucket(pos);
        return pos.sideToMove() == Piece.WHITE ? output(white, black, bucket) : output(black, white, bucket);
    }
}
