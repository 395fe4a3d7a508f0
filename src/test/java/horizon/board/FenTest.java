package horizon.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.io.EpdRecord;
import horizon.testing.PerftSuite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FenTest {
    @Test
    void everySuitePositionRoundTrips() {
        for (EpdRecord record : PerftSuite.records()) {
            Position pos = Position.fromFen(record.fen());
            String fen = pos.toFen();
            assertEquals(fen, Position.fromFen(fen).toFen());
            assertEquals(pos.key(), Position.fromFen(fen).key());
            // The suite writes an en-passant square only where a capture is possible, as Horizon does.
            assertEquals(record.fen(), fen);
        }
    }

    @Test
    void chess960StartsRoundTripInShredderAndXFen() {
        for (int n = 0; n < Chess960.COUNT; n++) {
            Position pos = Position.fromFen(Chess960.startFen(n));
            assertEquals(Chess960.startFen(n), Fen.toFen(pos, true));
            Position fromX = Position.fromFen(pos.toFen());
            assertEquals(pos.key(), fromX.key());
            for (int i = 0; i < 4; i++) {
                assertEquals(pos.castlingRookSquare(i), fromX.castlingRookSquare(i));
            }
        }
        assertEquals(Position.START_FEN, Position.fromFen(Chess960.startFen(518)).toFen());
    }

    @Test
    void xFenNamesAnInnerRookByItsFile() {
        // White rooks on a1, b1 and h1 with the king on c1: 'B' means the inner b1 rook, 'Q' would mean a1.
        Position pos = Position.fromFen("4k3/8/8/8/8/8/8/RRK4R w BH - 0 1");
        assertEquals(Square.B1, pos.castlingRookSquare(1));
        assertEquals("4k3/8/8/8/8/8/8/RRK4R w KB - 0 1", pos.toFen());
        assertEquals(Square.A1, Position.fromFen("4k3/8/8/8/8/8/8/RRK4R w KQ - 0 1").castlingRookSquare(1));
    }

    @Test
    void unusualButReachableMaterialIsAccepted() {
        // Nine queens: eight promotions, no pawns left (the 218-move record position).
        Position pos = Position.fromFen("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1");
        assertEquals(9, Long.bitCount(pos.pieces(Piece.WHITE, Piece.QUEEN)));
        assertEquals(218, MoveGenerator.countLegal(pos));
    }

    @Test
    void countersMayBeOmittedAsInEpd() {
        Position pos = Position.fromFen("4k3/8/8/8/8/8/8/4K3 b - -");
        assertEquals("4k3/8/8/8/8/8/8/4K3 b - - 0 1", pos.toFen());
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiter = '|', value = {
        "''| empty FEN",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq| 3 fields",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra| 7 fields",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1| 7 ranks",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1| bad piece letter 'X'",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1| rank 1 covers 7 squares",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1| bad piece letter '9'",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1| rank 1 covers 9 squares",
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1| black has 0 kings",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1| white has 2 kings",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/PNBQKBNR w kq - 0 1| pawn on a1, a back rank",
        "rnbqkbnp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1| pawn on h8, a back rank",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1| side to move must be 'w' or 'b'",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1| side to move must be 'w' or 'b'",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1| castling right 'K' but no white rook",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w Kkq - 0 1| white has 0 kings",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1| white has 0 kings",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1| bad castling letter 'X'",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1| repeats a right",
        "rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w Q - 0 1| king is not on its back rank",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Ckq - 0 1| castling right 'C' but no white rook",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1| impossible en-passant square e3",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1| impossible en-passant square e4",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1| impossible en-passant square e6",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1| bad en-passant square 'z9'",
        "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1| white has 9 pawns",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1| halfmove clock out of range",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1| halfmove clock is not a number",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y| fullmove number is not a number",
        "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1| the side not to move (black) is in check",
        "QQQQk3/QQQQ4/QQ6/8/8/8/P7/4K3 b - - 0 1| promoted pieces but only 7 missing pawns",
        "4k3/8/8/8/8/NNNNNNNN/NNNNNNNN/4K3 w - - 0 1| 17 pieces",
    })
    void malformedFensAreRejectedWithTheirReason(String fen, String reason) {
        FenException e = assertThrows(FenException.class, () -> Position.fromFen(fen));
        assertTrue(e.getMessage().contains(reason.trim()), () -> "message '" + e.getMessage() + "' lacks '" + reason + "'");
    }
}
