package horizon.tb;

import horizon.board.Piece;
import java.util.Arrays;

/**
 * One sub-table of a file: the positions with one side to move (WDL files store both sides of an unsymmetric
 * material, DTZ files only one) and, with pawns, one file a-d of the leading pawn.
 *
 * <p>Its header gives the order of the pieces and of the groups in the index. The pieces are split into groups:
 * the leading group (the two kings, three unique pieces, or the leading colour's pawns), the other colour's pawns
 * when both sides have some, then one group per kind of piece. The index is a mixed-radix number whose digits are
 * the groups' own indices; the "order" nibbles say which digit the leading group (and the other pawns) takes, the
 * remaining groups fill the other digits in turn. {@code groupFactor[g]} is the weight of group g's digit.
 */
final class SubTable {
    /** DTZ flags: which side to move is stored, whether values go through a map, and their units. */
    static final int DTZ_BLACK_TO_MOVE = 1, DTZ_MAPPED = 2, DTZ_WIN_PLIES = 4, DTZ_LOSS_PLIES = 8, DTZ_WIDE = 16;

    /** Piece codes (colour << 3 | type, as {@link Piece}; white = the table's first side) in index order. */
    final int[] pieces;
    /** Length of each group, in the order of {@link #pieces}. */
    final int[] groupLength;
    final long[] groupFactor;
    /** Positions enumerated: the number of values stored. */
    final long size;

    PairsDecoder decoder;
    /** DTZ only: the decoder's flags, and the four maps (by WDL) from stored symbols to distances when mapped. */
    int dtzFlags;
    int[][] dtzMap;

    private SubTable(int[] pieces, int[] groupLength, long[] groupFactor, long size) {
        this.pieces = pieces;
        this.groupLength = groupLength;
        this.groupFactor = groupFactor;
        this.size = size;
    }

    /**
     * Checks the header's pieces against the table's material and works out the groups and their factors.
     * order and otherPawnsOrder are the header's nibbles (otherPawnsOrder only when both sides have pawns).
     */
    static SubTable layout(SyzygyTable table, int[] pieces, int order, int otherPawnsOrder, int file)
            throws CorruptTableException {
        int n = pieces.length;
        int[] counts = new int[Piece.CODES];
        for (int code : pieces) {
            if (Piece.type(code) < Piece.PAWN || Piece.type(code) > Piece.KING || code >= Piece.CODES) {
                throw new CorruptTableException("bad piece code " + code + " in the header");
            }
            counts[code]++;
        }
        for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
            for (int type = Piece.PAWN; type <= Piece.KING; type++) {
                if (counts[Piece.make(color, type)] != Material.count(table.key, color, type)) {
                    throw new CorruptTableException("the header's pieces are not the material of " + table.name);
                }
            }
        }
        // Like pieces must be adjacent: a group is all pieces of one kind.
        for (int i = 1; i < n; i++) {
            if (pieces[i] != pieces[i - 1]) {
                for (int j = i + 1; j < n; j++) {
                    if (pieces[j] == pieces[i - 1]) {
                        throw new CorruptTableException("like pieces apart in the header of " + table.name);
                    }
                }
            }
        }

        int[] lengths = new int[n];
        int groups = 0;
        int k;
        if (table.hasPawns) {
            int leadCode = pieces[0];
            if (Piece.type(leadCode) != Piece.PAWN || counts[leadCode] != table.leadingPawns) {
                throw new CorruptTableException("the header of " + table.name + " does not start with its leading pawns");
            }
            lengths[groups++] = table.leadingPawns;
            k = table.leadingPawns;
            if (table.otherPawns > 0) {
                if (Piece.type(pieces[k]) != Piece.PAWN) {
                    throw new CorruptTableException("the header of " + table.name + " misplaces the other pawns");
                }
                lengths[groups++] = table.otherPawns;
                k += table.otherPawns;
            }
        } else if (table.kingsTogether) {
            if (Piece.type(pieces[0]) != Piece.KING || Piece.type(pieces[1]) != Piece.KING) {
                throw new CorruptTableException("the header of " + table.name + " does not start with the kings");
            }
            lengths[groups++] = 2;
            k = 2;
        } else {
            for (int i = 0; i < 3; i++) {
                if (counts[pieces[i]] != 1) {
                    throw new CorruptTableException("the header of " + table.name + " leads with a piece not unique");
                }
            }
            lengths[groups++] = 3;
            k = 3;
        }
        int remainingStart = groups;
        for (int i = k; i < n; i += counts[pieces[i]]) {
            lengths[groups++] = counts[pieces[i]];
        }

        boolean bothPawns = table.hasPawns && table.otherPawns > 0;
        if (order >= groups || bothPawns && (otherPawnsOrder >= groups || otherPawnsOrder == order)) {
            throw new CorruptTableException("bad group order in the header of " + table.name);
        }
        long[] factors = new long[groups];
        long factor = 1;
        int next = remainingStart;
        int free = 64 - k;
        for (int digit = 0; digit < groups; digit++) {
            if (digit == order) {
                factors[0] = factor;
                factor *= table.hasPawns ? TableIndexer.PAWN_FACTOR[table.leadingPawns - 1][file]
                        : table.kingsTogether ? TableIndexer.KK_PLACEMENTS : TableIndexer.UNIQUE3_PLACEMENTS;
            } else if (bothPawns && digit == otherPawnsOrder) {
                factors[1] = factor;
                factor *= TableIndexer.BINOMIAL[table.otherPawns][48 - table.leadingPawns];
            } else {
                factors[next] = factor;
                factor *= TableIndexer.BINOMIAL[lengths[next]][free];
                free -= lengths[next];
                next++;
            }
        }
        return new SubTable(pieces, Arrays.copyOf(lengths, groups), factors, factor);
    }
}
