package horizon.eval;

import horizon.board.Piece;
import horizon.board.Square;

/**
 * Material plus piece-square bonus for every coloured piece on every square, packed, from White's point of view
 * (black entries are mirrored and negated). {@code Position} adds and removes these as pieces move, so the
 * evaluation starts from an up-to-date sum instead of a loop over the board.
 */
public final class PieceSquareTable {
    public static final PieceSquareTable CLASSIC = new PieceSquareTable(Weights.CLASSIC);
    /** What a new Position uses: the engine's default weights. */
    public static final PieceSquareTable DEFAULT =
            Weights.DEFAULT == Weights.CLASSIC ? CLASSIC : new PieceSquareTable(Weights.DEFAULT);

    private final int[][] values = new int[Piece.CODES][64];

    public PieceSquareTable(Weights weights) {
        for (int type = Piece.PAWN; type <= Piece.KING; type++) {
            for (int sq = 0; sq < 64; sq++) {
                int white = weights.material[type] + weights.pieceSquare[type][sq];
                values[Piece.make(Piece.WHITE, type)][sq] = white;
                values[Piece.make(Piece.BLACK, type)][Square.flipRank(sq)] = -white;
            }
        }
    }

    /** The table itself, indexed [piece][square]: read-only by contract, shared by every position using it. */
    public int[][] values() {
        return values;
    }
}
