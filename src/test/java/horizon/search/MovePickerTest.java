package horizon.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Move;
import horizon.board.MoveGenerator;
import horizon.board.Piece;
import horizon.board.Position;
import horizon.board.Square;
import horizon.board.UciMove;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The order in which moves come out of {@link MovePicker}: table move, captures that do not lose material by
 * victim value, killers (newest first), the counter move, quiet moves by history, and last the losing captures.
 */
class MovePickerTest {
    // White: king e1, queen d2, rook a1. Black: king e8, pawns g5 (hanging) and b4, knight c3 (defended by b4).
    private static final String FEN = "4k3/8/8/6p1/1p6/2n5/3Q4/R3K3 w - - 0 1";

    private final Position pos = Position.fromFen(FEN);

    private int move(String uci) {
        int m = UciMove.parse(pos, uci, false);
        assertTrue(m != Move.NONE, uci);
        return m;
    }

    private List<String> order(MovePicker picker, int ttMove, int ply, int previousPiece, int previousTarget) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int[] scores = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.generate(pos, moves, 0, MoveGenerator.ALL);
        picker.score(pos, moves, scores, count, ttMove, ply, previousPiece, previousTarget);
        List<String> order = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            order.add(Move.toUci(MovePicker.pickNext(moves, scores, i, count), false));
        }
        return order;
    }

    @Test
    void stagesComeInOrder() {
        MovePicker picker = new MovePicker(Searcher.MAX_PLY);
        int previousPiece = Piece.make(Piece.BLACK, Piece.PAWN);
        int previousTarget = Square.parse("d5");
        // Killers at ply 0: a1b1, then a1c1 (the newer one first). A counter move to the previous move.
        picker.updateOnCutoff(pos, Piece.WHITE, 0, move("a1b1"), 3, new int[0], 0, Piece.NONE, 0);
        picker.updateOnCutoff(pos, Piece.WHITE, 0, move("a1c1"), 3, new int[0], 0, Piece.NONE, 0);
        picker.updateOnCutoff(pos, Piece.WHITE, 5, move("e1f1"), 3, new int[0], 0, previousPiece, previousTarget);
        // History: a1a3 cut off deep at another ply (no killer here), a1a2 was tried before a cut-off and failed.
        picker.updateOnCutoff(pos, Piece.WHITE, 7, move("a1a3"), 12, new int[] {move("a1a2")}, 1, Piece.NONE, 0);

        List<String> order = order(picker, move("a1a7"), 0, previousPiece, previousTarget);
        assertEquals(List.of("a1a7", "d2g5", "a1c1", "a1b1", "e1f1", "a1a3"), order.subList(0, 6), order.toString());
        assertEquals("d2c3", order.get(order.size() - 1), "the losing capture (queen for knight) comes last");
        assertEquals("a1a2", order.get(order.size() - 2), "negative history: the worst of the quiet moves");
    }

    @Test
    void continuationHistoryOrdersOnlyWhenItHasAWeight() {
        int previousPiece = Piece.make(Piece.BLACK, Piece.PAWN);
        int previousTarget = Square.parse("d5");
        MovePicker off = new MovePicker(Searcher.MAX_PLY), on = new MovePicker(Searcher.MAX_PLY);
        on.setContinuationWeight(100);
        for (MovePicker p : new MovePicker[] {off, on}) {
            // After ...d5, a1a4 cut off (at plies with no killer kept) and a1a5 failed before it.
            p.updateOnCutoff(pos, Piece.WHITE, 9, move("a1a4"), 6, new int[] {move("a1a5")}, 1, previousPiece,
                    previousTarget);
        }
        int rook = Piece.make(Piece.WHITE, Piece.ROOK);
        int butterfly = off.quietHistory(Piece.WHITE, move("a1a4"), rook, previousPiece, previousTarget);
        assertEquals(butterfly, off.history(Piece.WHITE, move("a1a4")), "weight 0: the butterfly history alone");
        assertTrue(on.quietHistory(Piece.WHITE, move("a1a4"), rook, previousPiece, previousTarget) > butterfly,
                "after the same previous move, the continuation adds to the move that cut off");
        assertEquals(butterfly, on.quietHistory(Piece.WHITE, move("a1a4"), rook, Piece.NONE, 0),
                "nothing to continue at the root or after a null move");
        assertTrue(on.quietHistory(Piece.WHITE, move("a1a5"), rook, previousPiece, previousTarget)
                < off.quietHistory(Piece.WHITE, move("a1a5"), rook, previousPiece, previousTarget));
    }

    @Test
    void capturesByVictimThenAttacker() {
        // The pawn can take the queen or the rook, the rook the queen (defended by the rook: still a gain).
        Position p = Position.fromFen("4k3/8/8/2q1r3/3P4/8/8/2R4K w - - 0 1");
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int[] scores = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.generate(p, moves, 0, MoveGenerator.ALL);
        new MovePicker(Searcher.MAX_PLY).score(p, moves, scores, count, Move.NONE, 0, Piece.NONE, 0);
        List<String> order = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            order.add(Move.toUci(MovePicker.pickNext(moves, scores, i, count), false));
        }
        // The most valuable victim first, and for the same victim the least valuable attacker.
        assertEquals(List.of("d4c5", "c1c5", "d4e5"), order);
    }
}
