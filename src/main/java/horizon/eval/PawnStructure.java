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

    /**
     * The pawn hash: 2^14 entries of six longs side by side (White's pawns, Black's pawns, the passers, the score
     * with the closedness above it, and each king's shelter with the square it was counted for), 768 KB per search
     * thread. One array, not one per field: a probe reads one or two cache lines instead of five.
     */
    private static final int HASH_BITS = 14, ENTRY = 6;
    private final long[] table = new long[ENTRY << HASH_BITS];
    /** The entry of the last {@link #evaluate}: {@link #shelter} keeps its sums there. */
    private int current;
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
        int entry = (int) (pos.pawnKey() >>> (64 - HASH_BITS)) * ENTRY;
        current = entry;
        if (!t.enabled() && table[entry] == white && table[entry + 1] == black) {
            passed = table[entry + 2];
            long scoreAndClosedness = table[entry + 3];
            closedness = (int) (scoreAndClosedness >>> 32);
            return (int) scoreAndClosedness;
        }
        passed = 0;
        closedness = closedness(white, black);
        int score = side(WHITE, white, black, t) - side(BLACK, black, white, t);
        table[entry] = white;
        table[entry + 1] = black;
        table[entry + 2] = passed;
        table[entry + 3] = (long) closedness << 32 | (score & 0xFFFFFFFFL);
        table[entry + 4] = 0; // no king square yet: the shelters are counted when first asked for
        table[entry + 5] = 0;
        return score;
    }

    /**
     * Shelter and storm on the three files around colour c's king ({@link Term#KING_SHIELD}, {@link Term#KING_STORM}):
     * the nearest own and enemy pawn ahead on each file. They depend on the pawns and that king's square alone, so
     * the entry of the last {@link #evaluate} keeps the sum for the king square it was counted on, and the pawns are
     * read from that entry too, so the cache can only ever hold the sum for its own pawns.
     */
    int shelter(int c, int ksq, Trace t) {
        long ourPawns = table[current + c], theirPawns = table[current + (c ^ 1)];
        int slot = current + 4 + c;
        long cached = table[slot];
        if (!t.enabled() && (int) (cached >>> 32) == ksq + 1) {
            return (int) cached;
        }
        int s = 0, kingFile = Square.file(ksq);
        for (int f = Math.max(0, kingFile - 1); f <= Math.min(7, kingFile + 1); f++) {
            long ahead = Bitboards.fileMask(f) & (FORWARD_FILE[c][ksq & ~7 | f] | (1L << (ksq & ~7 | f)));
            long shield = ahead & ourPawns, storm = ahead & theirPawns;
            s += term(Term.KING_SHIELD, shield == 0 ? 0 : Square.relativeRank(c, nearest(c, shield)), c, t);
            s += term(Term.KING_STORM, storm == 0 ? 0 : Square.relativeRank(c, nearest(c, storm)), c, t);
        }
        table[slot] = (long) (ksq + 1) << 32 | (s & 0xFFFFFFFFL);
        return s;
    }

    /** The square of b closest to colour c's back rank. */
    private static int nearest(int c, long b) {
        return c == WHITE ? Long.numberOfTrailingZeros(b) : 63 - Long.numberOfLeadingZeros(b);
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
