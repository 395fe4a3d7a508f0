package horizon.board;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AttacksTest {
    @Test
    void magicLookupsMatchRayWalksOnRandomOccupancies() {
        SplittableRandom random = new SplittableRandom(1);
        for (int sq = 0; sq < 64; sq++) {
            for (int i = 0; i < 2000; i++) {
                long occ = random.nextLong() & random.nextLong(); // about 16 pieces
                assertEquals(SlidingRays.slidingRookAttacks(sq, occ), Attacks.rookAttacks(sq, occ), "rook " + sq);
                assertEquals(SlidingRays.slidingBishopAttacks(sq, occ), Attacks.bishopAttacks(sq, occ), "bishop " + sq);
            }
        }
    }

    @Test
    void emptyBoardRaysAreTheSlidersLinesOnAnEmptyBoard() {
        for (int sq = 0; sq < 64; sq++) {
            assertEquals(SlidingRays.slidingRookAttacks(sq, 0), Attacks.rookRays(sq), "rook " + sq);
            assertEquals(SlidingRays.slidingBishopAttacks(sq, 0), Attacks.bishopRays(sq), "bishop " + sq);
            assertEquals(14, Long.bitCount(Attacks.rookRays(sq)), "a rook always sees its file and rank");
        }
        assertEquals(7, Long.bitCount(Attacks.bishopRays(Square.A1)));
        assertEquals(13, Long.bitCount(Attacks.bishopRays(Square.of(3, 3))));
    }

    @Test
    void stepperTablesHaveTheExpectedSizes() {
        assertEquals(2, Long.bitCount(Attacks.knight(Square.A1)));
        assertEquals(8, Long.bitCount(Attacks.knight(Square.of(3, 3))));
        assertEquals(3, Long.bitCount(Attacks.king(Square.H8)));
        assertEquals(1L << Square.of(1, 2), Attacks.pawn(Piece.WHITE, Square.of(0, 1)));
        assertEquals((1L << Square.of(3, 5)) | (1L << Square.of(5, 5)), Attacks.pawn(Piece.BLACK, Square.of(4, 6)));
    }

    @Test
    void betweenAndLine() {
        assertEquals((1L << Square.B1) | (1L << Square.C1) | (1L << Square.D1), Bitboards.between(Square.A1, Square.E1));
        assertEquals(0L, Bitboards.between(Square.A1, Square.of(1, 2)));
        assertEquals(Bitboards.RANK_1, Bitboards.line(Square.C1, Square.F1));
        assertEquals(8, Long.bitCount(Bitboards.line(Square.A1, Square.H8)));
    }
}
