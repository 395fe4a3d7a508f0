package horizon.nnue;

import horizon.board.Move;
import horizon.board.Piece;
import horizon.board.Position;

/**
 * One search thread's accumulators: a stack with an entry per ply, kept by the search's make and unmake. Making a
 * move only notes which features it changes (at most two leave and two arrive); the entry is brought up to date
 * from the nearest computed one below it when the node is evaluated, so nodes that are never evaluated (a table
 * cut-off, a node in check) cost no vector work. With 768 plain inputs no move requires a refresh: the stack is
 * filled from scratch once, when a search starts. A null move changes no feature and pushes nothing: the same
 * accumulators, seen from the other side to move.
 *
 * <p>Everything is allocated up front; nothing per node.
 */
public final class Accumulators {
    /** Entries: a search's plies and the quiescence search below them, with room to spare. */
    public static final int DEPTH = 256;

    private final Network net;
    private final Kernel kernel;
    private final int hidden;
    private final short[][] white, black;
    private final boolean[] computed = new boolean[DEPTH];
    /** The move's changes into each entry, as piece * 64 + square (the piece code 0..15), or -1 when unused. */
    private final int[] removed1 = new int[DEPTH], removed2 = new int[DEPTH];
    private final int[] added1 = new int[DEPTH], added2 = new int[DEPTH];
    private int top;

    public Accumulators(Network net) {
        this(net, Kernel.DEFAULT);
    }

    public Accumulators(Network net, Kernel kernel) {
        this.net = net;
        this.kernel = kernel;
        this.hidden = net.hidden;
        white = new short[DEPTH][hidden];
        black = new short[DEPTH][hidden];
    }

    /** Starts the stack at pos, computed from scratch. */
    public void reset(Position pos) {
        top = 0;
        net.refresh(pos, Piece.WHITE, white[0]);
        net.refresh(pos, Piece.BLACK, black[0]);
        computed[0] = true;
    }

    /** Notes the changes of legal move m; call it before {@code pos.makeMove(m)}, on the position before the move. */
    public void push(Position pos, int m) {
        int t = ++top;
        computed[t] = false;
        int from = Move.from(m), to = Move.to(m), kind = Move.kind(m);
        int piece = pos.pieceAt(from);
        removed2[t] = -1;
        added2[t] = -1;
        if (kind == Move.CASTLING) {
            int rook = pos.pieceAt(to);
            removed1[t] = piece * 64 + from;
            removed2[t] = rook * 64 + to;
            added1[t] = piece * 64 + Move.castlingKingTarget(m);
            added2[t] = rook * 64 + Move.castlingRookTarget(m);
            return;
        }
        removed1[t] = piece * 64 + from;
        int arriving = Move.isPromotion(m) ? Piece.make(Piece.color(piece), Move.promotionType(m)) : piece;
        added1[t] = arriving * 64 + to;
        if (kind == Move.CAPTURE) {
            removed2[t] = pos.pieceAt(to) * 64 + to;
        } else if (kind == Move.EN_PASSANT) {
            removed2[t] = pos.pieceAt(to ^ 8) * 64 + (to ^ 8);
        }
    }

    /** Undoes the last {@link #push}; call it after {@code pos.unmakeMove}. */
    public void pop() {
        top--;
    }

    /** The network's score of pos, the position the stack stands at, in centipawns from the side to move's view. */
    public int evaluate(Position pos) {
        update();
        int bucket = net.outputBucket(pos);
        short[] weights = net.outputWeights[bucket];
        return pos.sideToMove() == Piece.WHITE
                ? net.finish(kernel.activatedDot(white[top], black[top], weights, hidden), bucket)
                : net.finish(kernel.activatedDot(black[top], white[top], weights, hidden), bucket);
    }

    /** Brings the top entry up to date from the nearest computed entry below it. */
    private void update() {
        int from = top;
        while (!computed[from]) {
            from--;
        }
        for (int t = from + 1; t <= top; t++) {
            apply(t, Piece.WHITE, white[t - 1], white[t]);
            apply(t, Piece.BLACK, black[t - 1], black[t]);
            computed[t] = true;
        }
    }

    private void apply(int t, int perspective, short[] src, short[] dst) {
        short[] add = row(perspective, added1[t]), sub = row(perspective, removed1[t]);
        if (added2[t] >= 0) {
            kernel.addAddSubSub(dst, src, add, row(perspective, added2[t]), sub, row(perspective, removed2[t]),
                    hidden);
        } else if (removed2[t] >= 0) {
            kernel.addSubSub(dst, src, add, sub, row(perspective, removed2[t]), hidden);
        } else {
            kernel.addSub(dst, src, add, sub, hidden);
        }
    }

    private short[] row(int perspective, int pieceSquare) {
        return net.inputWeights[Network.featureIndex(perspective, pieceSquare >>> 6, pieceSquare & 63)];
    }

    /** The top entry's accumulator of a perspective, brought up to date (a copy, for tests). */
    public short[] accumulator(int perspective) {
        update();
        return (perspective == Piece.WHITE ? white[top] : black[top]).clone();
    }
}
