package horizon.book;

import static org.junit.jupiter.api.Assertions.assertEquals;

import horizon.board.Move;
import horizon.board.Position;
import horizon.board.UciMove;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The test keys published with the Polyglot book format's specification. */
class PolyglotKeyTest {
    @ParameterizedTest(name = "[{0}] {1}")
    @CsvSource({
            "'', 463b96181691fc9c",
            "e2e4, 823c9b50fd114196",
            "e2e4 d7d5, 0756b94461c50fb0",
            "e2e4 d7d5 e4e5, 662fafb965db29d4",
            // f7f5 next to the e5 pawn: the en-passant file counts
            "e2e4 d7d5 e4e5 f7f5, 22a48b5a8e47ff78",
            "e2e4 d7d5 e4e5 f7f5 e1e2, 652a607ca3f242c1",
            "e2e4 d7d5 e4e5 f7f5 e1e2 e8f7, 00fdd303c946bdd9",
            "a2a4 b7b5 h2h4 b5b4 c2c4, 3c8123ea7b067637",
            "a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3, 5c3f9b829b279560",
    })
    void specificationTestKeys(String moves, String expectedHex) {
        Position pos = Position.startPosition();
        for (String text : moves.isBlank() ? new String[0] : moves.split(" ")) {
            int move = UciMove.parse(pos, text, false);
            assertEquals(false, move == Move.NONE, text + " must be legal");
            pos.makeMove(move);
        }
        assertEquals(Long.parseUnsignedLong(expectedHex, 16), PolyglotKey.of(pos), pos.toFen());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            // the en-passant square of a FEN counts only when a pawn of the side to move can take
            "'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1', 823c9b50fd114196",
            "'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3', 22a48b5a8e47ff78",
            "'rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3', 3c8123ea7b067637",
    })
    void fromFen(String fen, String expectedHex) {
        assertEquals(Long.parseUnsignedLong(expectedHex, 16), PolyglotKey.of(Position.fromFen(fen)));
    }
}
