package horizon.tune.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Piece;
import horizon.board.Position;
import horizon.nnue.Network;
import horizon.testing.RandomWalk;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The 32-byte record: what goes in comes out (board, score, result, kings), from the side to move's view, and the
 * trainer's features of a record are the network's features of its position.
 */
class TrainingRecordTest {
    private static ByteBuffer encode(Position pos, int score, double whiteResult) {
        ByteBuffer buffer = ByteBuffer.allocate(TrainingRecord.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        TrainingRecord.write(pos, score, whiteResult, buffer);
        assertEquals(TrainingRecord.BYTES, buffer.position(), "write advances by one record");
        return buffer;
    }

    /** The piece placement and side to move of a FEN, with castling and en passant as the record keeps them. */
    private static String storedPart(Position pos) {
        String[] fields = pos.toFen().split(" ");
        return fields[0] + " " + fields[1] + " - - 0 1";
    }

    @Test
    void aPositionComesBackFromItsRecordWithEitherSideToMove() {
        SplittableRandom random = new SplittableRandom(91);
        int[] toMove = new int[2];
        for (int i = 0; i < 500; i++) {
            Position pos = RandomWalk.walk(Position.START_FEN, random.nextInt(120), random);
            boolean black = pos.sideToMove() == Piece.BLACK;
            toMove[black ? 1 : 0]++;
            ByteBuffer record = encode(pos, 0, 0.5);
            assertEquals(storedPart(pos), TrainingRecord.toFen(record, 0, black), pos.toFen());
            assertNull(TrainingRecord.problem(record, 0), pos.toFen());
            assertEquals(Long.bitCount(pos.occupied()), TrainingRecord.pieceCount(record, 0));
        }
        assertTrue(toMove[0] > 100 && toMove[1] > 100, "both sides to move tried: " + Arrays.toString(toMove));
    }

    @Test
    void blackToMoveIsStoredMirroredWithColoursSwapped() {
        Position pos = Position.fromFen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
        ByteBuffer record = encode(pos, 0, 0.5);
        // Seen from Black: its king (now "white", colour 0) on e1, the white king on e8 and a pawn on e7.
        assertEquals("4k3/4p3/8/8/8/8/8/4K3 w - - 0 1", TrainingRecord.toFen(record, 0, false));
        assertEquals(4, record.get(27), "ksq: the side to move's king, e1 in the record's view");
        assertEquals(60 ^ 56, record.get(28), "opp_ksq: the other king (e8 in the record's view) seen from its side");
    }

    @Test
    void scoreStaysTheSideToMovesAndResultTurnsToIt() {
        Position white = Position.fromFen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        Position black = Position.fromFen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
        for (double whiteResult : new double[] {1.0, 0.5, 0.0}) {
            ByteBuffer w = encode(white, 150, whiteResult);
            assertEquals(150, TrainingRecord.score(w, 0));
            assertEquals(whiteResult, TrainingRecord.result(w, 0));
            ByteBuffer b = encode(black, -150, whiteResult);
            assertEquals(-150, TrainingRecord.score(b, 0), "the score is already the side to move's (ce)");
            assertEquals(1 - whiteResult, TrainingRecord.result(b, 0), "a White win is Black's loss");
        }
        ByteBuffer b = encode(black, -150, 1.0);
        TrainingRecord.setResult(b, 0, 1.0);
        assertEquals(1.0, TrainingRecord.result(b, 0), "setResult takes the side to move's result");
        assertEquals(2, b.get(26));
    }

    @Test
    void featuresAreTheNetworksFeaturesOfThePosition() {
        SplittableRandom random = new SplittableRandom(768);
        int[] own = new int[TrainingRecord.MAX_PIECES], other = new int[TrainingRecord.MAX_PIECES];
        for (int i = 0; i < 500; i++) {
            Position pos = RandomWalk.walk(Position.START_FEN, random.nextInt(150), random);
            int stm = pos.sideToMove();
            int[] expectedOwn = new int[64], expectedOther = new int[64];
            int n = 0;
            for (long b = pos.occupied(); b != 0; b &= b - 1, n++) {
                int sq = Long.numberOfTrailingZeros(b);
                expectedOwn[n] = Network.featureIndex(stm, pos.pieceAt(sq), sq);
                expectedOther[n] = Network.featureIndex(stm ^ 1, pos.pieceAt(sq), sq);
            }
            assertEquals(n, TrainingRecord.features(encode(pos, 0, 0.5), 0, own, other), pos.toFen());
            assertArrayEqualsSorted(Arrays.copyOf(expectedOwn, n), Arrays.copyOf(own, n), "own, " + pos.toFen());
            assertArrayEqualsSorted(Arrays.copyOf(expectedOther, n), Arrays.copyOf(other, n), "other, " + pos.toFen());
        }
    }

    private static void assertArrayEqualsSorted(int[] expected, int[] actual, String message) {
        int[] e = expected.clone(), a = actual.clone();
        Arrays.sort(e);
        Arrays.sort(a);
        assertEquals(Arrays.toString(e), Arrays.toString(a), message);
    }

    @Test
    void phaseCountsMinorsRooksAndQueens() {
        assertEquals(24, TrainingRecord.phase(encode(Position.startPosition(), 0, 0.5), 0));
        assertEquals(0, TrainingRecord.phase(encode(Position.fromFen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), 0, 0.5), 0));
        assertEquals(7, TrainingRecord.phase(encode(Position.fromFen("3qk3/8/8/8/8/8/4P3/1N2K1R1 b - - 0 1"), 0, 0.5),
                0), "queen 4 + knight 1 + rook 2");
    }

    @Test
    void aDamagedRecordIsNamedNotTrusted() {
        ByteBuffer good = encode(Position.startPosition(), 20, 1.0);
        assertNull(TrainingRecord.problem(good, 0));
        ByteBuffer badResult = copy(good);
        badResult.put(26, (byte) 3);
        assertTrue(TrainingRecord.problem(badResult, 0).contains("result"));
        ByteBuffer badPadding = copy(good);
        badPadding.put(31, (byte) 1);
        assertTrue(TrainingRecord.problem(badPadding, 0).contains("padding"));
        ByteBuffer badKing = copy(good);
        badKing.put(27, (byte) 3);
        assertTrue(TrainingRecord.problem(badKing, 0).contains("king"));
        ByteBuffer noPieces = ByteBuffer.allocate(TrainingRecord.BYTES);
        assertTrue(TrainingRecord.problem(noPieces, 0).contains("kings"), "all zero bytes: no kings");
    }

    @Test
    void aScoreBeyondSixteenBitsIsRefused() {
        ByteBuffer buffer = ByteBuffer.allocate(TrainingRecord.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        assertThrows(IllegalArgumentException.class,
                () -> TrainingRecord.write(Position.startPosition(), 40_000, 0.5, buffer));
    }

    private static ByteBuffer copy(ByteBuffer record) {
        ByteBuffer copy = ByteBuffer.allocate(TrainingRecord.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        copy.put(record.duplicate().clear());
        return copy;
    }

    /** The FEN of the position with files a-h swapped (castling and en passant dropped, as a record drops them). */
    private static String mirrorImage(Position pos) {
        String[] fields = pos.toFen().split(" ");
        StringBuilder board = new StringBuilder();
        for (String rank : fields[0].split("/")) {
            board.append(board.length() == 0 ? "" : "/").append(new StringBuilder(rank).reverse());
        }
        return board + " " + fields[1] + " - - 0 1";
    }

    private static int[] sortedFeatures(ByteBuffer record, boolean own, boolean mirror) {
        int[] mine = new int[TrainingRecord.MAX_PIECES], theirs = new int[TrainingRecord.MAX_PIECES];
        int count = TrainingRecord.features(record, 0, mine, theirs);
        if (mirror) {
            TrainingRecord.mirrorFiles(mine, theirs, count);
        }
        int[] features = Arrays.copyOf(own ? mine : theirs, count);
        Arrays.sort(features);
        return features;
    }

    @Test
    void mirroredFeaturesAreThoseOfTheMirrorImage() {
        SplittableRandom random = new SplittableRandom(93);
        for (int i = 0; i < 300; i++) {
            Position pos = RandomWalk.walk(Position.START_FEN, random.nextInt(100), random);
            ByteBuffer record = encode(pos, 0, 0.5);
            ByteBuffer image = encode(Position.fromFen(mirrorImage(pos)), 0, 0.5);
            for (boolean own : new boolean[] {true, false}) {
                assertArrayEquals(sortedFeatures(image, own, false), sortedFeatures(record, own, true), pos.toFen());
                assertArrayEquals(sortedFeatures(record, own, false), sortedFeatures(image, own, true),
                        "mirroring twice is the identity: " + pos.toFen());
            }
        }
        // One by hand: White's king e1 and pawn a2 become a king on d1 and a pawn on h2.
        ByteBuffer record = encode(Position.fromFen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"), 0, 0.5);
        int[] own = sortedFeatures(record, true, true);
        assertArrayEquals(new int[] {15, 5 * 64 + 3, 384 + 5 * 64 + 59}, own);
    }
}
