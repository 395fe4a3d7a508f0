package horizon.board;

/**
 * Colours, piece types and coloured pieces as small ints.
 *
 * <pre>
 * type:  PAWN 1, KNIGHT 2, BISHOP 3, ROOK 4, QUEEN 5, KING 6
 * piece: (colour << 3) | type, so white pieces are 1..6, black 9..14, NONE = 0
 * </pre>
 */
public final class Piece {
    public static final int WHITE = 0, BLACK = 1;

    public static final int NONE = 0;
    public static final int PAWN = 1, KNIGHT = 2, BISHOP = 3, ROOK = 4, QUEEN = 5, KING = 6;

    /** Size of arrays indexed by a coloured piece code. */
    public static final int CODES = 16;

    private static final String LETTERS = " PNBRQK  pnbrqk ";

    private Piece() {
    }

    public static int make(int color, int type) {
        return (color << 3) | type;
    }

    public static int type(int piece) {
        return piece & 7;
    }

    public static int color(int piece) {
        return piece >>> 3;
    }

    /** FEN letter: upper case for white. */
    public static char letter(int piece) {
        return LETTERS.charAt(piece);
    }

    /** Piece code of a FEN letter, or {@link #NONE} if it is not one of PNBRQKpnbrqk. */
    public static int fromLetter(char c) {
        int i = LETTERS.indexOf(c);
        return c == ' ' || i < 0 ? NONE : i;
    }

    /** Lower-case letter of a piece type, as used in UCI promotions ("q"). */
    public static char typeLetter(int type) {
        return LETTERS.charAt(8 + type);
    }
}
