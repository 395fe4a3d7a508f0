package horizon.eval;

/**
 * Where the evaluation reports what it counted: for each weight it reads, which entry and how often, for which
 * side. The search evaluates with {@link #OFF}, which records nothing (the JIT removes the calls); the tuner and
 * the {@code eval} report record, so their coefficients come from the very lines the search runs.
 */
public class Trace {
    public static final Trace OFF = new Trace();

    /** Whether anything is recorded: the evaluation skips its caches (the pawn hash) when it is. */
    public boolean enabled() {
        return false;
    }

    /** Weight {@code index} ({@link Term} offset + entry) counted {@code count} times for {@code color}. */
    public void add(int index, int color, int count) {
    }

    /**
     * Weight {@code index} of a non-linear block ({@link Term#nonLinear()}) counted {@code count} times in the
     * inner sum that belongs to {@code color}: the king's side for {@link Term#KING_ATTACK}, White for
     * {@link Term#COMPLEXITY} (one sum for the position).
     */
    public void addInner(int index, int color, int count) {
    }

    /** What a non-linear block finally added for {@code color} (a packed score), for reports. */
    public void nonLinear(Term term, int color, int score) {
    }

    /** The final blend: phase (0..24) and the endgame scale factor. */
    public void blend(int phase, int scale) {
    }

    /** The evaluation came from special endgame knowledge, not from the weights (the tuner skips it). */
    public void special() {
    }
}
