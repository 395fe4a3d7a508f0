package horizon.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Exchange values worked out by hand (pawn 100, knight and bishop 300, rook 500, queen 900): the test finds each
 * exact value as the threshold where {@link StaticExchange#atLeast} turns from true to false.
 */
class StaticExchangeTest {
    @ParameterizedTest(name = "{2} in {0}")
    @CsvSource(delimiter = ';', value = {
        // an undefended pawn
        "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1; d1d5; 100",
        // a pawn defended by a pawn: rook for pawn
        "4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1; d1d5; -400",
        // the second rook behind the first joins (x-ray): 100 - 500 + 100
        "4k3/8/2p5/3p4/8/8/3R4/3RK3 w - - 0 1; d2d5; -300",
        // pawn takes a knight defended by a pawn: 300 - 100
        "4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1; e4d5; 200",
        // a knight takes a queen defended by a rook
        "3rk3/8/8/3q4/8/4N3/8/4K3 w - - 0 1; e3d5; 600",
        // a bishop takes a knight that a queen defends: bishop for knight, and the rook on h1 cannot join
        "4k3/8/2q5/3n4/8/5B2/8/4K2R w - - 0 1; f3d5; 0",
        // a queen takes a pawn that a pawn defends
        "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1; d1d5; -800",
        // quiet moves exchange nothing, unless they step onto an attacked square
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1; a1a5; 0",
        "4k3/8/1p6/8/8/8/8/R3K3 w - - 0 1; a1a5; -500",
    })
    void exchangeValue(String fen, String uci, int value) {
        Position pos = Position.fromFen(fen);
        int move = UciMove.parse(pos, uci, false);
        assertNotEquals(Move.NONE, move, uci + " is not legal in " + fen);
        assertEquals(true, StaticExchange.atLeast(pos, move, value), uci + " should reach " + value);
        assertEquals(false, StaticExchange.atLeast(pos, move, value + 1), uci + " should not reach " + (value + 1));
    }
}
