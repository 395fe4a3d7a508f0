package horizon.eval;

import horizon.board.Piece;
import horizon.board.Position;
import horizon.board.Square;

/**
 * The evaluation taken apart for the "eval" command: material and piece-square sums per piece type (White minus
 * Black, middlegame and endgame), the phase, and the blended total, which equals {@link Evaluator#evaluate}.
 */
public final class EvalBreakdown {
    private static final String[] NAMES = {"", "Pawn", "Knight", "Bishop", "Rook", "Queen", "King"};

    private EvalBreakdown() {
    }

    public static String describe(Position pos, Weights weights) {
        int[] material = new int[7], pieceSquare = new int[7];
        for (int sq = 0; sq < 64; sq++) {
            int piece = pos.pieceAt(sq);
            if (piece == Piece.NONE) {
                continue;
            }
            int type = Piece.type(piece);
            boolean white = Piece.color(piece) == Piece.WHITE;
            int relative = white ? sq : Square.flipRank(sq);
            material[type] += white ? weights.material[type] : -weights.material[type];
            pieceSquare[type] += white ? weights.pieceSquare[type][relative] : -weights.pieceSquare[type][relative];
        }
        int phase = Evaluator.phase(pos);
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("Term      |   Material (mg  eg) | Piece-square (mg  eg)%n"));
        sb.append(String.format("----------+---------------------+----------------------%n"));
        int total = 0;
        for (int type = Piece.PAWN; type <= Piece.KING; type++) {
            sb.append(String.format("%-9s | %9d %9d | %9d %9d%n", NAMES[type], Score.mg(material[type]),
                    Score.eg(material[type]), Score.mg(pieceSquare[type]), Score.eg(pieceSquare[type])));
            total += material[type] + pieceSquare[type];
        }
        int blended = (Score.mg(total) * phase + Score.eg(total) * (Evaluator.MAX_PHASE - phase)) / Evaluator.MAX_PHASE;
        sb.append(String.format("----------+---------------------+----------------------%n"));
        sb.append(String.format("Sum       | mg %d, eg %d%n", Score.mg(total), Score.eg(total)));
        sb.append(String.format("Phase     | %d of %d (middlegame share)%n", phase, Evaluator.MAX_PHASE));
        sb.append(String.format("Total     | %d cp (White's view), %d cp (side to move), weights '%s'", blended,
                pos.sideToMove() == Piece.WHITE ? blended : -blended, weights.name));
        return sb.toString();
    }
}
