package horizon.board;

import static horizon.board.Piece.BISHOP;
import static horizon.board.Piece.KNIGHT;
import static horizon.board.Piece.PAWN;
import static horizon.board.Piece.QUEEN;
import static horizon.board.Piece.ROOK;
import static horizon.board.Piece.WHITE;

/**
 * Legal move generation with check evasion and pin masks: every move written is legal, so perft counts the
 * moves at the last ply without making them, and the search never has to undo an illegal move.
 *
 * <ul>
 *   <li>In double check only the king moves.</li>
 *   <li>In single check every other move must capture the checker or block its ray (the check mask).</li>
 *   <li>A pinned piece moves only along the line through its king and itself.</li>
 *   <li>King moves, castling paths and en passant (which can uncover a rank attack by removing two pawns) are
 *       tested against the occupancy they leave behind.</li>
 * </ul>
 *
 * Generation comes in stages for ordering: {@link #NOISY} (captures and all promotions), {@link #QUIET} (the rest,
 * castling included) or {@link #ALL}.
 */
public final class MoveGenerator {
    public static final int NOISY = 1, QUIET = 2, ALL = NOISY | QUIET;

    /** No legal chess position has more than 218 moves; lists are sized with room to spare. */
    public static final int MAX_MOVES = 256;

    private MoveGenerator() {
    }

    /** Writes the legal moves of the stage into moves[n..] and returns the new end. */
    public static int generate(Position pos, int[] moves, int n, int stage) {
        int us = pos.sideToMove, them = us ^ 1;
        long ours = pos.colors[us], theirs = pos.colors[them], occ = pos.occupied;
        int ksq = pos.kingSquare[us];
        long checkers = pos.checkers;
        long targets = ((stage & NOISY) != 0 ? theirs : 0) | ((stage & QUIET) != 0 ? ~occ : 0);

        // King: target squares must be safe with the king lifted off the board, so it cannot hide on its own ray.
        long occWithoutKing = occ ^ (1L << ksq);
        for (long b = Attacks.KING[ksq] & targets; b != 0; b &= b - 1) {
            int to = Long.numberOfTrailingZeros(b);
            if (!pos.isAttackedBy(them, to, occWithoutKing)) {
                moves[n++] = Move.of(ksq, to, (theirs & (1L << to)) != 0 ? Move.CAPTURE : Move.QUIET);
            }
        }
        if (Bitboards.moreThanOne(checkers)) {
            return n;
        }
        long checkMask = checkers == 0 ? -1L : Bitboards.BETWEEN[ksq][Long.numberOfTrailingZeros(checkers)] | checkers;
        long pinned = pinned(pos, us, ksq);
        long captureMask = theirs & checkMask & targets;
        long quietMask = ~occ & checkMask & targets;
        int c = us << 3;

        for (long b = pos.pieces[c | KNIGHT] & ~pinned; b != 0; b &= b - 1) {
            int from = Long.numberOfTrailingZeros(b);
            n = addMoves(moves, n, from, Attacks.KNIGHT[from], captureMask, quietMask);
        }
        // Queens go through both loops: their diagonal and straight moves are disjoint, so nothing repeats.
        for (long b = pos.pieces[c | BISHOP] | pos.pieces[c | QUEEN]; b != 0; b &= b - 1) {
            int from = Long.numberOfTrailingZeros(b);
            long attacks = Attacks.bishopAttacks(from, occ);
            if ((pinned & (1L << from)) != 0) {
                attacks &= Bitboards.LINE[ksq][from];
            }
            n = addMoves(moves, n, from, attacks, captureMask, quietMask);
        }
        for (long b = pos.pieces[c | ROOK] | pos.pieces[c | QUEEN]; b != 0; b &= b - 1) {
            int from = Long.numberOfTrailingZeros(b);
            long attacks = Attacks.rookAttacks(from, occ);
            if ((pinned & (1L << from)) != 0) {
                attacks &= Bitboards.LINE[ksq][from];
            }
            n = addMoves(moves, n, from, attacks, captureMask, quietMask);
        }
        n = pawnMoves(pos, moves, n, stage, us, ksq, pinned, checkMask);
        if (checkers == 0 && (stage & QUIET) != 0 && (pos.castlingRights & (3 << (us * 2))) != 0) {
            n = castlingMoves(pos, moves, n, us, ksq);
        }
        return n;
    }

    /** All legal moves. */
    public static int generateAll(Position pos, int[] moves) {
        return generate(pos, moves, 0, ALL);
    }

    /** Number of legal moves (a fresh list: not for hot paths). */
    public static int countLegal(Position pos) {
        return generate(pos, new int[MAX_MOVES], 0, ALL);
    }

    private static int addMoves(int[] moves, int n, int from, long attacks, long captureMask, long quietMask) {
        for (long b = attacks & captureMask; b != 0; b &= b - 1) {
            moves[n++] = Move.of(from, Long.numberOfTrailingZeros(b), Move.CAPTURE);
        }
        for (long b = attacks & quietMask; b != 0; b &= b - 1) {
            moves[n++] = Move.of(from, Long.numberOfTrailingZeros(b), Move.QUIET);
        }
        return n;
    }

    /** Our pieces that stand alone between our king and an enemy slider aiming at it. */
    static long pinned(Position pos, int us, int ksq) {
        return sliderBlockers(pos, ksq, us ^ 1) & pos.colors[us];
    }

    /**
     * Pieces of either colour that stand alone between the king square and a slider of sniperSide aiming at it.
     * Those of the king's side are pinned; those of the snipers' side uncover a check when they leave the line.
     */
    static long sliderBlockers(Position pos, int kingSquare, int sniperSide) {
        int s = sniperSide << 3;
        long snipers = (Attacks.rookRays(kingSquare) & (pos.pieces[s | ROOK] | pos.pieces[s | QUEEN]))
                | (Attacks.bishopRays(kingSquare) & (pos.pieces[s | BISHOP] | pos.pieces[s | QUEEN]));
        long blockers = 0;
        for (; snipers != 0; snipers &= snipers - 1) {
            long between = Bitboards.BETWEEN[kingSquare][Long.numberOfTrailingZeros(snipers)] & pos.occupied;
            if (between != 0 && !Bitboards.moreThanOne(between)) {
                blockers |= between;
            }
        }
        return blockers;
    }

    private static int pawnMoves(Position pos, int[] moves, int n, int stage, int us, int ksq, long pinned,
                                 long checkMask) {
        long pawns = pos.pieces[(us << 3) | PAWN];
        if (pawns == 0) {
            return n;
        }
        long theirs = pos.colors[us ^ 1];
        long empty = ~pos.occupied;
        boolean white = us == WHITE;
        int up = white ? 8 : -8;
        long promotionRank = white ? Bitboards.RANK_7 : Bitboards.RANK_2;
        long promoting = pawns & promotionRank, others = pawns & ~promotionRank;

        if ((stage & QUIET) != 0) {
            long single = shift(others, up) & empty;
            long dbl = shift(single & (white ? Bitboards.RANK_3 : Bitboards.RANK_6), up) & empty & checkMask;
            for (long b = single & checkMask; b != 0; b &= b - 1) {
                int to = Long.numberOfTrailingZeros(b);
                if (pinSafe(pinned, ksq, to - up, to)) {
                    moves[n++] = Move.of(to - up, to, Move.QUIET);
                }
            }
            for (long b = dbl; b != 0; b &= b - 1) {
                int to = Long.numberOfTrailingZeros(b);
                if (pinSafe(pinned, ksq, to - 2 * up, to)) {
                    moves[n++] = Move.of(to - 2 * up, to, Move.DOUBLE_PUSH);
                }
            }
        }
        if ((stage & NOISY) == 0) {
            return n;
        }
        // Captures towards the a-file and towards the h-file; "west" moves the file down by one.
        int west = up - 1, east = up + 1;
        long westCaptures = shift(others & ~Bitboards.FILE_A, west) & theirs & checkMask;
        long eastCaptures = shift(others & ~Bitboards.FILE_H, east) & theirs & checkMask;
        n = addPawnMoves(moves, n, westCaptures, west, Move.CAPTURE, pinned, ksq);
        n = addPawnMoves(moves, n, eastCaptures, east, Move.CAPTURE, pinned, ksq);

        if (promoting != 0) {
            n = addPromotions(moves, n, shift(promoting, up) & empty & checkMask, up, Move.QUIET, pinned, ksq);
            n = addPromotions(moves, n, shift(promoting & ~Bitboards.FILE_A, west) & theirs & checkMask, west,
                    Move.CAPTURE, pinned, ksq);
            n = addPromotions(moves, n, shift(promoting & ~Bitboards.FILE_H, east) & theirs & checkMask, east,
                    Move.CAPTURE, pinned, ksq);
        }

        int ep = pos.epSquare;
        if (ep != Square.NONE) {
            int capturedSquare = ep ^ 8;
            for (long b = Attacks.PAWN[us ^ 1][ep] & others; b != 0; b &= b - 1) {
                int from = Long.numberOfTrailingZeros(b);
                // Test the board as it will be: both pawns gone from their squares, ours on the target.
                long occ = (pos.occupied ^ (1L << from) ^ (1L << capturedSquare)) | (1L << ep);
                if ((pos.attackersTo(ksq, occ) & theirs & ~(1L << capturedSquare)) == 0) {
                    moves[n++] = Move.of(from, ep, Move.EN_PASSANT);
                }
            }
        }
        return n;
    }

    private static int addPawnMoves(int[] moves, int n, long targets, int delta, int kind, long pinned, int ksq) {
        for (long b = targets; b != 0; b &= b - 1) {
            int to = Long.numberOfTrailingZeros(b);
            if (pinSafe(pinned, ksq, to - delta, to)) {
                moves[n++] = Move.of(to - delta, to, kind);
            }
        }
        return n;
    }

    private static int addPromotions(int[] moves, int n, long targets, int delta, int kind, long pinned, int ksq) {
        for (long b = targets; b != 0; b &= b - 1) {
            int to = Long.numberOfTrailingZeros(b), from = to - delta;
            if (pinSafe(pinned, ksq, from, to)) {
                moves[n++] = Move.promotion(from, to, kind, QUEEN);
                moves[n++] = Move.promotion(from, to, kind, KNIGHT);
                moves[n++] = Move.promotion(from, to, kind, ROOK);
                moves[n++] = Move.promotion(from, to, kind, BISHOP);
            }
        }
        return n;
    }

    private static boolean pinSafe(long pinned, int ksq, int from, int to) {
        return (pinned & (1L << from)) == 0 || (Bitboards.LINE[ksq][from] & (1L << to)) != 0;
    }

    private static long shift(long b, int delta) {
        return delta > 0 ? b << delta : b >>> -delta;
    }

    private static int castlingMoves(Position pos, int[] moves, int n, int us, int ksq) {
        int them = us ^ 1;
        for (int index = us * 2; index < us * 2 + 2; index++) {
            if ((pos.castlingRights & (1 << index)) == 0 || (pos.occupied & pos.castlingPath[index]) != 0) {
                continue;
            }
            int rookSquare = pos.castlingRookSquare[index];
            int kingTo = Square.of((index & 1) != 0 ? 2 : 6, Square.rank(ksq));
            // Without king and rook: in Chess960 the castling rook may be what shields the king's target.
            long occ = pos.occupied ^ (1L << ksq) ^ (1L << rookSquare);
            boolean safe = true;
            for (long b = Bitboards.BETWEEN[ksq][kingTo] | (1L << kingTo); b != 0 && safe; b &= b - 1) {
                safe = !pos.isAttackedBy(them, Long.numberOfTrailingZeros(b), occ);
            }
            if (safe) {
                moves[n++] = Move.of(ksq, rookSquare, Move.CASTLING);
            }
        }
        return n;
    }
}
