package horizon.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.testing.RandomWalk;
import horizon.testing.RandomWeights;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EvaluatorTest {
    /** The same position with colours swapped and the board mirrored top to bottom. */
    static String flip(String fen) {
        String[] f = fen.split(" ");
        String[] ranks = f[0].split("/");
        StringBuilder placement = new StringBuilder();
        for (int i = 7; i >= 0; i--) {
            placement.append(swapCase(ranks[i])).append(i > 0 ? "/" : "");
        }
        String castling = f[2].equals("-") ? "-" : swapCase(f[2]);
        String ep = f[3].equals("-") ? "-" : f[3].charAt(0) + String.valueOf((char) ('1' + '8' - f[3].charAt(1)));
        return placement + " " + (f[1].equals("w") ? "b" : "w") + " " + castling + " " + ep + " " + f[4] + " " + f[5];
    }

    private static String swapCase(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            sb.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
        }
        return sb.toString();
    }

    @Test
    void evaluationIsColourSymmetric() {
        PieceSquareTable table = new PieceSquareTable(RandomWeights.create(3));
        SplittableRandom random = new SplittableRandom(17);
        for (int i = 0; i < 3000; i++) {
            Position pos = RandomWalk.walk(Position.START_FEN, random.nextInt(120), random);
            pos.setPieceSquareTable(table);
            Position flipped = Position.fromFen(flip(pos.toFen()));
            flipped.setPieceSquareTable(table);
            assertEquals(Evaluator.evaluate(pos), Evaluator.evaluate(flipped), pos::toFen);
        }
    }

    @Test
    void incrementalSumEqualsRecomputationAlongGames() {
        PieceSquareTable table = new PieceSquareTable(RandomWeights.create(4));
        SplittableRandom random = new SplittableRandom(18);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        for (int game = 0; game < 200; game++) {
            Position pos = Position.startPosition();
            pos.setPieceSquareTable(table);
            for (int ply = 0; ply < 150; ply++) {
                int n = MoveGenerator.generateAll(pos, moves);
                if (n == 0) {
                    break;
                }
                for (int k = 0; k < n; k++) { // every move, and back
                    int before = pos.psq();
                    pos.makeMove(moves[k]);
                    assertEquals(pos.computePsq(), pos.psq(), pos::toFen);
                    pos.unmakeMove(moves[k]);
                    assertEquals(before, pos.psq());
                }
                pos.makeMove(moves[random.nextInt(n)]);
            }
        }
    }

    @Test
    void breakdownTotalsEqualTheEvaluation() {
        Weights weights = RandomWeights.create(12);
        SplittableRandom random = new SplittableRandom(13);
        for (int i = 0; i < 200; i++) {
            Position pos = RandomWalk.walk(Position.START_FEN, random.nextInt(100), random);
            pos.setPieceSquareTable(new PieceSquareTable(weights));
            String text = EvalBreakdown.describe(pos, weights);
            String total = text.substring(text.indexOf("White's view), ") + 15);
            assertEquals(Evaluator.evaluate(pos), Integer.parseInt(total.substring(0, total.indexOf(" cp"))), text);
        }
    }

    @Test
    void classicWeightsCountMaterial() {
        Position pos = Position.fromFen("4k3/8/8/8/8/8/8/RNBQK3 w - - 0 1");
        pos.setPieceSquareTable(PieceSquareTable.CLASSIC);
        assertEquals(500 + 300 + 300 + 900, Evaluator.evaluate(pos));
        assertEquals(Evaluator.MAX_PHASE, Evaluator.phase(Position.startPosition()));
    }

    @Test
    void packedScoresUnpackWithTheirSigns() {
        for (int mg = -3000; mg <= 3000; mg += 37) {
            for (int eg = -3000; eg <= 3000; eg += 41) {
                int s = Score.of(mg, eg);
                assertEquals(mg, Score.mg(s));
                assertEquals(eg, Score.eg(s));
                assertEquals(mg + 5, Score.mg(s + Score.of(5, -7)));
                assertEquals(eg - 7, Score.eg(s + Score.of(5, -7)));
            }
        }
    }
}
