package horizon.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Position;
import horizon.testing.RandomWalk;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** What any chess player would sign about the weights the engine ships with. */
class ShippedWeightsTest {
    private final Weights weights = Weights.builtIn();
    private final Evaluator evaluator = new Evaluator(weights);

    private int material(int type, boolean middlegame) {
        int s = weights.get(Term.MATERIAL, type - 1);
        return middlegame ? Score.mg(s) : Score.eg(s);
    }

    @Test
    void pieceValuesAreInTheirNaturalOrder() {
        for (boolean mg : new boolean[] {true, false}) {
            int pawn = material(1, mg), knight = material(2, mg), bishop = material(3, mg);
            int rook = material(4, mg), queen = material(5, mg);
            String phase = mg ? "middlegame" : "endgame";
            assertTrue(queen > rook, phase + ": queen " + queen + " rook " + rook);
            assertTrue(rook > knight && rook > bishop, phase + ": rook " + rook + " minors " + knight + "/" + bishop);
            assertTrue(knight > pawn && bishop > pawn, phase + ": minors " + knight + "/" + bishop + " pawn " + pawn);
        }
        assertTrue(material(5, false) - material(4, false) >= 2 * material(1, false),
                "endgame queen " + material(5, false) + " not two pawns above the rook " + material(4, false));
    }

    @Test
    void anExtraQueenOrRookAgainstABareKingIsClearlyWinning() {
        assertTrue(evaluator.evaluate(Position.fromFen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")) >= 800);
        assertTrue(evaluator.evaluate(Position.fromFen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")) >= 450);
        assertTrue(evaluator.evaluate(Position.fromFen("3qk3/8/8/8/8/8/8/4K3 w - - 0 1")) <= -800);
        // Five pawns are no match for a queen.
        assertTrue(evaluator.evaluate(Position.fromFen("3qk3/8/8/8/8/8/PPPPP3/4K3 w - - 0 1")) < 0);
    }

    @Test
    void symmetricPositionsEvaluateToTheTempoBonus() {
        int tempo = weights.get(Term.TEMPO, 0);
        int expected = Score.taper(Score.mg(tempo), Score.eg(tempo), Evaluator.MAX_PHASE, Score.NORMAL_SCALE);
        assertEquals(expected, evaluator.evaluate(Position.startPosition()));
        Position italian = Position.fromFen("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 5");
        assertEquals(expected, evaluator.evaluate(italian));
    }

    @Test
    void aPositionAndItsColourFlippedMirrorEvaluateAlike() {
        SplittableRandom random = new SplittableRandom(23);
        for (int i = 0; i < 2000; i++) {
            Position pos = RandomWalk.walk(Position.START_FEN, random.nextInt(160), random);
            Position flipped = Position.fromFen(EvaluatorTest.flip(pos.toFen()));
            // Side to move swapped too: the side-to-move score is the same, the White-view score its negation.
            assertEquals(evaluator.evaluate(pos), evaluator.evaluate(flipped), pos::toFen);
        }
    }
}
