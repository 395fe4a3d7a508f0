package horizon.nnue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Position;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Output buckets: which bucket a piece count meets, and that a position is scored through that bucket alone. */
class OutputBucketsTest {
    private static final List<String> FENS = List.of(
            "8/8/4k3/8/8/3QK3/8/8 w - - 0 1",
            "8/2p2k2/3b4/3r4/8/2R1K3/4PN2/8 w - - 0 1",
            "r4rk1/pp3ppp/8/8/8/8/PP3PPP/R4RK1 b - - 0 1",
            "r1bq1rk1/pp3ppp/2n5/8/8/2N5/PP3PPP/R1BQ1RK1 w - - 0 1",
            Position.START_FEN);

    @Test
    void eightBucketsTakeFourPieceCountsEachFromTwoPieces() {
        assertEquals(List.of(0, 0, 0, 0, 1, 1, 1, 1, 2), IntStream.rangeClosed(2, 10)
                .map(n -> Network.outputBucket(n, 8)).boxed().toList());
        assertEquals(6, Network.outputBucket(29, 8));
        assertEquals(7, Network.outputBucket(30, 8));
        assertEquals(7, Network.outputBucket(32, 8));
        for (int n = 2; n <= 32; n++) {
            assertEquals(0, Network.outputBucket(n, 1), "one bucket takes every position");
        }
    }

    /** The same network with bucket k's output layer replaced by another's. */
    private static Network withBucket(Network net, int k, Network donor) {
        int width = 2 * net.hidden();
        short[] weights = net.outputWeights(), bias = net.outputBias();
        System.arraycopy(donor.outputWeights(), 0, weights, k * width, width);
        bias[k] = donor.outputBias()[0];
        return new Network(net.hidden(), net.outputBuckets(), net.inputWeights(), net.inputBias(), weights, bias,
                net.qb());
    }

    @Test
    void aPositionIsScoredThroughItsOwnBucketOnly() {
        Network single = RandomNetworks.make(32, 21);
        Network bucketed = RandomNetworks.make(32, 8, 21); // the same first layer (the same stream) as single
        for (String fen : FENS) {
            Position pos = Position.fromFen(fen);
            int k = bucketed.outputBucket(pos);
            Network swapped = withBucket(bucketed, k, single);
            assertEquals(single.evaluate(pos), swapped.evaluate(pos), fen + ": bucket " + k + " is single's layer");
            Accumulators acc = new Accumulators(swapped);
            acc.reset(pos);
            assertEquals(single.evaluate(pos), acc.evaluate(pos), fen + ", incrementally");
            Network other = withBucket(bucketed, (k + 1) % 8, single);
            assertEquals(bucketed.evaluate(pos), other.evaluate(pos), fen + ": another bucket changes nothing");
        }
        long distinct = FENS.stream().map(Position::fromFen).mapToInt(bucketed::outputBucket).distinct().count();
        assertTrue(distinct >= 4, "the positions meet several buckets: " + distinct);
    }

    @Test
    void aPiecesValueOnTheBoardOfValuesIsScoredWithOnePieceLessInItsBucket() {
        Network bucketed = RandomNetworks.make(32, 8, 3);
        Position pos = Position.fromFen("r4rk1/pp3ppp/8/8/8/8/PP3P2/R4RK1 b - - 0 1"); // 14 pieces: bucket 3
        Position without = Position.fromFen("r4rk1/pp3ppp/8/8/8/8/PP6/R4RK1 b - - 0 1"); // f2 gone: 13, bucket 2
        assertEquals(3, bucketed.outputBucket(pos));
        assertEquals(2, bucketed.outputBucket(without));
        assertEquals(bucketed.evaluate(without), bucketed.evaluateWithout(pos, 13));
    }
}
