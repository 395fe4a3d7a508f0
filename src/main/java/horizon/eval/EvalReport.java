package horizon.eval;

import horizon.board.Piece;
import horizon.board.Position;

/**
 * The {@code eval} command's report: a {@link Trace} that sums what each {@link Term} contributed for each side,
 * middlegame and endgame, while the evaluator runs. It holds no evaluation logic of its own, so its total is the
 * evaluation by construction.
 */
public final class EvalReport extends Trace {
    private final Weights weights;
    private final int[][] sums = new int[Term.values().length][2];
    private int phase = -1, scale;
    private boolean special;

    private EvalReport(Weights weights) {
        this.weights = weights;
    }

    @Override
    public boolean enabled() {
        return true;
    }

    @Override
    public void add(int index, int color, int count) {
        sums[Term.of(index).ordinal()][color] += count * weights.get(index);
    }

    /** A non-linear block's row shows what it added in the end; its inner sum is not a contribution. */
    @Override
    public void nonLinear(Term term, int color, int score) {
        sums[term.ordinal()][color] += score;
    }

    @Override
    public void blend(int phase, int scale) {
        this.phase = phase;
        this.scale = scale;
    }

    @Override
    public void special() {
        special = true;
    }

    public static String describe(Position pos, Evaluator evaluator) {
        EvalReport report = new EvalReport(evaluator.weights());
        int value = evaluator.evaluate(pos, report);
        int white = pos.sideToMove() == Piece.WHITE ? value : -value;
        StringBuilder sb = new StringBuilder();
        if (report.special) {
            sb.append(String.format("Known ending (KXK or KBNK): evaluated outright, not by the weights%n"));
        } else {
            sb.append(String.format("%-20s | %13s | %13s | %13s%n", "Term", "White mg  eg", "Black mg  eg",
                    "Total mg  eg"));
            sb.append("---------------------+---------------+---------------+--------------\n");
            int mg = 0, eg = 0;
            for (Term term : Term.values()) {
                int w = report.sums[term.ordinal()][Piece.WHITE], b = report.sums[term.ordinal()][Piece.BLACK];
                int total = w - b;
                mg += Score.mg(total);
                eg += Score.eg(total);
                sb.append(String.format("%-20s | %6d %6d | %6d %6d | %6d %6d%n", term.fileName(), Score.mg(w),
                        Score.eg(w), Score.mg(b), Score.eg(b), Score.mg(total), Score.eg(total)));
            }
            sb.append("---------------------+---------------+---------------+--------------\n");
            sb.append(String.format("Sum                  | mg %d, eg %d%n", mg, eg));
            sb.append(String.format("Phase                | %d of %d (middlegame share)%n", report.phase,
                    Score.MAX_PHASE));
            sb.append(String.format("Endgame scale        | %d of %d%n", report.scale, Score.NORMAL_SCALE));
        }
        sb.append(String.format("Total                | %d cp (White's view), %d cp (side to move), weights '%s'",
                white, value, evaluator.weights().name));
        return sb.toString();
    }
}
