package horizon.eval;

import static horizon.board.Piece.BISHOP;
import static horizon.board.Piece.BLACK;
import static horizon.board.Piece.KING;
import static horizon.board.Piece.KNIGHT;
import static horizon.board.Piece.PAWN;
import static horizon.board.Piece.QUEEN;
import static horizon.board.Piece.ROOK;
import static horizon.board.Piece.WHITE;

import horizon.board.Attacks;
import horizon.board.Bitboards;
import horizon.board.Piece;
import horizon.board.Position;
import horizon.board.Square;

/**
 * Static evaluation: a weighted linear sum of features, each weight a tapered middlegame/endgame pair from
 * {@link Weights}, blended by game phase, from the side to move's point of view. Every term is written once:
 * it adds its weight and tells the {@link Trace} which weight it used, so the tuner's coefficients and the
 * {@code eval} report come from the very code the search runs.
 *
 * <p>One evaluator per search thread: it owns a pawn hash table and scratch attack maps (nothing is allocated
 * per call).
 */
public final class Evaluator {
    public static final int MAX_PHASE = Score.MAX_PHASE;
    /** Attack units a piece adds to the danger of the king whose zone it attacks, by type. */
    private static final int[] ATTACK_UNITS = {0, 0, 2, 2, 3, 5, 0};
    private static final int SAFE_CHECK_UNITS = 3;
    /** Units beyond this add nothing: the king is lost anyway, and the square stays far inside a packed score half. */
    private static final int MAX_DANGER_UNITS = 32;
    /** Where space counts, by colour: files c-f of the own second to fourth ranks. */
    private static final long[] SPACE_AREA = {
        (Bitboards.RANK_2 | Bitboards.RANK_3 | Bitboards.RANK_2 << 16) & 0x3C3C3C3C3C3C3C3CL,
        (Bitboards.RANK_7 | Bitboards.RANK_6 | Bitboards.RANK_7 >>> 16) & 0x3C3C3C3C3C3C3C3CL};

    /** Files a-d and e-h: pawns on both make an ending harder to draw. */
    private static final long QUEEN_FLANK = 0x0F0F0F0F0F0F0F0FL, KING_FLANK = 0xF0F0F0F0F0F0F0F0L;

    private final Weights weights;
    private final int[] w;
    private final PawnStructure pawns;
    /**
     * Whether the non-linear blocks have a weight: with none (the shipped weights until a fit gives them some) their
     * curves add nothing, and the search skips them; a trace (the tuner, the report) still records their features.
     */
    private final boolean kingAttackOn, complexityOn;
    /** The same for the second round's linear blocks ({@link #KNOWLEDGE}): skipped while all their weights are 0. */
    private final boolean knowledgeOn;
    private static final Term[] KNOWLEDGE = {Term.CLOSED_KNIGHT, Term.CLOSED_ROOK, Term.CANDIDATE_PASSER,
        Term.PASSED_SAFE_PATH, Term.ROOK_BEHIND_PASSER, Term.KNIGHT_FAR, Term.BISHOP_LONG_DIAGONAL, Term.PINNED,
        Term.PINNED_TO_QUEEN, Term.WEAKLY_DEFENDED,
        Term.IMBALANCE_OURS, Term.IMBALANCE_THEIRS};
    /** The imbalance table: 2^10 slots of material signature and score per evaluator. */
    private static final int IMBALANCE_BITS = 10;
    private final long[] imbalanceKeys = new long[1 << IMBALANCE_BITS];
    private final int[] imbalanceScores = new int[1 << IMBALANCE_BITS];
    private static final long CENTER = (1L << 27) | (1L << 28) | (1L << 35) | (1L << 36);
    private static final long LONG_DIAGONALS = 0x8040201008040201L | 0x0102040810204080L;

    // Scratch for one evaluation, by colour: attacks by piece type (index 0 = all), the squares a piece's mobility
    // counts, the king's zone, and the attack on it.
    private final long[][] attackedBy = new long[2][7];
    /** Squares colour c attacks at least twice (pawns, king and pieces together). */
    private final long[] attackedTwice = new long[2];
    private final long[] mobilityArea = new long[2];
    private final long[] kingZone = new long[2];
    private final int[] kingDangerUnits = new int[2];
    private final int[][] kingAttackers = new int[2][7];
    /** Safe checks against the king being evaluated, by checking piece type: king safety counts, the attack reads. */
    private final int[] safeChecks = new int[7];

    /** Evaluation cache: 2^16 slots of key and score, 768 KB per search thread, always replaced. */
    private static final int CACHE_SIZE = 1 << 16;
    private final long[] cacheKeys = new long[CACHE_SIZE];
    private final int[] cacheScores = new int[CACHE_SIZE];
    private long cacheHits;

    public Evaluator(Weights weights) {
        this.weights = weights;
        this.w = weights.toArray();
        this.pawns = new PawnStructure(w);
        this.kingAttackOn = anyWeight(Term.KING_ATTACK);
        this.complexityOn = anyWeight(Term.COMPLEXITY);
        boolean knowledge = false;
        for (Term term : KNOWLEDGE) {
            knowledge |= anyWeight(term);
        }
        this.knowledgeOn = knowledge;
    }

    private boolean anyWeight(Term term) {
        for (int i = term.offset(); i < term.offset() + term.size; i++) {
            if (w[i] != 0) {
                return true;
            }
        }
        return false;
    }

    public Weights weights() {
        return weights;
    }

    /**
     * The evaluation of pos, from a small cache keyed by the position's hash when it was evaluated lately: the
     * search meets many positions again (transpositions, re-searches, quiescence after a fail high that left no
     * table entry) and the evaluation is a pure function of the position, so a hit changes no score and no tree.
     */
    public int evaluate(Position pos) {
        long key = pos.key();
        int slot = (int) key & (CACHE_SIZE - 1);
        if (cacheKeys[slot] == key && key != 0) {
            cacheHits++;
            return cacheScores[slot];
        }
        int score = evaluate(pos, Trace.OFF);
        cacheKeys[slot] = key;
        cacheScores[slot] = score;
        return score;
    }

    /** Cache hits since this evaluator was made (a test checks that the cache is used at all). */
    public long cacheHits() {
        return cacheHits;
    }

    public int evaluate(Position pos, Trace t) {
        int special = Endgame.special(pos);
        if (special != Endgame.NONE) {
            t.special();
            return pos.sideToMove() == WHITE ? special : -special;
        }
        int score = material(pos, WHITE, t) - material(pos, BLACK, t);
        score += pawns.evaluate(pos, t);
        setUp(pos, WHITE);
        setUp(pos, BLACK);
        // Pieces first, both sides: king safety, threats and passed pawns read the attack maps they leave.
        score += pieces(pos, WHITE, t) - pieces(pos, BLACK, t);
        score += kingSafety(pos, WHITE, t) + threats(pos, WHITE, t) + passedPawns(pos, WHITE, t);
        score -= kingSafety(pos, BLACK, t) + threats(pos, BLACK, t) + passedPawns(pos, BLACK, t);
        if (knowledgeOn || t.enabled()) {
            score += knowledge(pos, WHITE, pawns.closedness, t) - knowledge(pos, BLACK, pawns.closedness, t)
                    + imbalance(pos, t);
        }
        int tempo = term(Term.TEMPO, 0, pos.sideToMove(), 1, t);
        score += pos.sideToMove() == WHITE ? tempo : -tempo;
        int phase = phase(pos);
        int mg = Score.mg(score), eg = complexityOn || t.enabled() ? complexity(pos, Score.eg(score), t)
                : Score.eg(score);
        int scale = Endgame.scale(pos, eg > 0 ? WHITE : BLACK);
        t.blend(phase, scale);
        int white = Score.taper(mg, eg, phase, scale);
        return pos.sideToMove() == WHITE ? white : -white;
    }

    /**
     * A network's score (side to move's view) with the endgame knowledge this evaluation applies too: the endings
     * it evaluates outright (a bare king against a queen or rook, KBNK) take its score, and where the side the
     * score favours cannot or can hardly win (a lone minor, two knights, opposite-coloured bishops, no pawns and
     * less than a rook up) the score is scaled towards a draw as the endgame half is here. A net trained on a few
     * million positions sees these endings too rarely to learn them.
     */
    public static int withEndgameKnowledge(Position pos, int score) {
        int special = Endgame.special(pos);
        if (special != Endgame.NONE) {
            return pos.sideToMove() == WHITE ? special : -special;
        }
        int white = pos.sideToMove() == WHITE ? score : -score;
        int scale = Endgame.scale(pos, white > 0 ? WHITE : BLACK);
        return scale == Score.NORMAL_SCALE ? score : score * scale / Score.NORMAL_SCALE;
    }

    /** The curve of {@link Term#COMPLEXITY}: eg + sign(eg) max(inner, -|eg|). */
    public static int complexityAdjusted(int eg, int inner) {
        int sign = Integer.signum(eg);
        return eg + sign * Math.max(inner, -Math.abs(eg));
    }

    /** 24 with all pieces on the board, falling towards 0 as they come off (promotions are capped). */
    public static int phase(Position pos) {
        int phase = Long.bitCount(pos.pieces(WHITE, KNIGHT) | pos.pieces(BLACK, KNIGHT))
                + Long.bitCount(pos.pieces(WHITE, BISHOP) | pos.pieces(BLACK, BISHOP))
                + 2 * Long.bitCount(pos.pieces(WHITE, ROOK) | pos.pieces(BLACK, ROOK))
                + 4 * Long.bitCount(pos.pieces(WHITE, QUEEN) | pos.pieces(BLACK, QUEEN));
        return Math.min(phase, MAX_PHASE);
    }

    private int term(Term term, int entry, int color, int count, Trace t) {
        t.add(term.offset() + entry, color, count);
        return count * w[term.offset() + entry];
    }

    private int material(Position pos, int c, Trace t) {
        int s = 0;
        for (int type = PAWN; type <= QUEEN; type++) {
            int n = Long.bitCount(pos.pieces(c, type));
            if (n != 0) {
                s += term(Term.MATERIAL, type - 1, c, n, t);
            }
        }
        return s;
    }

    private static int relative(int c, int sq) {
        return c == WHITE ? sq : Square.flipRank(sq);
    }

    private void setUp(Position pos, int c) {
        int them = c ^ 1;
        long pawnBoard = pos.pieces(c, PAWN);
        long pawnAttacks = pawnAttacks(pos, c);
        int ksq = pos.kingSquare(c);
        long kingAttacks = Attacks.king(ksq);
        // Every slot written out rather than Arrays.fill: this runs twice per evaluation, and the call on these
        // seven-element arrays cost more than the rest of the set-up (about 7 % of bench time in a profile).
        long[] by = attackedBy[c];
        by[0] = pawnAttacks | kingAttacks;
        attackedTwice[c] = pawnAttacksTwice(pawnBoard, c) | (pawnAttacks & kingAttacks);
        by[PAWN] = pawnAttacks;
        by[KNIGHT] = 0;
        by[BISHOP] = 0;
        by[ROOK] = 0;
        by[QUEEN] = 0;
        by[KING] = kingAttacks;
        long zone = kingAttacks | (1L << ksq);
        kingZone[c] = zone | Bitboards.pushForward(zone, c);
        kingDangerUnits[c] = 0;
        int[] attackers = kingAttackers[c];
        attackers[KNIGHT] = 0;
        attackers[BISHOP] = 0;
        attackers[ROOK] = 0;
        attackers[QUEEN] = 0;
        // Mobility counts squares not taken by own pawns or king and not attacked by enemy pawns.
        mobilityArea[c] = ~(pawnBoard | pos.pieces(c, KING) | pawnAttacks(pos, them));
    }

    /** Squares the pawns of colour c attack. */
    private static long pawnAttacks(Position pos, int c) {
        return pawnAttacks(pos.pieces(c, PAWN), c);
    }

    /** Squares that two pawns of colour c standing on pawnBoard attack together. */
    private static long pawnAttacksTwice(long pawnBoard, int c) {
        return c == WHITE
                ? ((pawnBoard << 7) & ~Bitboards.FILE_H) & ((pawnBoard << 9) & ~Bitboards.FILE_A)
                : ((pawnBoard >>> 9) & ~Bitboards.FILE_H) & ((pawnBoard >>> 7) & ~Bitboards.FILE_A);
    }

    /** Squares that pawns of colour c standing on pawnBoard would attack. */
    private static long pawnAttacks(long pawnBoard, int c) {
        return c == WHITE
                ? ((pawnBoard << 7) & ~Bitboards.FILE_H) | ((pawnBoard << 9) & ~Bitboards.FILE_A)
                : ((pawnBoard >>> 9) & ~Bitboards.FILE_H) | ((pawnBoard >>> 7) & ~Bitboards.FILE_A);
    }

    private int pieces(Position pos, int c, Trace t) {
        return pieces(pos, c, KNIGHT, t) + pieces(pos, c, BISHOP, t) + pieces(pos, c, ROOK, t)
                + pieces(pos, c, QUEEN, t) + king(pos, c, t) + space(pos, c, t);
    }

    /** Room to manoeuvre behind the pawns in the centre (a middlegame notion; the tuner fits both halves). */
    private int space(Position pos, int c, Trace t) {
        long ourPawns = pos.pieces(c, PAWN);
        long safe = SPACE_AREA[c] & ~ourPawns & ~attackedBy[c ^ 1][PAWN];
        long behind = ourPawns;
        behind |= c == WHITE ? behind >>> 8 : behind << 8;
        behind |= c == WHITE ? behind >>> 16 : behind << 16;
        int count = Long.bitCount(safe) + Long.bitCount(safe & behind);
        return count == 0 ? 0 : term(Term.SPACE, 0, c, count, t);
    }

    /** Piece-square, mobility and placement terms of one piece type; records its attacks. */
    private int pieces(Position pos, int c, int type, Trace t) {
        int them = c ^ 1, s = 0;
        long occupied = pos.occupied();
        long ourPawns = pos.pieces(c, PAWN), theirPawns = pos.pieces(them, PAWN);
        long[] by = attackedBy[c];
        for (long b = pos.pieces(c, type); b != 0; b &= b - 1) {
            int sq = Long.numberOfTrailingZeros(b);
            s += term(Term.PST, (type - 1) * 64 + relative(c, sq), c, 1, t);
            long attacks = Attacks.pieceAttacks(type, sq, occupied);
            attackedTwice[c] |= by[0] & attacks;
            by[0] |= attacks;
            by[type] |= attacks;
            if ((attacks & kingZone[them]) != 0) {
                kingDangerUnits[them] += ATTACK_UNITS[type];
                kingAttackers[them][type]++;
            }
            int mobility = Long.bitCount(attacks & mobilityArea[c]);
            if ((type == KNIGHT || type == BISHOP)
                    && (Bitboards.pushForward(1L << sq, c) & (ourPawns | theirPawns)) != 0) {
                s += term(Term.MINOR_BEHIND_PAWN, 0, c, 1, t);
            }
            switch (type) {
                case KNIGHT:
                    s += term(Term.MOBILITY_KNIGHT, mobility, c, 1, t);
                    if (isOutpost(c, sq, ourPawns, theirPawns)) {
                        s += term(Term.KNIGHT_OUTPOST, 0, c, 1, t);
                    }
                    break;
                case BISHOP:
                    s += term(Term.MOBILITY_BISHOP, mobility, c, 1, t);
                    long sameColour = (Bitboards.DARK_SQUARES & (1L << sq)) != 0 ? Bitboards.DARK_SQUARES
                            : ~Bitboards.DARK_SQUARES;
                    int badPawns = Long.bitCount(ourPawns & sameColour);
                    if (badPawns != 0) {
                        s += term(Term.BISHOP_PAWNS, 0, c, badPawns, t);
                    }
                    if (isOutpost(c, sq, ourPawns, theirPawns)) {
                        s += term(Term.BISHOP_OUTPOST, 0, c, 1, t);
                    }
                    break;
                case ROOK:
                    s += term(Term.MOBILITY_ROOK, mobility, c, 1, t);
                    long file = Bitboards.fileMask(Square.file(sq));
                    if ((file & ourPawns) == 0) {
                        s += (file & theirPawns) == 0 ? term(Term.ROOK_OPEN_FILE, 0, c, 1, t)
                                : term(Term.ROOK_SEMI_OPEN_FILE, 0, c, 1, t);
                    }
                    if (Square.relativeRank(c, sq) == 6 && (Square.relativeRank(c, pos.kingSquare(them)) == 7
                            || (theirPawns & Bitboards.rankMask(Square.rank(sq))) != 0)) {
                        s += term(Term.ROOK_ON_SEVENTH, 0, c, 1, t);
                    }
                    break;
                default:
                    s += term(Term.MOBILITY_QUEEN, mobility, c, 1, t);
                    break;
            }
        }
        if (type == BISHOP && Bitboards.moreThanOne(pos.pieces(c, BISHOP))) {
            s += term(Term.BISHOP_PAIR, 0, c, 1, t);
        }
        return s;
    }

    /** Ranks 4-6, defended by a pawn, and no enemy pawn left on the neighbouring files to chase it away. */
    private static boolean isOutpost(int c, int sq, long ourPawns, long theirPawns) {
        int rank = Square.relativeRank(c, sq);
        return rank >= 3 && rank <= 5 && (Attacks.pawn(c ^ 1, sq) & ourPawns) != 0
                && (PawnStructure.PASSED_SPAN[c][sq] & ~PawnStructure.FORWARD_FILE[c][sq] & theirPawns) == 0;
    }

    private int king(Position pos, int c, Trace t) {
        return term(Term.PST, (KING - 1) * 64 + relative(c, pos.kingSquare(c)), c, 1, t);
    }

    /** Shelter and storm on the king's files, and the danger table read by the attack on its zone. */
    private int kingSafety(Position pos, int c, Trace t) {
        int them = c ^ 1;
        int ksq = pos.kingSquare(c);
        int s = pawns.shelter(c, ksq, t);
        long defendedByPieces = attackedBy[c][PAWN] | attackedBy[c][KNIGHT] | attackedBy[c][BISHOP]
                | attackedBy[c][ROOK];
        int weak = Long.bitCount(kingZone[c] & attackedBy[them][0] & ~defendedByPieces);
        if (weak != 0) {
            s += term(Term.KING_WEAK_SQUARES, 0, c, weak, t);
        }
        int units = kingDangerUnits[c];
        long occupied = pos.occupied();
        long safe = ~attackedBy[c][0] & ~pos.colorOccupancy(them);
        long bishopRays = Attacks.bishopAttacks(ksq, occupied), rookRays = Attacks.rookAttacks(ksq, occupied);
        for (int type = KNIGHT; type <= QUEEN; type++) {
            long from = type == KNIGHT ? Attacks.knight(ksq) : type == BISHOP ? bishopRays
                    : type == ROOK ? rookRays : bishopRays | rookRays;
            int checks = Long.bitCount(from & attackedBy[them][type] & safe);
            safeChecks[type] = checks;
            if (checks != 0) {
                units += SAFE_CHECK_UNITS * checks;
                s += term(Term.SAFE_CHECK, type - KNIGHT, c, checks, t);
            }
            if (kingAttackers[c][type] != 0) {
                s += term(Term.KING_ATTACKERS, type - KNIGHT, c, kingAttackers[c][type], t);
            }
        }
        if (pos.pieces(them, QUEEN) == 0) {
            units /= 2; // without a queen an attack rarely mates
        }
        units = Math.min(units, MAX_DANGER_UNITS);
        s += term(Term.KING_DANGER, 0, c, units, t) + term(Term.KING_DANGER, 1, c, units * units / 16, t);
        return kingAttackOn || t.enabled() ? s - kingAttack(pos, c, weak, t) : s;
    }

    /**
     * The non-linear king danger ({@link Term#KING_ATTACK}): the inner sum of the attack's features, then s^2 / 720
     * (middlegame) and s / 20 (endgame) when positive, as a penalty for colour c. Reads the weak squares and the safe
     * checks that {@link #kingSafety} counted for the same king just before.
     */
    private int kingAttack(Position pos, int c, int weak, Trace t) {
        int them = c ^ 1;
        int[] attackers = kingAttackers[c];
        if (attackers[KNIGHT] + attackers[BISHOP] + attackers[ROOK] + attackers[QUEEN] == 0) {
            return 0;
        }
        int base = Term.KING_ATTACK.offset();
        int inner = 0;
        for (int type = KNIGHT; type <= QUEEN; type++) {
            inner += inner(base + type - KNIGHT, c, attackers[type], t);
        }
        inner += inner(base + 4, c, weak, t);
        for (int type = KNIGHT; type <= QUEEN; type++) {
            inner += inner(base + 5 + type - KNIGHT, c, safeChecks[type], t);
        }
        inner += inner(base + 9, c, pos.pieces(them, QUEEN) == 0 ? 1 : 0, t);
        inner += inner(base + 10, c, 1, t);
        inner += inner(base + 11, c, Long.bitCount(kingZone[c] & pos.pieces(c, PAWN)), t);
        int penalty = kingAttackPenalty(Score.mg(inner), Score.eg(inner));
        t.nonLinear(Term.KING_ATTACK, c, -penalty);
        return penalty;
    }

    /** The curve of {@link Term#KING_ATTACK}: s^2 / 720 in the middlegame, s / 20 in the endgame, when positive. */
    public static int kingAttackPenalty(int innerMg, int innerEg) {
        return Score.of(innerMg > 0 ? innerMg * innerMg / 720 : 0, innerEg > 0 ? innerEg / 20 : 0);
    }

    private int inner(int index, int color, int count, Trace t) {
        if (count == 0) {
            return 0;
        }
        t.addInner(index, color, count);
        return count * w[index];
    }

    /**
     * The endgame score after {@link Term#COMPLEXITY} (White's view): moved by the inner sum towards or away from
     * a draw, never past it.
     */
    private int complexity(Position pos, int eg, Trace t) {
        long allPawns = pos.pieces(WHITE, PAWN) | pos.pieces(BLACK, PAWN);
        int base = Term.COMPLEXITY.offset();
        int inner = inner(base, WHITE, Long.bitCount(allPawns), t);
        boolean bothFlanks = (allPawns & QUEEN_FLANK) != 0 && (allPawns & KING_FLANK) != 0;
        inner += inner(base + 1, WHITE, bothFlanks ? 1 : 0, t);
        boolean pawnsOnly = !pos.hasNonPawnMaterial(WHITE) && !pos.hasNonPawnMaterial(BLACK);
        inner += inner(base + 2, WHITE, pawnsOnly ? 1 : 0, t);
        inner += inner(base + 3, WHITE, Long.bitCount(pawns.passed), t);
        inner += inner(base + 4, WHITE, 1, t);
        int moved = complexityAdjusted(eg, Score.eg(inner));
        t.nonLinear(Term.COMPLEXITY, WHITE, Score.of(0, moved - eg));
        return moved;
    }

    /** Enemy pieces attacked by c's pawns, minor pieces and rooks, and those attacked and left undefended. */
    private int threats(Position pos, int c, Trace t) {
        int them = c ^ 1, s = 0;
        long minors = attackedBy[c][KNIGHT] | attackedBy[c][BISHOP];
        for (int type = PAWN; type <= QUEEN; type++) {
            long victims = pos.pieces(them, type);
            if (victims == 0) {
                continue;
            }
            if (type != PAWN) {
                int n = Long.bitCount(victims & attackedBy[c][PAWN]);
                if (n != 0) {
                    s += term(Term.THREAT_BY_PAWN, type - 1, c, n, t);
                }
            }
            int n = Long.bitCount(victims & minors);
            if (n != 0) {
                s += term(Term.THREAT_BY_MINOR, type - 1, c, n, t);
            }
            n = Long.bitCount(victims & attackedBy[c][ROOK]);
            if (n != 0) {
                s += term(Term.THREAT_BY_ROOK, type - 1, c, n, t);
            }
        }
        // Safe pawn pushes (single, or double from the second rank) that would attack a piece not already hit.
        long empty = ~pos.occupied();
        long pushes = Bitboards.pushForward(pos.pieces(c, PAWN), c) & empty;
        pushes |= Bitboards.pushForward(pushes & (c == WHITE ? Bitboards.RANK_3 : Bitboards.RANK_6), c) & empty;
        pushes &= ~attackedBy[them][PAWN] & (attackedBy[c][0] | ~attackedBy[them][0]);
        long pushThreats = pawnAttacks(pushes, c) & pos.colorOccupancy(them) & ~pos.pieces(them, PAWN)
                & ~attackedBy[c][PAWN];
        if (pushThreats != 0) {
            s += term(Term.THREAT_BY_PAWN_PUSH, 0, c, Long.bitCount(pushThreats), t);
        }
        long hanging = pos.colorOccupancy(them) & ~pos.pieces(them, KING) & attackedBy[c][0] & ~attackedBy[them][0];
        if (hanging != 0) {
            s += term(Term.HANGING, 0, c, Long.bitCount(hanging), t);
        }
        return s;
    }

    /** Passed pawns (found by the pawn structure): whether they can advance, and how near the kings are. */
    private int passedPawns(Position pos, int c, Trace t) {
        int them = c ^ 1, s = 0;
        long occupied = pos.occupied();
        for (long b = pawns.passed & pos.pieces(c, PAWN); b != 0; b &= b - 1) {
            int sq = Long.numberOfTrailingZeros(b);
            int rank = Square.relativeRank(c, sq);
            int stop = c == WHITE ? sq + 8 : sq - 8;
            long stopBit = 1L << stop;
            if ((occupied & stopBit) != 0) {
                s += term(Term.PASSED_BLOCKED, rank, c, 1, t);
            } else if ((attackedBy[them][0] & stopBit) == 0) {
                s += term(Term.PASSED_FREE, rank, c, 1, t);
            }
            s += term(Term.PASSED_OWN_KING, Math.min(7, distance(pos.kingSquare(c), stop)), c, 1, t);
            s += term(Term.PASSED_THEIR_KING, Math.min(7, distance(pos.kingSquare(them), stop)), c, 1, t);
        }
        return s;
    }

    /** The closedness at which knights and rooks are worth their material alone (the start position has 5). */
    static final int CLOSEDNESS_ANCHOR = 4;

    /** How closed the position's pawn structure is, 0 (open) to 8 ({@link PawnStructure#closedness}). */
    static int closedness(Position pos) {
        return PawnStructure.closedness(pos.pieces(WHITE, PAWN), pos.pieces(BLACK, PAWN));
    }

    /** The second round's terms for colour c; they read the attack maps, so they come after the pieces'. */
    private int knowledge(Position pos, int c, int closed, Trace t) {
        int them = c ^ 1, s = 0;
        long occupied = pos.occupied();
        long knights = pos.pieces(c, KNIGHT), rooks = pos.pieces(c, ROOK);
        // Measured from a middle closedness, which adds nothing: a table that counted the pieces at every closedness
        // would be their material value again, and a fit moved it there (round 16: closed_rook -45 to -297 cp in
        // the endgame at every closedness).
        if (closed != CLOSEDNESS_ANCHOR) {
            if (knights != 0) {
                s += term(Term.CLOSED_KNIGHT, closed, c, Long.bitCount(knights), t);
            }
            if (rooks != 0) {
                s += term(Term.CLOSED_ROOK, closed, c, Long.bitCount(rooks), t);
            }
        }
        int ownKing = pos.kingSquare(c), theirKing = pos.kingSquare(them);
        for (long b = knights; b != 0; b &= b - 1) {
            int sq = Long.numberOfTrailingZeros(b);
            int d = Math.min(distance(sq, ownKing), distance(sq, theirKing));
            if (d >= 4) {
                s += term(Term.KNIGHT_FAR, Math.min(d, 7) - 4, c, 1, t);
            }
        }
        long allPawns = pos.pieces(WHITE, PAWN) | pos.pieces(BLACK, PAWN);
        for (long b = pos.pieces(c, BISHOP) & LONG_DIAGONALS & ~CENTER; b != 0; b &= b - 1) {
            int sq = Long.numberOfTrailingZeros(b);
            if (Bitboards.moreThanOne(Attacks.bishopAttacks(sq, allPawns) & CENTER)) {
                s += term(Term.BISHOP_LONG_DIAGONAL, 0, c, 1, t);
            }
        }
        s += pinned(pos, c, t);
        // Enemy pieces we attack twice that they defend only once: the second capture wins the defender's recapture.
        long weaklyDefended = (pos.colorOccupancy(them) & ~pos.pieces(them, PAWN) & ~pos.pieces(them, KING))
                & attackedTwice[c] & attackedBy[them][0] & ~attackedTwice[them];
        if (weaklyDefended != 0) {
            s += term(Term.WEAKLY_DEFENDED, 0, c, Long.bitCount(weaklyDefended), t);
        }
        for (long b = pawns.passed & pos.pieces(c, PAWN); b != 0; b &= b - 1) {
            int sq = Long.numberOfTrailingZeros(b);
            long path = PawnStructure.FORWARD_FILE[c][sq];
            if ((path & (pos.colorOccupancy(them) | attackedBy[them][0])) == 0) {
                s += term(Term.PASSED_SAFE_PATH, Square.relativeRank(c, sq), c, 1, t);
            }
            long behind = PawnStructure.FORWARD_FILE[them][sq] & rooks;
            if (behind != 0 && (Attacks.rookAttacks(sq, occupied) & behind) != 0) {
                s += term(Term.ROOK_BEHIND_PASSER, 0, c, 1, t);
            }
        }
        return s;
    }

    /**
     * Colour c's pieces (not the king) pinned against their king by an enemy rook, bishop or queen, and those
     * (cheaper than a queen) pinned against their queen by a rook or bishop. The enemy sliders are found on the
     * empty board's lines (array reads, not magic lookups; most positions have none on a line through the king);
     * {@link #pinnedTo} then asks that exactly one piece, one of ours, stands between.
     */
    private int pinned(Position pos, int c, Trace t) {
        int them = c ^ 1, ksq = pos.kingSquare(c), s = 0;
        long queens = pos.pieces(them, QUEEN);
        long rookLike = pos.pieces(them, ROOK), bishopLike = pos.pieces(them, BISHOP);
        long snipers = (Attacks.rookRays(ksq) & (rookLike | queens))
                | (Attacks.bishopRays(ksq) & (bishopLike | queens));
        for (long b = pinnedTo(pos, c, ksq, snipers); b != 0; b &= b - 1) {
            s += term(Term.PINNED, Piece.type(pos.pieceAt(Long.numberOfTrailingZeros(b))) - 1, c, 1, t);
        }
        // Against the queen: by a rook or bishop only (a queen pinning to a queen offers the trade).
        for (long q = pos.pieces(c, QUEEN); q != 0 && (rookLike | bishopLike) != 0; q &= q - 1) {
            int qsq = Long.numberOfTrailingZeros(q);
            long queenSnipers = (Attacks.rookRays(qsq) & rookLike) | (Attacks.bishopRays(qsq) & bishopLike);
            for (long b = pinnedTo(pos, c, qsq, queenSnipers); b != 0; b &= b - 1) {
                int type = Piece.type(pos.pieceAt(Long.numberOfTrailingZeros(b)));
                if (type <= ROOK) {
                    s += term(Term.PINNED_TO_QUEEN, type - 1, c, 1, t);
                }
            }
        }
        return s;
    }

    /**
     * Colour c's pieces that stand alone between square and one of the snipers (enemy sliders on a line through
     * it): a sniper with anything else between, an enemy piece included, pins nothing.
     */
    private static long pinnedTo(Position pos, int c, int square, long snipers) {
        long pinned = 0;
        for (; snipers != 0; snipers &= snipers - 1) {
            long between = Bitboards.between(square, Long.numberOfTrailingZeros(snipers)) & pos.occupied();
            if (between != 0 && !Bitboards.moreThanOne(between) && (between & pos.colorOccupancy(c)) != 0) {
                pinned |= between;
            }
        }
        return pinned;
    }

    /**
     * Stockfish 11's imbalance, quadratic in the piece counts (own times own, own times the opponent's), White's
     * minus Black's. It depends on the material alone, so it is kept by material signature in a small table (a
     * trace still sees every term).
     */
    private int imbalance(Position pos, Trace t) {
        long signature = 0;
        for (int type = PAWN; type <= QUEEN; type++) {
            signature = signature << 8 | Long.bitCount(pos.pieces(WHITE, type)) << 4 | Long.bitCount(pos.pieces(BLACK, type));
        }
        signature++; // never 0, the empty slot's key
        int slot = (int) ((signature * 0x9E3779B97F4A7C15L) >>> (64 - IMBALANCE_BITS));
        if (!t.enabled() && imbalanceKeys[slot] == signature) {
            return imbalanceScores[slot];
        }
        int score = imbalance(pos, WHITE, t) - imbalance(pos, BLACK, t);
        imbalanceKeys[slot] = signature;
        imbalanceScores[slot] = score;
        return score;
    }

    private int imbalance(Position pos, int c, Trace t) {
        int them = c ^ 1, s = 0;
        for (int i = PAWN; i <= QUEEN; i++) {
            int ours = Long.bitCount(pos.pieces(c, i));
            if (ours == 0) {
                continue;
            }
            for (int j = PAWN; j <= i; j++) {
                int entry = (i - 1) * i / 2 + j - 1;
                // Like pieces count as pairs, n(n-1), not n squared: a lone piece's square would be its count again,
                // a second material value that a fit trades freely against the first (round 16's fits put -525 to
                // -655 cp on queen times queen in the endgame). The opponent's same type (j == i) cancels in White
                // minus Black, so those entries never move.
                int ownCount = i == j ? ours - 1 : Long.bitCount(pos.pieces(c, j));
                int ownPair = ours * ownCount, theirPair = ours * Long.bitCount(pos.pieces(them, j));
                if (ownPair != 0) {
                    s += term(Term.IMBALANCE_OURS, entry, c, ownPair, t);
                }
                if (theirPair != 0) {
                    s += term(Term.IMBALANCE_THEIRS, entry, c, theirPair, t);
                }
            }
        }
        return s;
    }

    static int distance(int a, int b) {
        return Math.max(Math.abs(Square.file(a) - Square.file(b)), Math.abs(Square.rank(a) - Square.rank(b)));
    }
}
