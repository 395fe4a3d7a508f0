package horizon.eval;

import static horizon.board.Piece.BLACK;
import static horizon.board.Piece.PAWN;
import static horizon.board.Piece.WHITE;

import horizon.board.Attacks;
import horizon.board.Bitboards;
import horizon.board.Position;
import horizon.board.Square;

/**
 * Pawn terms that depend on the pawns alone (piece-square, passed, isolated, doubled, backward, connected,
 * phalanx), and a pawn hash table that remembers them per pawn configuration: pawns move rarely, so most
 * evaluations read one entry instead of walking the pawns.
 */
final class PawnStructure {
    /** Squares in front of a pawn on its own file, by colour and square. */
    static final long[][] FORWARD_FILE = new long[2][64];
    /** Squares in front on its own and the neighbouring files: an enemy pawn there stops a passer. */
    static final long[][] PASSED_SPAN = new long[2][64];
    /** Neighbouring files' squares on the pawn's rank and behind it: where a pawn could come from to defend it. */
    static final long[][] SUPPORT_SPAN = new long[2][64];
    static final long[] ADJACENT_FILES = new long[8];

    static {
        for (int f = 0; f < 8; f++) {
            ADJACENT_FILES[f] = (f > 0 ? Bitboards.fileMask(f - 1) : 0) | (f < 7 ? Bitboards.fileMask(f + 1) : 0);
        }
        for (int sq = 0; sq < 64; sq++) {
            int file = Square.file(sq), rank = Square.rank(sq);
            for (int r = 0; r < 8; r++) {
                long row = Bitboards.rankMask(r);
                long own = row & Bitboards.fileMask(file), beside = row & ADJACENT_FILES[file];
                if (r > rank) {
                    FORWARD_FILE[WHITE][sq] |= own;
                    PASSED_SPAN[WHITE][sq] |= own | beside;
                } else {
                    SUPPORT_SPAN[WHITE][sq] |= beside;
                }
                if (r < rank) {
                    FORWARD_FILE[BLACK][sq] |= own;
                    PASSED_SPAN[BLACK][sq] |= own | beside;
                } else {
                    SUPPORT_SPAN[BLACK][sq] |= beside;
                }
            }
        }
    }

    private static final int HASH_BITS = 14;
    private final long[] whiteKeys = new long[1 << HASH_BITS], blackKeys = new long[1 << HASH_BITS];
    private final int[] scores = new int[1 << HASH_BITS];
    private final long[] passers = new long[1 << HASH_BITS];
    private final byte[] closednesses = new byte[1 << HASH_BITS];
    private final int[] w;

    /** Passed pawns of both colours found by the last {@link #evaluate} call. */
    long passed;
    /** How closed the last evaluated structure is, 0-8 ({@link #closedness(long, long)}). */
    int closedness;

    PawnStructure(int[] weights) {
        this.w = weights;
    }

    /**
     * Packed pawn score, White minus Black. Read from the hash unless the trace records (then every coefficient
     * must be seen), and stored after a miss. An empty entry (no pawns at all) is correct as it stands: score 0.
     */
    int evaluate(Position pos, Trace t) {
        long white = pos.pieces(WHITE, PAWN), black = pos.pieces(BLACK, PAWN);
        int slot = (int) (pos.pawnKey() >>> (64 - HASH_BITS));
        if (!t.enabled() && whiteKeys[slot] == white && blackKeys[slot] == black) {
            passed = passers[slot];
            closedness = closednesses[slot];
            return scores[slot];
        }
        passed = 0;
        closedness = closedness(white, black);
        int score = side(WHITE, white, black, t) - side(BLACK, black, white, t);
        whiteKeys[slot] = white;
        blackKeys[slot] = black;
        scores[slot] = score;
        passers[slot] = passed;
        closednesses[slot] = (byte) closedness;
        return score;
    }

    /**
     * How closed a pawn structure is, 0 (open) to 8: pawns on the board, three times the pawns locked against an
     * enemy pawn, less four per file without pawns, over three (Ethereal's buckets, counted our way). Kept in the
     * pawn hash with the rest of the structure.
     */
    static int closedness(long white, long black) {
        int locked = Long.bitCount(white & (black >>> 8));
        int openFiles = 0;
        for (int f = 0; f < 8; f++) {
            openFiles += ((white | black) & Bitboards.fileMask(f)) == 0 ? 1 : 0;
        }
        int closed = (Long.bitCount(white | black) + 3 * locked - 4 * openFiles) / 3;
        return Math.max(0, Math.min(8, closed));
    }

    private int side(int us, long ours, long theirs, Trace t) {
        int them = us ^ 1, s = 0;
        for (long b = ours; b != 0; b &= b - 1) {
            int sq = Long.numberOfTrailingZeros(b);
            int rank = Square.relativeRank(us, sq), file = Square.file(sq);
            int relative = us == WHITE ? sq : Square.flipRank(sq);
            s += term(Term.PST, (PAWN - 1) * 64 + relative, us, t);
            boolean isolated = (ADJACENT_FILES[file] & ours) == 0;
            boolean doubled = (FORWARD_FILE[us][sq] & ours) != 0;
            if (isolated) {
                s += term(Term.ISOLATED, 0, us, t);
            }
            if (doubled) {
                s += term(Term.DOUBLED, 0, us, t);
            }
            if ((Attacks.pawn(them, sq) & ours) != 0) {
                s += term(Term.CONNECTED, rank, us, t);
            }
            long bit = 1L << sq;
            if (((((bit << 1) & ~Bitboards.FILE_A) | ((bit >>> 1) & ~Bitboards.FILE_H)) & ours) != 0) {
                s += term(Term.PHALANX, rank, us, t);
            }
            int stop = us == WHITE ? sq + 8 : sq - 8;
            if (!isolated && (SUPPORT_SPAN[us][sq] & ours) == 0 && stop >= 0 && stop < 64
                    && (Attacks.pawn(us, stop) & theirs) != 0) {
                s += term(Term.BACKWARD, 0, us, t);
            }
            if (!doubled && (PASSED_SPAN[us][sq] & theirs) == 0) {
                passed |= bit;
                s += term(Term.PASSED, rank, us, t);
            } else if (!doubled && (FORWARD_FILE[us][sq] & theirs) == 0) {
                // A candidate: nothing ahead on its file, and as many own pawns beside or behind it as enemy
                // sentries ahead beside it (which there are, or it would be passed).
                int sentries = Long.bitCount(PASSED_SPAN[us][sq] & ADJACENT_FILES[file] & theirs);
                if (Long.bitCount(SUPPORT_SPAN[us][sq] & ours) >= sentries) {
                    s += term(Term.CANDIDATE_PASSER, rank, us, t);
                }
            }
        }
        return s;
    }

    private int term(Term term, int entry, int color, Trace t) {
        t.add(term.offset() + entry, color, 1);
        return w[term.offset() + entry];
    }
}
