package horizon.eval;

import horizon.board.Piece;
import horizon.board.Position;

/**
 * Static evaluation: the material and piece-square sum the position keeps up to date, blended between its
 * middlegame and endgame halves by game phase, from the side to move's point of view.
 */
public final class Evaluator {
    /** Phase at the start: knight and bishop count 1, rook 2, queen 4 (4 + 4 + 8 + 8). */
    public static final int MAX_PHASE = 24;

    private Evaluator() {
    }

    public static int evaluate(Position pos) {
        int s = pos.psq();
        int phase = phase(pos);
        int white = (Score.mg(s) * phase + Score.eg(s) * (MAX_PHASE - phase)) / MAX_PHASE;
        return pos.sideToMove() == Piece.WHITE ? white : -white;
    }

    /** 24 with all pieces on the board, falling towards 0 as they come off (promotions are capped). */
    public static int phase(Position pos) {
        int phase = Long.bitCount(pos.pieces(Piece.WHITE, Piece.KNIGHT) | pos.pieces(Piece.BLACK, Piece.KNIGHT))
                + Long.bitCount(pos.pieces(Piece.WHITE, Piece.BISHOP) | pos.pieces(Piece.BLACK, Piece.BISHOP))
                + 2 * Long.bitCount(pos.pieces(Piece.WHITE, Piece.ROOK) | pos.pieces(Piece.BLACK, Piece.ROOK))
                + 4 * Long.bitCount(pos.pieces(Piece.WHITE, Piece.QUEEN) | pos.pieces(Piece.BLACK, Piece.QUEEN));
        return Math.min(phase, MAX_PHASE);
    }
}
