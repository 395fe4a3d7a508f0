package horizon.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Position;
import org.junit.jupiter.api.Test;

/** The endgame knowledge laid over a network's score: outright endings, draws scaled, all else untouched. */
class EndgameKnowledgeTest {
    private static int adjusted(String fen, int score) {
        return Evaluator.withEndgameKnowledge(Position.fromFen(fen), score);
    }

    @Test
    void anOrdinaryPositionKeepsTheNetworksScore() {
        assertEquals(37, adjusted(Position.START_FEN, 37));
        assertEquals(-412, adjusted("r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R b KQkq - 0 1", -412));
    }

    @Test
    void aBareKingAgainstARookTakesTheOutrightScoreForEitherSideToMove() {
        String white = "8/8/8/3k4/8/8/8/R3K3 w - - 0 1", black = "8/8/8/3k4/8/8/8/R3K3 b - - 0 1";
        int linearWhite = new Evaluator(Weights.builtIn()).evaluate(Position.fromFen(white));
        assertTrue(linearWhite > 1000, "a known win: " + linearWhite);
        assertEquals(linearWhite, adjusted(white, -50), "whatever the net said");
        assertEquals(-linearWhite, adjusted(black, 80), "from Black's view");
    }

    @Test
    void theSideThatCannotWinIsScaledToADraw() {
        // A lone knight cannot mate: scale 0 whatever the net thinks of it.
        assertEquals(0, adjusted("8/8/4k3/8/8/2N5/8/4K3 w - - 0 1", 240));
        assertEquals(0, adjusted("8/8/4k3/8/8/2N5/8/4K3 b - - 0 1", -240));
        // Opposite-coloured bishops alone, White a pawn up: half the score stays.
        String ocb = "8/5k2/4b3/8/4P3/2B1P3/5K2/8 w - - 0 1";
        assertEquals(100 * 64 / 128, adjusted(ocb, 100));
        // The scale belongs to the side the score favours: Black's pawn can still win against the knight when
        // the net thinks Black is better.
        assertEquals(-90, adjusted("8/8/4k3/4p3/8/2N5/8/4K3 w - - 0 1", -90));
    }
}
