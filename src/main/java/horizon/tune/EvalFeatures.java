package horizon.tune;

import horizon.board.Piece;
import horizon.board.Position;
import horizon.board.Square;
import horizon.eval.Evaluator;
import horizon.eval.Score;
import horizon.eval.Weights;

/**
 * The evaluation as a linear function of its weights (Ethereal's "trace" idea): a position becomes a sparse list
 * of (parameter, count) pairs, White's pieces counting +1 and Black's -1 on the mirrored square, and
 * eval = (mg . counts * phase + eg . counts * (24 - phase)) / 24. The tuner works on these lists; a test checks
 * that they reproduce {@link Evaluator#evaluate} so the two cannot drift apart.
 *
 * <pre>
 * parameter pair p (middlegame 2p, endgame 2p + 1):
 *   p = type - 1                              material, types PAWN..KING (0..5)
 *   p = 6 + (type - 1) * 64 + square          piece-square, square from White's side
 * </pre>
 */
public final class EvalFeatures {
    public static final int PAIRS = 6 + 6 * 64;
    public static final int PARAMETERS = 2 * PAIRS;

    private EvalFeatures() {
    }

    public static int materialPair(int type) {
        return type - 1;
    }

    public static int pieceSquarePair(int type, int sq) {
        return 6 + (type - 1) * 64 + sq;
    }

    /**
     * Writes the non-zero (pair, count) entries of pos into pairs/counts and returns how many; scratch must
     * hold {@link #PAIRS} zeros and is left zeroed.
     */
    public static int extract(Position pos, int[] pairs, int[] counts, int[] scratch) {
        int n = 0;
        for (int sq = 0; sq < 64; sq++) {
            int piece = pos.pieceAt(sq);
            if (piece == Piece.NONE) {
                continue;
            }
            int type = Piece.type(piece);
            boolean white = Piece.color(piece) == Piece.WHITE;
            int sign = white ? 1 : -1;
            int relative = white ? sq : Square.flipRank(sq);
            n = add(materialPair(type), sign, pairs, scratch, n);
            n = add(pieceSquarePair(type, relative), sign, pairs, scratch, n);
        }
        int kept = 0;
        for (int i = 0; i < n; i++) {
            int pair = pairs[i];
            if (scratch[pair] != 0) {
                pairs[kept] = pair;
                counts[kept++] = scratch[pair];
            }
            scratch[pair] = 0;
        }
        return kept;
    }

    private static int add(int pair, int sign, int[] pairs, int[] scratch, int n) {
        if (scratch[pair] == 0) {
            pairs[n++] = pair;
        }
        scratch[pair] += sign; // a pair that cancels to 0 stays listed and is dropped when collected
        return n;
    }

    /** Evaluation from White's view, in floating point, for the given parameters. */
    public static double evaluate(double[] params, int[] pairs, int[] counts, int n, int phase) {
        double mg = 0, eg = 0;
        for (int i = 0; i < n; i++) {
            mg += counts[i] * params[2 * pairs[i]];
            eg += counts[i] * params[2 * pairs[i] + 1];
        }
        return (mg * phase + eg * (Evaluator.MAX_PHASE - phase)) / Evaluator.MAX_PHASE;
    }

    public static double[] toParameters(Weights w) {
        double[] p = new double[PARAMETERS];
        for (int type = Piece.PAWN; type <= Piece.KING; type++) {
            set(p, materialPair(type), w.material[type]);
            for (int sq = 0; sq < 64; sq++) {
                set(p, pieceSquarePair(type, sq), w.pieceSquare[type][sq]);
            }
        }
        return p;
    }

    private static void set(double[] p, int pair, int packed) {
        p[2 * pair] = Score.mg(packed);
        p[2 * pair + 1] = Score.eg(packed);
    }

    /** Rounds parameters into a weight set. */
    public static Weights toWeights(double[] p, String name) {
        Weights w = new Weights(name);
        for (int type = Piece.PAWN; type <= Piece.KING; type++) {
            w.material[type] = packed(p, materialPair(type));
            for (int sq = 0; sq < 64; sq++) {
                w.pieceSquare[type][sq] = packed(p, pieceSquarePair(type, sq));
            }
        }
        return w;
    }

    private static int packed(double[] p, int pair) {
        return Score.of((int) Math.round(p[2 * pair]), (int) Math.round(p[2 * pair + 1]));
    }
}
