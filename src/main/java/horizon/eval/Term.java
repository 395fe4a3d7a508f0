package horizon.eval;

import java.util.Locale;

/**
 * The weight blocks of the evaluation, in the order they sit in {@link Weights}: the one description of the
 * layout. Every entry is a packed middlegame/endgame pair ({@link Score}); the evaluation reads entry
 * {@code offset() + i}, the tuner fits the same index, and the weights file has a line (or a table) per block.
 */
public enum Term {
    /** Pawn, knight, bishop, rook, queen: index type - 1. */
    MATERIAL(5),
    /** Piece-square bonus: index (type - 1) * 64 + square, squares from White's side (Black reads them mirrored). */
    PST(6 * 64),
    /** Passed pawn by relative rank. */
    PASSED(8),
    /** Passed pawn whose stop square is occupied, by relative rank. */
    PASSED_BLOCKED(8),
    /** Passed pawn whose stop square is empty and not attacked by the opponent, by relative rank. */
    PASSED_FREE(8),
    /** Passed pawn by the distance (0-7) of its own king to its stop square. */
    PASSED_OWN_KING(8),
    /** Passed pawn by the distance (0-7) of the opponent's king to its stop square. */
    PASSED_THEIR_KING(8),
    /** Pawn with no friendly pawn on the files beside it. */
    ISOLATED(1),
    /** Pawn with a friendly pawn ahead of it on its file. */
    DOUBLED(1),
    /** Pawn that no friendly pawn can defend and whose stop square an enemy pawn attacks. */
    BACKWARD(1),
    /** Pawn defended by a friendly pawn, by relative rank. */
    CONNECTED(8),
    /** Pawn with a friendly pawn beside it on its rank, by relative rank. */
    PHALANX(8),
    /** Safe squares a piece attacks (not own pawns or king, not attacked by enemy pawns), by count. */
    MOBILITY_KNIGHT(9),
    MOBILITY_BISHOP(14),
    MOBILITY_ROOK(15),
    MOBILITY_QUEEN(28),
    BISHOP_PAIR(1),
    /** Own pawns on the squares of a bishop's colour, per bishop: they block it and leave the other colour weak. */
    BISHOP_PAWNS(1),
    ROOK_OPEN_FILE(1),
    ROOK_SEMI_OPEN_FILE(1),
    /** Rook on the seventh rank while the enemy king is on the eighth or enemy pawns are on the seventh. */
    ROOK_ON_SEVENTH(1),
    /** Knight or bishop on ranks 4-6, defended by a pawn, on a square no enemy pawn can ever attack. */
    KNIGHT_OUTPOST(1),
    BISHOP_OUTPOST(1),
    /** Knight or bishop right behind a pawn of either colour, shielded from frontal attack. */
    MINOR_BEHIND_PAWN(1),
    /**
     * Central squares (files c-f, own ranks 2-4) neither held by own pawns nor attacked by enemy pawns; those behind
     * own pawns count twice.
     */
    SPACE(1),
    /** Per file next to and on the king's: relative rank of the nearest own pawn in front (0 = none). */
    KING_SHIELD(8),
    /** Per file next to and on the king's: relative rank of the nearest enemy pawn in front (0 = none). */
    KING_STORM(8),
    /**
     * Danger to the king from the attack units on its zone and the safe checks: entry 0 counts the units, entry 1
     * their square / 16, so the penalty can grow faster than the attack while staying a sum the tuner fits.
     */
    KING_DANGER(2),
    /** Squares of the king zone that the enemy attacks and no pawn, knight, bishop or rook of ours defends. */
    KING_WEAK_SQUARES(1),
    /** Enemy knights, bishops, rooks and queens attacking the king zone, by type (knight first). */
    KING_ATTACKERS(4),
    /** Safe squares from which an enemy knight, bishop, rook or queen can check, by type (knight first). */
    SAFE_CHECK(4),
    /** Enemy piece attacked by a pawn, by victim type - 1. */
    THREAT_BY_PAWN(6),
    /** Enemy piece attacked by a knight or bishop, by victim type - 1. */
    THREAT_BY_MINOR(6),
    /** Enemy piece attacked by a rook, by victim type - 1. */
    THREAT_BY_ROOK(6),
    /** Enemy piece (not a pawn) that a safe push of one of our pawns would attack, not attacked by a pawn yet. */
    THREAT_BY_PAWN_PUSH(1),
    /** Enemy piece (not king) attacked and not defended. */
    HANGING(1),
    /** For the side to move. */
    TEMPO(1),
    /**
     * Knights, by how closed the position is (0-8: pawns, locked pawns, few open files): they gain as it closes.
     * Entry 4 is the anchor, never traced, so that the table adds to the knight's material value, not replaces it.
     */
    CLOSED_KNIGHT(9),
    /** Rooks, by the same closedness (entry 4 the anchor again): they lose as it closes. */
    CLOSED_ROOK(9),
    /**
     * Candidate passer by relative rank: no enemy pawn ahead on its file, and at least as many own pawns beside or
     * behind it on the neighbouring files as enemy pawns ahead on them.
     */
    CANDIDATE_PASSER(8),
    /** Passed pawn by relative rank whose whole path to promotion holds no enemy piece and no enemy attack. */
    PASSED_SAFE_PATH(8),
    /** Rook on the file of an own passed pawn, behind it, with nothing between them. */
    ROOK_BEHIND_PASSER(1),
    /** Knight far from both kings, by the distance to the nearer one: 4, 5, 6, 7 or more. */
    KNIGHT_FAR(4),
    /** Bishop on a long diagonal (off the centre) that sees both centre squares on it through the pawns. */
    BISHOP_LONG_DIAGONAL(1),
    /** Own piece pinned against its king by an enemy slider, by type - 1 (pawn first). */
    PINNED(5),
    /** Own pawn, knight, bishop or rook pinned against its queen by an enemy rook or bishop, by type - 1. */
    PINNED_TO_QUEEN(4),
    /** Enemy knight, bishop, rook or queen that we attack twice and they defend only once. */
    WEAKLY_DEFENDED(1),
    /**
     * Material imbalance, quadratic in the piece counts as in Stockfish 11: own count of type i times own count of
     * type j (j up to i, pawn to queen; for j = i the pairs of like pieces, n(n-1), so that a lone piece adds
     * nothing to its material value), entry i(i-1)/2 + j-1 ...
     */
    IMBALANCE_OURS(15),
    /** ... and own count of type i times the opponent's count of type j (j = i cancels between the sides). */
    IMBALANCE_THEIRS(15),
    /**
     * Non-linear king danger (Ethereal's shape): the inner sum of these weights, per king, over the enemy's
     * attackers of the zone by type (entries 0-3, knight first), the zone's weak squares (4), the safe checks by
     * type (5-8), the enemy's lack of a queen (9), a constant (10) and the own pawns sheltering the zone (11), is
     * turned into a penalty of s^2 / 720 in the middlegame and s / 20 in the endgame when positive; applied when at
     * least one enemy piece attacks the zone. The tuner fits the weights through that curve. Zero weights add
     * nothing.
     */
    KING_ATTACK(12),
    /**
     * Complexity (Ethereal's and Stockfish 11's initiative): the inner sum over the pawns (0), pawns on both flanks
     * (1), a pawns-only ending (2), the passed pawns (3) and a constant (4) moves the endgame score towards or away
     * from a draw, by at most the score itself: eg + sign(eg) max(sum, -|eg|). Zero weights add nothing.
     */
    COMPLEXITY(5);

    /** The blocks whose weights enter the evaluation through a non-linear function, not as a sum. */
    public boolean nonLinear() {
        return this == KING_ATTACK || this == COMPLEXITY;
    }

    /** Entries in all blocks together. */
    public static final int COUNT;

    static {
        int offset = 0;
        for (Term t : values()) {
            t.offset = offset;
            offset += t.size;
        }
        COUNT = offset;
    }

    public final int size;
    private int offset;

    Term(int size) {
        this.size = size;
    }

    public int offset() {
        return offset;
    }

    /** Lower-case name as the weights file writes it. */
    public String fileName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The block an entry belongs to. */
    public static Term of(int index) {
        Term[] all = values();
        for (int i = all.length - 1; i >= 0; i--) {
            if (index >= all[i].offset) {
                return all[i];
            }
        }
        throw new IllegalArgumentException("index " + index);
    }
}
