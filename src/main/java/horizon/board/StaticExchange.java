package horizon.board;

/**
 * Static exchange evaluation: would the sequence of captures on a move's target square, each side always
 * recapturing with its least valuable attacker and free to stop, gain at least a threshold? Sliders hidden behind
 * a capturer (x-rays) join as the board empties. Pins are ignored, as usual: this is an ordering and pruning
 * estimate, not a search.
 */
public final class StaticExchange {
    /** Exchange values by piece type; the king's is large so that "capturing into" a defended king loses. */
    public static final int[] VALUE = {0, 100, 300, 300, 500, 900, 20000};

    private StaticExchange() {
    }

    /** True if move m wins at least {@code threshold} centipawns in the exchange it starts. */
    public static boolean atLeast(Position pos, int m, int threshold) {
        int kind = Move.kind(m);
        if (kind == Move.CASTLING || kind == Move.EN_PASSANT || Move.isPromotion(m)) {
            return threshold <= 0; // rare enough to be treated as even
        }
        int from = Move.from(m), to = Move.to(m);
        int swap = VALUE[Piece.type(pos.board[to])] - threshold;
        if (swap < 0) {
            return false; // even capturing for free does not reach the threshold
        }
        swap = VALUE[Piece.type(pos.board[from])] - swap;
        if (swap <= 0) {
            return true; // even losing the capturer still reaches it
        }
        long occupied = pos.occupied ^ (1L << from) ^ (1L << to);
        int side = Piece.color(pos.board[from]);
        long attackers = pos.attackersTo(to, occupied);
        long diagonal = pos.pieces[Piece.BISHOP] | pos.pieces[8 | Piece.BISHOP]
                | pos.pieces[Piece.QUEEN] | pos.pieces[8 | Piece.QUEEN];
        long straight = pos.pieces[Piece.ROOK] | pos.pieces[8 | Piece.ROOK]
                | pos.pieces[Piece.QUEEN] | pos.pieces[8 | Piece.QUEEN];
        boolean result = true; // true: the side that moved first is currently ahead of the threshold
        while (true) {
            side ^= 1;
            attackers &= occupied;
            long ours = attackers & pos.colors[side];
            if (ours == 0) {
                break;
            }
            result = !result;
            int type = leastValuableType(pos, ours, side);
            if (type == Piece.KING) {
                // The king may recapture only if the other side has nothing left to take back with.
                return (attackers & pos.colors[side ^ 1]) != 0 ? !result : result;
            }
            swap = VALUE[type] - swap;
            if (swap < (result ? 1 : 0)) {
                break;
            }
            long capturer = ours & pos.pieces[(side << 3) | type];
            occupied ^= capturer & -capturer;
            if (type == Piece.PAWN || type == Piece.BISHOP || type == Piece.QUEEN) {
                attackers |= Attacks.bishopAttacks(to, occupied) & diagonal;
            }
            if (type == Piece.ROOK || type == Piece.QUEEN) {
                attackers |= Attacks.rookAttacks(to, occupied) & straight;
            }
        }
        return result;
    }

    private static int leastValuableType(Position pos, long attackers, int side) {
        for (int type = Piece.PAWN; type < Piece.KING; type++) {
            if ((attackers & pos.pieces[(side << 3) | type]) != 0) {
                return type;
            }
        }
        return Piece.KING;
    }
}
