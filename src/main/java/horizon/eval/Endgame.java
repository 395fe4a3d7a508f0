package horizon.eval;

import static horizon.board.Piece.BISHOP;
import static horizon.board.Piece.BLACK;
import static horizon.board.Piece.KNIGHT;
import static horizon.board.Piece.PAWN;
import static horizon.board.Piece.QUEEN;
import static horizon.board.Piece.ROOK;
import static horizon.board.Piece.WHITE;

import horizon.board.Bitboards;
import horizon.board.Position;
import horizon.board.Square;

/**
 * Endgame knowledge that a linear sum misses, decided by the material alone: how far the endgame half is scaled
 * towards a draw when the stronger side cannot win, and the endings evaluated outright: a bare king against a
 * queen or rook (it must be driven to the edge, the kings close, as Stockfish's KXK), and KBNK (driven to a
 * corner of the bishop's colour). Outright scores are known wins, well below mate scores.
 */
final class Endgame {
    static final int NONE = Integer.MIN_VALUE;
    /** Score of KBNK before the drive to the corner: a clear win, below any mate score. */
    private static final int KBNK_WIN = 900;
    /** Score of a queen or rook (and anything else) against a bare king before the drive to the edge. */
    private static final int KXK_WIN = 1000;

    private Endgame() {
    }

    /** Material units: minor 3, rook 5, queen 9. */
    private static int pieceUnits(Position pos, int c) {
        return 3 * Long.bitCount(pos.pieces(c, KNIGHT) | pos.pieces(c, BISHOP))
                + 5 * Long.bitCount(pos.pieces(c, ROOK)) + 9 * Long.bitCount(pos.pieces(c, QUEEN));
    }

    /** Endgame scale factor (of {@link Score#NORMAL_SCALE}) for the side the endgame half favours. */
    static int scale(Position pos, int strong) {
        int weak = strong ^ 1;
        long strongPawns = pos.pieces(strong, PAWN);
        int strongUnits = pieceUnits(pos, strong), weakUnits = pieceUnits(pos, weak);
        if (strongPawns == 0) {
            if (strongUnits <= 3) {
                return 0; // a lone minor piece (or nothing) cannot mate
            }
            if (strongUnits == 6 && pos.pieces(strong, KNIGHT) != 0 && pos.pieces(strong, BISHOP) == 0
                    && weakUnits == 0 && pos.pieces(weak, PAWN) == 0) {
                return 0; // two knights cannot force mate
            }
            if (strongUnits - weakUnits <= 3) {
                return 16; // less than a rook up with no pawns: mostly drawn
            }
        }
        long whiteBishops = pos.pieces(WHITE, BISHOP), blackBishops = pos.pieces(BLACK, BISHOP);
        if (Long.bitCount(whiteBishops) == 1 && Long.bitCount(blackBishops) == 1
                && ((whiteBishops & Bitboards.DARK_SQUARES) != 0) != ((blackBishops & Bitboards.DARK_SQUARES) != 0)) {
            int whiteUnits = pieceUnits(pos, WHITE), blackUnits = pieceUnits(pos, BLACK);
            if (whiteUnits == 3 && blackUnits == 3) {
                return 64; // opposite-coloured bishops alone: extra pawns often cannot win
            }
            if (whiteUnits == 8 && blackUnits == 8 && pos.pieces(WHITE, ROOK) != 0 && pos.pieces(BLACK, ROOK) != 0) {
                return 96;
            }
        }
        return Score.NORMAL_SCALE;
    }

    /** White-view score of a position evaluated outright, or {@link #NONE}. */
    static int special(Position pos) {
        for (int strong = WHITE; strong <= BLACK; strong++) {
            int weak = strong ^ 1;
            if (pos.colorOccupancy(weak) == pos.pieces(weak, horizon.board.Piece.KING)
                    && (pos.pieces(strong, QUEEN) | pos.pieces(strong, ROOK)) != 0) {
                int score = kxk(pos, strong);
                return strong == WHITE ? score : -score;
            }
        }
        if ((pos.pieces(WHITE, PAWN) | pos.pieces(BLACK, PAWN)) != 0 || Long.bitCount(pos.occupied()) != 4) {
            return NONE;
        }
        for (int strong = WHITE; strong <= BLACK; strong++) {
            long bishop = pos.pieces(strong, BISHOP);
            if (Long.bitCount(bishop) == 1 && Long.bitCount(pos.pieces(strong, KNIGHT)) == 1) {
                int score = kbnk(pos, strong, (bishop & Bitboards.DARK_SQUARES) != 0);
                return strong == WHITE ? score : -score;
            }
        }
        return NONE;
    }

    /** More material is better; the weak king is driven to the edge and the strong king comes close. */
    private static int kxk(Position pos, int strong) {
        int weakKing = pos.kingSquare(strong ^ 1), strongKing = pos.kingSquare(strong);
        int file = Square.file(weakKing), rank = Square.rank(weakKing);
        int toEdge = Math.min(Math.min(file, 7 - file), Math.min(rank, 7 - rank));
        return KXK_WIN + 100 * pieceUnits(pos, strong) + 50 * Long.bitCount(pos.pieces(strong, PAWN))
                - 40 * toEdge - 10 * Evaluator.distance(weakKing, strongKing);
    }

    /** Drives the weak king to a corner of the bishop's colour, with the strong king close by. */
    private static int kbnk(Position pos, int strong, boolean darkBishop) {
        int weakKing = pos.kingSquare(strong ^ 1), strongKing = pos.kingSquare(strong);
        // a1 and h8 are dark, h1 and a8 light.
        int cornerA = darkBishop ? Square.A1 : Square.H1, cornerB = darkBishop ? Square.H8 : Square.A8;
        int toCorner = Math.min(manhattan(weakKing, cornerA), manhattan(weakKing, cornerB));
        return KBNK_WIN - 20 * toCorner - 5 * Evaluator.distance(weakKing, strongKing);
    }

    private static int manhattan(int a, int b) {
        return Math.abs(Square.file(a) - Square.file(b)) + Math.abs(Square.rank(a) - Square.rank(b));
    }
}
