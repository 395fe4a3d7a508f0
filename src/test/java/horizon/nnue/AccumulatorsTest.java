package horizon.nnue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Chess960;
import horizon.board.Move;
import horizon.board.MoveGenerator;
import horizon.board.Piece;
import horizon.board.Position;
import horizon.io.EpdRecord;
import horizon.testing.PerftSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The incremental accumulators against a refresh from scratch, along long random walks of moves, unmakes and null
 * moves: every kind of move (captures, castling in standard chess and Chess960, en passant, promotions) must
 * change exactly the features it changes, on both kernels.
 */
class AccumulatorsTest {
    private static final Network NET = RandomNetworks.make(48, 11);
    /** Eight output buckets: the walks' captures carry positions across them. */
    private static final Network BUCKETED = RandomNetworks.make(32, 8, 12);

    /** Start positions: the standard one, the perft suite's tricky ones (castling, ep, promotions) and Chess960. */
    private static List<String> starts() {
        List<String> fens = new ArrayList<>();
        fens.add(Position.START_FEN);
        for (EpdRecord record : PerftSuite.records()) {
            fens.add(record.fen());
        }
        for (int i = 0; i < 40; i++) {
            fens.add(Chess960.startFen(i * 23 % Chess960.COUNT));
        }
        return fens;
    }

    @Test
    void incrementalAccumulatorsEqualARefreshAlongRandomWalksOnBothKernels() {
        List<Kernel> kernels = new ArrayList<>(List.of(new ScalarKernel()));
        Kernel vector = Kernel.vectorKernel();
        assertNotNull(vector, "the tests run with --add-modules jdk.incubator.vector (surefire's argLine)");
        kernels.add(vector);
        for (Kernel kernel : kernels) {
            Counts bucketed = walk(BUCKETED, kernel);
            assertTrue(bucketed.captures > 500, () -> kernel.name() + ", buckets: " + bucketed);
            Counts seen = walk(NET, kernel);
            assertTrue(seen.castling > 50 && seen.enPassant > 5 && seen.promotions > 20 && seen.captures > 500
                    && seen.nulls > 100, () -> kernel.name() + ": the walks missed a kind of move: " + seen);
        }
    }

    private static final class Counts {
        int moves, castling, enPassant, promotions, captures, nulls;

        @Override
        public String toString() {
            return moves + " moves, " + castling + " castling, " + enPassant + " en passant, " + promotions
                    + " promotions, " + captures + " captures, " + nulls + " null moves";
        }
    }

    private static Counts walk(Network net, Kernel kernel) {
        SplittableRandom random = new SplittableRandom(5);
        Accumulators acc = new Accumulators(net, kernel);
        Counts counts = new Counts();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        short[] expected = new short[net.hidden];
        for (String fen : starts()) {
            Position pos = Position.fromFen(fen);
            acc.reset(pos);
            // A stack of made moves: walk forward, now and then unmake a few, so entries are reused.
            int[] line = new int[Accumulators.DEPTH];
            boolean[] nullMove = new boolean[Accumulators.DEPTH];
            int depth = 0;
            for (int step = 0; step < 400; step++) {
                int n = MoveGenerator.generateAll(pos, moves);
                boolean back = depth > 0 && (n == 0 || depth >= 200 || random.nextInt(4) == 0);
                if (back) {
                    int undo = 1 + random.nextInt(Math.min(depth, 3));
                    for (int i = 0; i < undo; i++) {
                        depth--;
                        if (nullMove[depth]) {
                            pos.unmakeNullMove();
                        } else {
                            pos.unmakeMove(line[depth]);
                            acc.pop();
                        }
                    }
                } else if (n == 0) {
                    break;
                } else if (!pos.inCheck() && random.nextInt(10) == 0) {
                    pos.makeNullMove();
                    nullMove[depth++] = true;
                    counts.nulls++;
                } else {
                    int m = pick(moves, n, random);
                    count(counts, m);
                    acc.push(pos, m);
                    pos.makeMove(m);
                    line[depth] = m;
                    nullMove[depth++] = false;
                }
                // Evaluate only now and then, so that updates also run several plies at once (the lazy path).
                if (random.nextInt(3) == 0) {
                    for (int side = Piece.WHITE; side <= Piece.BLACK; side++) {
                        net.refresh(pos, side, expected);
                        String where = pos.toFen() + " after " + counts;
                        assertArrayEquals(expected, acc.accumulator(side), () -> "accumulator of " + where);
                    }
                    assertEquals(net.evaluate(pos), acc.evaluate(pos), () -> "score of " + pos.toFen());
                }
            }
        }
        return counts;
    }

    /** A random move, but a rare kind (castling, en passant, promotion) whenever there is one, half the time. */
    private static int pick(int[] moves, int n, SplittableRandom random) {
        if (random.nextBoolean()) {
            for (int i = 0; i < n; i++) {
                int kind = Move.kind(moves[i]);
                if (kind == Move.CASTLING || kind == Move.EN_PASSANT || Move.isPromotion(moves[i])) {
                    return moves[i];
                }
            }
        }
        return moves[random.nextInt(n)];
    }

    private static void count(Counts counts, int m) {
        counts.moves++;
        if (Move.kind(m) == Move.CASTLING) {
            counts.castling++;
        } else if (Move.kind(m) == Move.EN_PASSANT) {
            counts.enPassant++;
        } else if (Move.kind(m) == Move.CAPTURE) {
            counts.captures++;
        }
        if (Move.isPromotion(m)) {
            counts.promotions++;
        }
    }
}
