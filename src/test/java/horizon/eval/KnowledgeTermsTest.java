package horizon.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Attacks;
import horizon.board.Bitboards;
import horizon.board.Piece;
import horizon.board.Position;
import horizon.testing.RandomWalk;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The second round's evaluation terms count what their names say, on positions made to show each (the trace records
 * them whatever the weights: the shipped ones have them at zero).
 */
class KnowledgeTermsTest {
    /** Counts by (term, entry, colour), as the evaluator reports them. */
    private static final class Counts extends Trace {
        final Map<String, Integer> counts = new HashMap<>();

        @Override
        public boolean enabled() {
            return true;
        }

        @Override
        public void add(int index, int color, int count) {
            Term term = Term.of(index);
            counts.merge(term + " " + (index - term.offset()) + " " + (color == Piece.WHITE ? "w" : "b"), count,
                    Integer::sum);
        }

        int get(Term term, int entry, int color) {
            return counts.getOrDefault(term + " " + entry + " " + (color == Piece.WHITE ? "w" : "b"), 0);
        }

        int total(Term term, int color) {
            int sum = 0;
            for (int e = 0; e < term.size; e++) {
                sum += get(term, e, color);
            }
            return sum;
        }
    }

    private static Counts trace(String fen) {
        Counts c = new Counts();
        new Evaluator(Weights.builtIn()).evaluate(Position.fromFen(fen), c);
        return c;
    }

    @Test
    void closednessGrowsWithLockedPawnsAndFallsWithOpenFiles() {
        assertEquals(5, Evaluator.closedness(Position.startPosition()), "16 pawns, none locked, no open file");
        assertEquals(0, Evaluator.closedness(Position.fromFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")));
        // A French advance: 16 pawns, e5/e6 and d4/d5 locked, no open file: (16 + 3 * 2 - 0) / 3 = 7.
        assertEquals(7, Evaluator.closedness(Position.fromFen(
                "r1bqkbnr/pp3ppp/2n1p3/2ppP3/3P4/2P5/PP3PPP/RNBQKBNR w KQkq - 0 5")));
        Counts c = trace("r1bqkbnr/pp3ppp/2n1p3/2ppP3/3P4/2P5/PP3PPP/RNBQKBNR w KQkq - 0 5");
        assertEquals(2, c.get(Term.CLOSED_KNIGHT, 7, Piece.WHITE));
        assertEquals(2, c.get(Term.CLOSED_ROOK, 7, Piece.BLACK));
        // Twelve pawns, none locked, no open file: closedness 4, the anchor, where knights and rooks count nothing.
        String anchored = "4k3/pppp4/8/8/8/8/PPPPPPPP/RN2K3 w - - 0 1";
        assertEquals(Evaluator.CLOSEDNESS_ANCHOR, Evaluator.closedness(Position.fromFen(anchored)));
        Counts a = trace(anchored);
        for (int entry = 0; entry < Term.CLOSED_KNIGHT.size; entry++) {
            assertEquals(0, a.get(Term.CLOSED_KNIGHT, entry, Piece.WHITE), "knight, entry " + entry);
            assertEquals(0, a.get(Term.CLOSED_ROOK, entry, Piece.WHITE), "rook, entry " + entry);
        }
    }

    @Test
    void candidateAndSafePassersAndTheRookBehind() {
        // c4 has b3 beside and behind it and one sentry (d6) ahead beside: a candidate on its fourth rank. b3 is
        // passed, its path to b8 free and unattacked; the rook on b1 stands behind it.
        Counts c = trace("4k3/8/3p4/8/2P5/1P6/8/1R2K3 w - - 0 1");
        assertEquals(1, c.get(Term.CANDIDATE_PASSER, 3, Piece.WHITE));
        assertEquals(0, c.total(Term.CANDIDATE_PASSER, Piece.BLACK), "d6 has no helper against c4");
        assertEquals(1, c.get(Term.PASSED_SAFE_PATH, 2, Piece.WHITE));
        assertEquals(1, c.get(Term.ROOK_BEHIND_PASSER, 0, Piece.WHITE));
        // A knight between rook and pawn, and a black rook watching b7: neither the rook behind nor a safe path.
        Counts blocked = trace("4k3/r7/3p4/8/2P5/1P6/1N6/1R2K3 w - - 0 1");
        assertEquals(0, blocked.get(Term.ROOK_BEHIND_PASSER, 0, Piece.WHITE));
        assertEquals(0, blocked.total(Term.PASSED_SAFE_PATH, Piece.WHITE));
    }

    @Test
    void farKnightsLongDiagonalBishopsAndPins() {
        // Knight a1: 6 from g1, 7 from g8: entry 2 (distance 6). Bishop b2 sees d4 and e5 through no pawns. (Pawns
        // on h2 and a7: without them KBNK is judged outright, by no term.)
        Counts c = trace("6k1/p7/8/8/8/8/1B5P/N5K1 w - - 0 1");
        assertEquals(1, c.get(Term.KNIGHT_FAR, 2, Piece.WHITE));
        assertEquals(1, c.get(Term.BISHOP_LONG_DIAGONAL, 0, Piece.WHITE));
        assertEquals(0, trace("6k1/p7/8/8/8/2P5/1B5P/N5K1 w - - 0 1").get(Term.BISHOP_LONG_DIAGONAL, 0, Piece.WHITE),
                "a pawn on c3 blocks the view");
        // The knight on e2 is pinned to its king by the rook on e8; the bishop on d2 is not (nothing behind it).
        Counts pin = trace("4r1k1/8/8/8/8/8/3BN3/4K3 w - - 0 1");
        assertEquals(1, pin.get(Term.PINNED, Piece.KNIGHT - 1, Piece.WHITE));
        assertEquals(1, pin.total(Term.PINNED, Piece.WHITE));
        // The knight on d4 stands between the bishop on g7 and the queen on b2: pinned to the queen.
        Counts queen = trace("6k1/6b1/8/8/3N4/8/1Q6/6K1 w - - 0 1");
        assertEquals(1, queen.get(Term.PINNED_TO_QUEEN, Piece.KNIGHT - 1, Piece.WHITE));
        assertEquals(0, queen.total(Term.PINNED, Piece.WHITE), "not against the king");
        Counts two = trace("4r1k1/8/8/8/8/4N3/4B3/4K3 w - - 0 1");
        assertEquals(0, two.total(Term.PINNED, Piece.WHITE), "two pieces between rook and king: neither is pinned");
    }

    @Test
    void pinsMatchTheirDefinitionOnRandomPositions() {
        // A piece is pinned when a slider of the other side would attack the king (or queen) through it were it
        // gone, and it stands between them: the definition, walked with the magic attacks, against the evaluator.
        SplittableRandom random = new SplittableRandom(31);
        int positionsWithPins = 0;
        for (int i = 0; i < 4000; i++) {
            Position pos = RandomWalk.walk(Position.START_FEN, 20 + random.nextInt(160), random);
            Counts c = trace(pos.toFen());
            boolean any = false;
            for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
                int[] toKing = new int[7], toQueen = new int[7];
                pinsByDefinition(pos, color, toKing, toQueen);
                for (int type = Piece.PAWN; type <= Piece.QUEEN; type++) {
                    assertEquals(toKing[type], c.get(Term.PINNED, type - 1, color), pos.toFen() + " pinned " + type);
                    any |= toKing[type] != 0;
                }
                for (int type = Piece.PAWN; type <= Piece.ROOK; type++) {
                    assertEquals(toQueen[type], c.get(Term.PINNED_TO_QUEEN, type - 1, color),
                            pos.toFen() + " pinned to the queen " + type);
                    any |= toQueen[type] != 0;
                }
            }
            positionsWithPins += any ? 1 : 0;
        }
        assertTrue(positionsWithPins > 100, "the walk met pins in " + positionsWithPins + " positions");
    }

    /** Colour c's pinned pieces by type, against its king (any slider) and its queens (rooks and bishops). */
    private static void pinsByDefinition(Position pos, int c, int[] toKing, int[] toQueen) {
        int them = c ^ 1;
        long occupied = pos.occupied();
        for (long b = pos.colorOccupancy(c) & ~pos.pieces(c, Piece.KING); b != 0; b &= b - 1) {
            int sq = Long.numberOfTrailingZeros(b);
            int type = Piece.type(pos.pieceAt(sq));
            long without = occupied & ~(1L << sq);
            if (pinnedAgainst(pos, them, sq, pos.kingSquare(c), without, true)) {
                toKing[type]++;
            }
            boolean queenPinned = false;
            for (long q = pos.pieces(c, Piece.QUEEN); q != 0 && type <= Piece.ROOK; q &= q - 1) {
                queenPinned |= pinnedAgainst(pos, them, sq, Long.numberOfTrailingZeros(q), without, false);
            }
            if (queenPinned) {
                toQueen[type]++;
            }
        }
    }

    private static boolean pinnedAgainst(Position pos, int them, int sq, int target, long without, boolean queens) {
        long rooks = pos.pieces(them, Piece.ROOK) | (queens ? pos.pieces(them, Piece.QUEEN) : 0);
        long bishops = pos.pieces(them, Piece.BISHOP) | (queens ? pos.pieces(them, Piece.QUEEN) : 0);
        long through = (Attacks.rookAttacks(target, without) & rooks)
                | (Attacks.bishopAttacks(target, without) & bishops);
        for (; through != 0; through &= through - 1) {
            if ((Bitboards.between(target, Long.numberOfTrailingZeros(through)) & (1L << sq)) != 0) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aPieceAttackedTwiceAndDefendedOnce() {
        // The black knight on d5: attacked by the rook on d1 and the bishop on b3, defended by the pawn on e6 alone.
        Counts c = trace("4k3/8/4p3/3n4/8/1B6/8/3RK3 w - - 0 1");
        assertEquals(1, c.get(Term.WEAKLY_DEFENDED, 0, Piece.WHITE));
        // Defended twice (the pawns on c6 and e6): no longer.
        assertEquals(0, trace("4k3/8/2p1p3/3n4/8/1B6/8/3RK3 w - - 0 1").get(Term.WEAKLY_DEFENDED, 0, Piece.WHITE));
    }

    @Test
    void imbalanceCountsPairsOfPieceCounts() {
        // White: two knights, a rook, three pawns; Black: a bishop, two pawns.
        Counts c = trace("4k3/pp6/8/4b3/8/8/PPP5/RNN1K3 w - - 0 1");
        int nn = (Piece.KNIGHT - 1) * Piece.KNIGHT / 2 + Piece.KNIGHT - 1;
        int np = (Piece.KNIGHT - 1) * Piece.KNIGHT / 2 + Piece.PAWN - 1;
        int rb = (Piece.ROOK - 1) * Piece.ROOK / 2 + Piece.BISHOP - 1;
        int rr = (Piece.ROOK - 1) * Piece.ROOK / 2 + Piece.ROOK - 1;
        assertEquals(2, c.get(Term.IMBALANCE_OURS, nn, Piece.WHITE), "pairs of knights, 2 times (2 - 1)");
        assertEquals(0, c.get(Term.IMBALANCE_OURS, rr, Piece.WHITE), "a lone rook makes no pair");
        assertEquals(6, c.get(Term.IMBALANCE_OURS, np, Piece.WHITE), "knights times own pawns");
        assertEquals(4, c.get(Term.IMBALANCE_THEIRS, np, Piece.WHITE), "knights times their pawns");
        assertEquals(1, c.get(Term.IMBALANCE_THEIRS, rb, Piece.WHITE), "rook times their bishop");
        assertEquals(0, c.get(Term.IMBALANCE_OURS, nn, Piece.BLACK));
    }
}
