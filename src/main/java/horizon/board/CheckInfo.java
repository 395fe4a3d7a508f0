package horizon.board;

/**
 * What it takes to check the opponent's king from one position: for each piece type, the squares from which it
 * would attack that king, and our pieces that block one of our own sliders' lines to it (moving one off the line
 * uncovers a check). Computed once per node and then asked per move, which is much cheaper than
 * {@link Position#givesCheck} recomputing slider attacks for every move a search prunes.
 *
 * <p>Castling, en passant and promotions (rare) are handed to {@link Position#givesCheck}. One instance per ply of
 * a search, reused: {@link #set} allocates nothing.
 */
public final class CheckInfo {
    /** Indexed by piece type (PAWN..QUEEN); the KING entry stays empty, a king never checks directly. */
    private final long[] checkSquares = new long[Piece.KING + 1];
    private long discoverers;
    private int enemyKing;

    public void set(Position pos) {
        int us = pos.sideToMove, them = us ^ 1;
        int ksq = pos.kingSquare[them];
        long occ = pos.occupied;
        long bishopRays = Attacks.bishopAttacks(ksq, occ), rookRays = Attacks.rookAttacks(ksq, occ);
        enemyKing = ksq;
        checkSquares[Piece.PAWN] = Attacks.PAWN[them][ksq];
        checkSquares[Piece.KNIGHT] = Attacks.KNIGHT[ksq];
        checkSquares[Piece.BISHOP] = bishopRays;
        checkSquares[Piece.ROOK] = rookRays;
        checkSquares[Piece.QUEEN] = bishopRays | rookRays;
        discoverers = MoveGenerator.sliderBlockers(pos, ksq, us) & pos.colors[us];
    }

    /** Whether the legal move gives check in the position {@link #set} was last called with. */
    public boolean givesCheck(Position pos, int move) {
        int kind = Move.kind(move);
        if (kind == Move.CASTLING || kind == Move.EN_PASSANT || Move.isPromotion(move)) {
            return pos.givesCheck(move);
        }
        int from = Move.from(move), to = Move.to(move);
        if ((checkSquares[Piece.type(pos.board[from])] & (1L << to)) != 0) {
            return true;
        }
        // A blocker that leaves the line to the king uncovers the slider behind it.
        return (discoverers & (1L << from)) != 0 && (Bitboards.LINE[from][enemyKing] & (1L << to)) == 0;
    }
}
