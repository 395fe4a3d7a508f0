package horizon.book;

import horizon.board.Move;
import horizon.board.MoveGenerator;
import horizon.board.Piece;
import horizon.board.Position;

/**
 * Moves as a Polyglot book stores them, 16 bits: to-square (bits 0-5), from-square (bits 6-11), promotion piece
 * (bits 12-14: 0 none, 1 knight, 2 bishop, 3 rook, 4 queen). Castling is stored as the king taking its own rook
 * (e1h1, e1a1), which is also how the engine encodes it internally, so the squares map one to one.
 */
public final class PolyglotMove {
    private PolyglotMove() {
    }

    public static int encode(int move) {
        int promotion = Move.promotionType(move);
        int code = Move.to(move) | Move.from(move) << 6;
        return promotion == 0 ? code : code | (promotion - Piece.KNIGHT + 1) << 12;
    }

    /** The legal move of {@code pos} that the book move {@code code} stands for, or {@link Move#NONE}. */
    public static int decode(Position pos, int code) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        return find(moves, MoveGenerator.generateAll(pos, moves), code);
    }

    /** The move among the first {@code n} legal moves that {@code code} stands for, or {@link Move#NONE}. */
    static int find(int[] legal, int n, int code) {
        for (int i = 0; i < n; i++) {
            if (encode(legal[i]) == code) {
                return legal[i];
            }
        }
        return Move.NONE;
    }

    /** Whether the 16 bits can be a Polyglot move at all (not with a promotion field above 4 or from == to). */
    public static boolean isWellFormed(int code) {
        return (code >>> 12) <= 4 && (code & 63) != ((code >>> 6) & 63);
    }
}
