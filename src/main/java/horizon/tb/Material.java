package horizon.tb;

import horizon.board.Piece;
import horizon.board.Position;

/**
 * Material signatures: which table a position belongs to. A signature packs the count of every non-king piece:
 *
 * <pre>
 * bits (colour * 5 + type - 1) * 3 .. +2   count of (colour, type), type PAWN..QUEEN, 0..7
 * white in bits 0-14, black in bits 15-29; the kings (always one each) are not counted, so KvK is 0
 * </pre>
 *
 * Tables hold at most 7 pieces, so no count passes 5 and three bits each are enough. Table names write the
 * stronger side first ("KQvKR"); {@link #mirror} turns a signature into the one with the colours swapped, which
 * is how a position whose black side is the named first side finds its table.
 */
final class Material {
    /** Table names list pieces in this order within each side (a king first). */
    private static final String ORDER = "KQRBNP";
    private static final int SIDE_BITS = 15;
    private static final int SIDE_MASK = (1 << SIDE_BITS) - 1;

    private Material() {
    }

    private static int shift(int color, int type) {
        return (color * 5 + type - 1) * 3;
    }

    /** Signature of the position's material, or -1 when some count does not fit (never within 7 pieces). */
    static int of(Position pos) {
        int key = 0;
        for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
            for (int type = Piece.PAWN; type <= Piece.QUEEN; type++) {
                int count = Long.bitCount(pos.pieces(color, type));
                if (count > 7) {
                    return -1;
                }
                key |= count << shift(color, type);
            }
        }
        return key;
    }

    static int count(int key, int color, int type) {
        return type == Piece.KING ? 1 : (key >>> shift(color, type)) & 7;
    }

    /** The same material with the colours exchanged (KQvKR seen from the side of the rook). */
    static int mirror(int key) {
        return ((key & SIDE_MASK) << SIDE_BITS) | (key >>> SIDE_BITS);
    }

    /** Pieces on the board, kings included. */
    static int pieceCount(int key) {
        int n = 2;
        for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
            for (int type = Piece.PAWN; type <= Piece.QUEEN; type++) {
                n += count(key, color, type);
            }
        }
        return n;
    }

    /**
     * Signature of a table name such as "KRPvKQ" (white = the first side), or -1 unless the name is the canonical
     * one the generator gives that material: one king per side written first, pieces in KQRBNP order, the
     * stronger side first, 3 to 7 pieces.
     */
    static int parseName(String name) {
        int v = name.indexOf('v');
        if (v < 0 || name.indexOf('v', v + 1) >= 0) {
            return -1;
        }
        int white = parseSide(name.substring(0, v));
        int black = parseSide(name.substring(v + 1));
        if (white < 0 || black < 0) {
            return -1;
        }
        int key = white | (black << SIDE_BITS);
        int pieces = pieceCount(key);
        if (pieces < 3 || pieces > SyzygyTables.MAX_PIECES || !name.equals(name(key))) {
            return -1;
        }
        return key;
    }

    /** One side's pieces as white's signature bits; -1 unless it is a king followed by pieces in KQRBNP order. */
    private static int parseSide(String side) {
        if (side.isEmpty() || side.charAt(0) != 'K') {
            return -1;
        }
        int key = 0;
        int previous = 0;
        for (int i = 1; i < side.length(); i++) {
            int rank = ORDER.indexOf(side.charAt(i));
            if (rank <= 0 || rank < previous) {
                return -1;
            }
            previous = rank;
            int type = typeOfLetter(side.charAt(i));
            int count = count(key, Piece.WHITE, type) + 1;
            if (count > 7) {
                return -1;
            }
            key = (key & ~(7 << shift(Piece.WHITE, type))) | (count << shift(Piece.WHITE, type));
        }
        return key;
    }

    private static int typeOfLetter(char c) {
        return switch (c) {
            case 'Q' -> Piece.QUEEN;
            case 'R' -> Piece.ROOK;
            case 'B' -> Piece.BISHOP;
            case 'N' -> Piece.KNIGHT;
            default -> Piece.PAWN;
        };
    }

    /**
     * The canonical table name of a material: the side with more pieces first, with equal numbers the one whose
     * pieces, read in KQRBNP order, are stronger at the first difference (the naming of the generator).
     */
    static String name(int key) {
        String white = sideName(key, Piece.WHITE);
        String black = sideName(key, Piece.BLACK);
        boolean blackFirst = black.length() > white.length()
                || black.length() == white.length() && compareStrength(black, white) < 0;
        return blackFirst ? black + "v" + white : white + "v" + black;
    }

    private static String sideName(int key, int color) {
        StringBuilder sb = new StringBuilder("K");
        for (int i = 1; i < ORDER.length(); i++) {
            char letter = ORDER.charAt(i);
            sb.append(String.valueOf(letter).repeat(count(key, color, typeOfLetter(letter))));
        }
        return sb.toString();
    }

    /** Negative when side a has the stronger piece at the first place the two names differ. */
    private static int compareStrength(String a, String b) {
        for (int i = 0; i < Math.min(a.length(), b.length()); i++) {
            int d = ORDER.indexOf(a.charAt(i)) - ORDER.indexOf(b.charAt(i));
            if (d != 0) {
                return d;
            }
        }
        return a.length() - b.length();
    }
}
