package horizon.search;

import horizon.board.Move;
import horizon.board.Piece;
import horizon.board.Position;
import horizon.board.StaticExchange;
import java.util.Arrays;

/**
 * Move ordering, staged by score: the table move first, then captures and promotions that do not lose material
 * (most valuable victim, least valuable attacker), the two killers of the ply, the counter move, quiet moves by
 * history, and last the captures that lose material (by SEE). Moves come from the legal generator in one list,
 * so a table move or killer is only ever tried if it is legal here; the best is picked lazily, one at a time,
 * because a cutoff usually comes after a few moves.
 *
 * <p>Holds what ordering learns during a search: killers per ply, butterfly history per side and from/to
 * squares, and counter moves per (piece, target) of the previous move.
 */
public final class MovePicker {
    static final int SCORE_TT_MOVE = 1 << 30;
    static final int SCORE_GOOD_NOISY = 1 << 28;
    static final int SCORE_KILLER = 1 << 27;
    static final int SCORE_COUNTER = (1 << 27) - 2;
    /** Every noisy move scored below zero loses material by SEE, every other one above: quiescence relies on it. */
    static final int SCORE_BAD_NOISY = -(1 << 28);
    static final int HISTORY_MAX = 16384;

    private final int[][] killers;
    private final int[][][] history = new int[2][64][64];
    private final int[][] counterMoves = new int[Piece.CODES][64];
    /**
     * Continuation history: how often a quiet move (piece, target) cut off right after the previous move (piece,
     * target), with gravity like the butterfly history. A technique played within its error and not kept (TESTS.md
     * T17, T28, T92), back as a weight a tune may switch on: ContHist % of it joins the butterfly history in quiet
     * ordering and in the late move reductions. At 0 (today's default) the table is neither allocated nor read.
     */
    private short[] continuation;
    private int continuationWeight;
    /**
     * Capture history: how often a capture (piece, target, captured type) cut off, with gravity; CaptHist % of it
     * (scaled to about a pawn of MVV-LVA at its full range) orders captures of the same class (winning or losing
     * by SEE). Also played and not kept before; at 0 (the default) neither allocated nor read.
     */
    private short[] captureHistory;
    private int captureHistoryWeight;

    public MovePicker(int maxPly) {
        killers = new int[maxPly][2];
    }

    /** ContHist, in %: how much of the continuation history joins the butterfly history (0: none, not kept). */
    void setContinuationWeight(int percent) {
        continuationWeight = percent;
        if (percent > 0 && continuation == null) {
            continuation = new short[Piece.CODES * 64 * Piece.CODES * 64];
        }
    }

    /** CaptHist, in %: how much the capture history moves a capture within its class (0: none, not kept). */
    void setCaptureHistoryWeight(int percent) {
        captureHistoryWeight = percent;
        if (percent > 0 && captureHistory == null) {
            captureHistory = new short[Piece.CODES * 64 * 8];
        }
    }

    public boolean captureHistoryOn() {
        return captureHistoryWeight > 0;
    }

    private static int captureIndex(Position pos, int move) {
        int victim = Move.kind(move) == Move.EN_PASSANT ? Piece.PAWN : Piece.type(pos.pieceAt(Move.to(move)));
        return (pos.pieceAt(Move.from(move)) * 64 + Move.to(move)) * 8 + victim;
    }

    /** A capture (or promotion) cut off: its capture history rises, those tried before it fall. */
    public void updateCaptureHistory(Position pos, int move, int depth, int[] capturesTried, int count) {
        int bonus = historyBonus(depth);
        addCapture(captureIndex(pos, move), bonus);
        for (int i = 0; i < count; i++) {
            addCapture(captureIndex(pos, capturesTried[i]), -bonus);
        }
    }

    private void addCapture(int i, int bonus) {
        captureHistory[i] = (short) withGravity(captureHistory[i], bonus);
    }

    private static int continuationIndex(int previousPiece, int previousTarget, int piece, int to) {
        return ((previousPiece * 64 + previousTarget) * Piece.CODES + piece) * 64 + to;
    }

    /**
     * What ordering and the reductions know of a quiet move: its butterfly history, plus ContHist % of its
     * continuation history after the previous move (none at the root or after a null move).
     */
    /** Whether the continuation history has a weight (then callers find the moving piece for it). */
    public boolean continuationOn() {
        return continuationWeight > 0;
    }

    public int quietHistory(int side, int move, int piece, int previousPiece, int previousTarget) {
        int h = history[side][Move.from(move)][Move.to(move)];
        if (continuationWeight > 0 && previousPiece != Piece.NONE) {
            h += continuation[continuationIndex(previousPiece, previousTarget, piece, Move.to(move))]
                    * continuationWeight / 100;
        }
        return h;
    }

    public void clear() {
        for (int[][] side : history) {
            for (int[] row : side) {
                Arrays.fill(row, 0);
            }
        }
        for (int[] row : counterMoves) {
            Arrays.fill(row, 0);
        }
        if (continuation != null) {
            Arrays.fill(continuation, (short) 0);
        }
        if (captureHistory != null) {
            Arrays.fill(captureHistory, (short) 0);
        }
        clearKillers();
    }

    public void clearKillers() {
        for (int[] k : killers) {
            Arrays.fill(k, 0);
        }
    }

    public int history(int side, int move) {
        return history[side][Move.from(move)][Move.to(move)];
    }

    /** Fills scores[i] for moves[i], i < count. previousPiece is NONE at the root and after a null move. */
    public void score(Position pos, int[] moves, int[] scores, int count, int ttMove, int ply, int previousPiece,
                      int previousTarget) {
        int side = pos.sideToMove();
        int killer0 = killers[ply][0], killer1 = killers[ply][1];
        int counter = previousPiece != Piece.NONE ? counterMoves[previousPiece][previousTarget] : Move.NONE;
        for (int i = 0; i < count; i++) {
            int move = moves[i];
            if (move == ttMove) {
                scores[i] = SCORE_TT_MOVE;
            } else if (Move.isNoisy(move)) {
                int victim = Move.kind(move) == Move.EN_PASSANT ? Piece.PAWN : Piece.type(pos.pieceAt(Move.to(move)));
                int attacker = Piece.type(pos.pieceAt(Move.from(move)));
                int mvvLva = StaticExchange.VALUE[victim] * 8 - attacker
                        + (Move.promotionType(move) == Piece.QUEEN ? 8 * 900 : 0);
                if (captureHistoryWeight > 0) {
                    // +-16384 of history is about a pawn of MVV-LVA (8 * 100) at 100 %.
                    mvvLva += captureHistory[captureIndex(pos, move)] * captureHistoryWeight / 2048;
                }
                scores[i] = (StaticExchange.atLeast(pos, move, 0) ? SCORE_GOOD_NOISY : SCORE_BAD_NOISY) + mvvLva;
            } else if (move == killer0) {
                scores[i] = SCORE_KILLER;
            } else if (move == killer1) {
                scores[i] = SCORE_KILLER - 1;
            } else if (move == counter) {
                scores[i] = SCORE_COUNTER;
            } else {
                scores[i] = continuationWeight == 0 ? history[side][Move.from(move)][Move.to(move)]
                        : quietHistory(side, move, pos.pieceAt(Move.from(move)), previousPiece, previousTarget);
            }
        }
    }

    /** Selection sort, one step: moves the best remaining move to index i and returns it. */
    public static int pickNext(int[] moves, int[] scores, int i, int count) {
        int best = i;
        for (int j = i + 1; j < count; j++) {
            if (scores[j] > scores[best]) {
                best = j;
            }
        }
        int move = moves[best];
        int score = scores[best];
        moves[best] = moves[i];
        scores[best] = scores[i];
        moves[i] = move;
        scores[i] = score;
        return move;
    }

    /**
     * A quiet move caused a beta cutoff: it becomes a killer and the counter move of the previous move, its
     * history rises, and the quiet moves tried before it (which did not cut) lose history.
     */
    public void updateOnCutoff(Position pos, int side, int ply, int move, int depth, int[] quietsTried,
                               int quietCount, int previousPiece, int previousTarget) {
        if (killers[ply][0] != move) {
            killers[ply][1] = killers[ply][0];
            killers[ply][0] = move;
        }
        if (previousPiece != Piece.NONE) {
            counterMoves[previousPiece][previousTarget] = move;
        }
        int bonus = historyBonus(depth);
        addHistory(side, move, bonus);
        for (int i = 0; i < quietCount; i++) {
            addHistory(side, quietsTried[i], -bonus);
        }
        if (continuationWeight > 0 && previousPiece != Piece.NONE) {
            int base = continuationIndex(previousPiece, previousTarget, 0, 0);
            addContinuation(base, pos.pieceAt(Move.from(move)), Move.to(move), bonus);
            for (int i = 0; i < quietCount; i++) {
                addContinuation(base, pos.pieceAt(Move.from(quietsTried[i])), Move.to(quietsTried[i]), -bonus);
            }
        }
    }

    /**
     * What a cut-off at this depth teaches the history (and its malus for the quiet moves tried before it): an
     * eighth of the table's range from depth 10 on, so that a few deep cut-offs outweigh older shallow ones, and
     * enough at low depth that the table follows the position being searched rather than the game so far (HistQuad,
     * HistLin and HistMax in {@link Tunables}: 16 d^2 + 64 d, at most 2048). (It was
     * min(depth^2, 400), 1/40 of the range at most: the table moved so slowly that the history term of the late
     * move reductions hardly ever reached a ply.)
     */
    private static int historyBonus(int depth) {
        return Math.min(Tunables.HISTORY_BONUS_QUADRATIC.get() * depth * depth
                + Tunables.HISTORY_BONUS_LINEAR.get() * depth, Tunables.HISTORY_BONUS_MAX.get());
    }

    private void addContinuation(int base, int piece, int to, int bonus) {
        int i = base + piece * 64 + to;
        continuation[i] = (short) withGravity(continuation[i], bonus);
    }

    /** History with gravity: entries saturate towards +-HISTORY_MAX instead of overflowing. */
    private void addHistory(int side, int move, int bonus) {
        int[] row = history[side][Move.from(move)];
        int to = Move.to(move);
        row[to] = withGravity(row[to], bonus);
    }

    /** An entry moved by a bonus (or malus) with gravity: it saturates towards +-HISTORY_MAX, never past it. */
    private static int withGravity(int entry, int bonus) {
        return entry + bonus - entry * Math.abs(bonus) / HISTORY_MAX;
    }
}
