package horizon.board;

/** Reads UCI long algebraic moves ("e2e4", "e7e8q") against the legal moves of a position. */
public final class UciMove {
    private UciMove() {
    }

    /**
     * The legal move written as {@code text}, or {@link Move#NONE}. Castling is matched in the notation of the
     * current mode first (king-takes-rook when {@code chess960}, king-to-destination otherwise), then in the other
     * one, so a GUI that mixes them up is still understood where that is unambiguous.
     */
    public static int parse(Position pos, String text, boolean chess960) {
        if (text == null || text.length() < 4 || text.length() > 5) {
            return Move.NONE;
        }
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generate(pos, moves, 0, MoveGenerator.ALL);
        for (int i = 0; i < n; i++) {
            if (Move.toUci(moves[i], chess960).equals(text)) {
                return moves[i];
            }
        }
        for (int i = 0; i < n; i++) {
            if (Move.isCastling(moves[i]) && Move.toUci(moves[i], !chess960).equals(text)) {
                return moves[i];
            }
        }
        return Move.NONE;
    }
}
