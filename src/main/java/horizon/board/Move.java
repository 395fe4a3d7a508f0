package horizon.board;

/**
 * Moves are ints; 0 means "no move". Layout:
 *
 * <pre>
 * bits  0-5   from square
 * bits  6-11  to square (for castling: the square of the castling rook, "king takes rook", which is unambiguous
 *             in Chess960 too)
 * bits 12-14  promotion piece type (0 = none, KNIGHT..QUEEN)
 * bits 15-17  kind: QUIET, DOUBLE_PUSH, CASTLING, EN_PASSANT, CAPTURE
 * </pre>
 *
 * A promotion that captures has kind CAPTURE and a promotion type.
 */
public final class Move {
    public static final int NONE = 0;

    public static final int QUIET = 0, DOUBLE_PUSH = 1, CASTLING = 2, EN_PASSANT = 3, CAPTURE = 4;

    private Move() {
    }

    public static int of(int from, int to, int kind) {
        return from | (to << 6) | (kind << 15);
    }

    public static int promotion(int from, int to, int kind, int promotionType) {
        return from | (to << 6) | (promotionType << 12) | (kind << 15);
    }

    public static int from(int m) {
        return m & 63;
    }

    public static int to(int m) {
        return (m >>> 6) & 63;
    }

    public static int promotionType(int m) {
        return (m >>> 12) & 7;
    }

    public static int kind(int m) {
        return m >>> 15;
    }

    public static boolean isCapture(int m) {
        int kind = m >>> 15;
        return kind == CAPTURE || kind == EN_PASSANT;
    }

    public static boolean isPromotion(int m) {
        return (m & (7 << 12)) != 0;
    }

    public static boolean isCastling(int m) {
        return m >>> 15 == CASTLING;
    }

    /** Captures and promotions: what quiescence search and the first ordering stage look at. */
    public static boolean isNoisy(int m) {
        return isCapture(m) || isPromotion(m);
    }

    /** Square the king lands on when castling with move m (g- or c-file of its rank). */
    public static int castlingKingTarget(int m) {
        int from = from(m), to = to(m);
        return Square.of(to > from ? 6 : 2, Square.rank(from));
    }

    /** Square the rook lands on when castling with move m (f- or d-file of its rank). */
    public static int castlingRookTarget(int m) {
        int from = from(m), to = to(m);
        return Square.of(to > from ? 5 : 3, Square.rank(from));
    }

    /**
     * UCI long algebraic notation. Castling is written king-to-destination ("e1g1") in standard chess and
     * king-takes-rook ("e1h1") when {@code chess960} is set, as UCI_Chess960 asks.
     */
    public static String toUci(int m, boolean chess960) {
        if (m == NONE) {
            return "0000";
        }
        int to = isCastling(m) && !chess960 ? castlingKingTarget(m) : to(m);
        String s = Square.name(from(m)) + Square.name(to);
        return isPromotion(m) ? s + Piece.typeLetter(promotionType(m)) : s;
    }

    public static String toUci(int m) {
        return toUci(m, false);
    }
}
