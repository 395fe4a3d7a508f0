package horizon.board;

/**
 * Zobrist hashing keys, drawn from a fixed-seed SplitMix64 stream so that keys (and therefore bench node counts)
 * are the same on every run and machine.
 *
 * <p>Conventions: one key per (piece, square); one for black to move; one per 4-bit castling-rights set; one per
 * en-passant file, hashed only when a pawn of the side to move stands ready to capture en passant (the
 * Polyglot convention), so that a double push nobody can answer does not split otherwise identical positions.
 */
public final class Zobrist {
    static final long[][] PIECE_SQUARE = new long[Piece.CODES][64];
    static final long[] CASTLING = new long[16];
    static final long[] EN_PASSANT_FILE = new long[8];
    static final long BLACK_TO_MOVE;

    static {
        long[] state = {0x486F72697A6F6E21L}; // "Horizon!"
        for (int piece = 0; piece < Piece.CODES; piece++) {
            for (int sq = 0; sq < 64; sq++) {
                PIECE_SQUARE[piece][sq] = next(state);
            }
        }
        // The empty set of rights hashes to 0; every other set is the xor of its single rights.
        long[] single = {next(state), next(state), next(state), next(state)};
        for (int rights = 0; rights < 16; rights++) {
            for (int bit = 0; bit < 4; bit++) {
                if ((rights & (1 << bit)) != 0) {
                    CASTLING[rights] ^= single[bit];
                }
            }
        }
        for (int file = 0; file < 8; file++) {
            EN_PASSANT_FILE[file] = next(state);
        }
        BLACK_TO_MOVE = next(state);
    }

    private Zobrist() {
    }

    private static long next(long[] state) {
        long z = (state[0] += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
