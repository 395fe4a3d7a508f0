package horizon.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.testing.RandomWalk;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MoveGeneratorTest {
    @Test
    void noisyAndQuietStagesSplitAllMovesExactly() {
        SplittableRandom random = new SplittableRandom(11);
        int[] all = new int[MoveGenerator.MAX_MOVES];
        int[] staged = new int[2 * MoveGenerator.MAX_MOVES];
        int positions = 0, inCheck = 0;
        for (int i = 0; i < 3000; i++) {
            String start = i % 3 == 0 ? "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
                    : Position.START_FEN;
            Position pos = RandomWalk.walk(start, random.nextInt(80), random);
            int n = MoveGenerator.generateAll(pos, all);
            int noisy = MoveGenerator.generate(pos, staged, 0, MoveGenerator.NOISY);
            int total = MoveGenerator.generate(pos, staged, noisy, MoveGenerator.QUIET);
            for (int k = 0; k < noisy; k++) {
                assertTrue(Move.isNoisy(staged[k]), () -> pos.toFen());
            }
            for (int k = noisy; k < total; k++) {
                assertTrue(!Move.isNoisy(staged[k]), () -> pos.toFen());
            }
            int[] a = Arrays.copyOf(all, n), b = Arrays.copyOf(staged, total);
            Arrays.sort(a);
            Arrays.sort(b);
            assertEquals(Arrays.toString(a), Arrays.toString(b), pos::toFen);
            positions++;
            inCheck += pos.inCheck() ? 1 : 0;
        }
        assertTrue(inCheck > 50, "too few positions in check: " + inCheck + " of " + positions);
    }

    @Test
    void checkmateAndStalemateHaveNoMoves() {
        Position mate = Position.fromFen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        assertTrue(mate.inCheck());
        assertEquals(0, MoveGenerator.countLegal(mate));
        Position stalemate = Position.fromFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assertTrue(!stalemate.inCheck());
        assertEquals(0, MoveGenerator.countLegal(stalemate));
    }

    @Test
    void doubleCheckAllowsOnlyKingMoves() {
        Position pos = Position.fromFen("4k3/8/8/8/1b6/8/4r3/R3K2R w KQ - 0 1");
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateAll(pos, moves);
        assertTrue(n > 0);
        for (int i = 0; i < n; i++) {
            assertEquals(Square.E1, Move.from(moves[i]), Move.toUci(moves[i]));
            assertTrue(!Move.isCastling(moves[i]));
        }
    }

    @Test
    void castlingIsWrittenKingToTargetOrKingTakesRook() {
        Position pos = Position.fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        int kingside = UciMove.parse(pos, "e1g1", false);
        assertTrue(Move.isCastling(kingside));
        assertEquals("e1g1", Move.toUci(kingside, false));
        assertEquals("e1h1", Move.toUci(kingside, true));
        assertEquals(kingside, UciMove.parse(pos, "e1h1", true));
        assertEquals(kingside, UciMove.parse(pos, "e1h1", false), "king-takes-rook is understood in standard mode");
        assertEquals(kingside, UciMove.parse(pos, "e1g1", true), "king-to-target is understood in 960 mode");
        int queenside = UciMove.parse(pos, "e1c1", false);
        assertEquals("e1a1", Move.toUci(queenside, true));
        pos.makeMove(queenside);
        assertEquals("r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1", pos.toFen());
    }

    @Test
    void chess960CastlingWhereKingAndRookSwapOrStay() {
        // King b1, rook a1: queenside castling puts the king on c1 and the rook on d1.
        Position pos = Position.fromFen("r5kr/8/8/8/8/8/8/RK5R w AHah - 0 1");
        int castle = UciMove.parse(pos, "b1a1", true);
        assertTrue(Move.isCastling(castle));
        pos.makeMove(castle);
        assertEquals(Piece.make(Piece.WHITE, Piece.KING), pos.pieceAt(Square.C1));
        assertEquals(Piece.make(Piece.WHITE, Piece.ROOK), pos.pieceAt(Square.D1));
        // Black king already on g8 castles kingside: only the rook moves, from h8 to f8.
        int stay = UciMove.parse(pos, "g8h8", true);
        assertTrue(Move.isCastling(stay));
        pos.makeMove(stay);
        assertEquals(Piece.make(Piece.BLACK, Piece.KING), pos.pieceAt(Square.G8));
        assertEquals(Piece.make(Piece.BLACK, Piece.ROOK), pos.pieceAt(Square.F8));
        assertEquals(pos.keyFromScratch(), pos.key());
    }

    @Test
    void chess960CastlingIsRefusedWhenTheRookShieldsTheKingsTarget() {
        // Castling queenside would leave the king on c1 facing the black queen on a1 once the b1 rook leaves.
        Position pos = Position.fromFen("4k3/8/8/8/8/8/8/qRK5 w B - 0 1");
        assertEquals(Move.NONE, UciMove.parse(pos, "c1b1", true));
    }
}
