package horizon.search;

import horizon.eval.Score;
import horizon.eval.Term;
import horizon.eval.Weights;
import horizon.search.Tunable.Kind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The registry of every constant that games may tune (SPSA): the search's margins and reductions, the time
 * manager's factors, and a scale per evaluation block. Each is a {@link Tunable} with its default (the value the
 * engine plays with), its range and its SPSA steps; the search reads them here, so a tune, a UCI option
 * (only when asked for, see {@code UciOptions}) and `horizon params` all see one list.
 *
 * <p>One registry per process, as Stockfish's TUNE: a process plays as one engine. Tests that change a value put
 * it back ({@link #resetAll}).
 */
public final class Tunables {
    private static final List<Tunable> ALL = new ArrayList<>();
    /** Bumped on every change, so that tables derived from the values (the reductions) know to be rebuilt. */
    private static volatile int version;

    private Tunables() {
    }

    private static Tunable search(String name, int def, int min, int max, double cEnd, String description) {
        return add(new Tunable(name, Kind.SEARCH, def, min, max, cEnd, 0.002, description));
    }

    private static Tunable time(String name, int def, int min, int max, double cEnd, String description) {
        return add(new Tunable(name, Kind.TIME, def, min, max, cEnd, 0.002, description));
    }

    private static Tunable evalScale(String name, String description) {
        return add(new Tunable(name, Kind.EVAL_SCALE, 100, 50, 150, 5, 0.002, description));
    }

    private static Tunable add(Tunable t) {
        for (Tunable other : ALL) {
            if (other.name.equalsIgnoreCase(t.name)) {
                throw new IllegalStateException("two tunables named " + t.name);
            }
        }
        ALL.add(t);
        return t;
    }

    // ---- search ----
    public static final Tunable ASPIRATION_WINDOW = search("AspWindow", 10, 4, 40, 2,
            "half-width of the aspiration window around the last iteration's score, cp");
    public static final Tunable RFP_DEPTH = search("RfpDepth", 7, 4, 12, 1,
            "reverse futility pruning up to this depth");
    public static final Tunable RFP_MARGIN = search("RfpMargin", 74, 40, 160, 6,
            "reverse futility margin per ply, cp");
    public static final Tunable NMP_BASE = search("NmpBase", 3, 2, 5, 0.5,
            "null-move reduction: this many plies ...");
    public static final Tunable NMP_DEPTH_DIVISOR = search("NmpDepthDiv", 4, 2, 8, 0.5,
            "... plus depth / this ...");
    public static final Tunable NMP_EVAL_DIVISOR = search("NmpEvalDiv", 194, 80, 400, 15,
            "... plus (eval - beta) / this ...");
    public static final Tunable NMP_EVAL_MAX = search("NmpEvalMax", 3, 1, 6, 0.5,
            "... at most this many plies");
    public static final Tunable PROBCUT_MARGIN = search("ProbCutMargin", 198, 80, 400, 15,
            "ProbCut's bar above beta, cp");
    public static final Tunable PROBCUT_DEPTH = search("ProbCutDepth", 5, 3, 9, 0.5,
            "ProbCut from this depth");
    public static final Tunable SINGULAR_DEPTH = search("SeDepth", 7, 4, 10, 0.5,
            "singular extension from this depth");
    public static final Tunable SINGULAR_MARGIN = search("SeMargin", 33, 8, 64, 3,
            "singular bar below the table score, 1/16 cp per ply");
    public static final Tunable DOUBLE_EXTENSION_MARGIN = search("DextMargin", 21, 4, 60, 3,
            "a double extension when this far below the singular bar, cp");
    public static final Tunable DOUBLE_EXTENSION_MAX = search("DextMax", 6, 2, 12, 0.5,
            "at most this many double extensions on a line");
    public static final Tunable IIR_DEPTH = search("IirDepth", 4, 2, 8, 0.5,
            "internal iterative reduction from this depth");
    public static final Tunable PRUNE_DEPTH = search("PruneDepth", 6, 3, 10, 0.5,
            "late move, futility and SEE pruning up to this depth");
    public static final Tunable LMP_BASE = search("LmpBase", 4, 1, 8, 0.5,
            "late move pruning after (this + depth^2) / (improving ? 1 : 2) quiet moves");
    public static final Tunable FUTILITY_BASE = search("FutBase", 101, 20, 250, 8,
            "futility margin: this ...");
    public static final Tunable FUTILITY_PER_DEPTH = search("FutDepth", 97, 40, 200, 8,
            "... plus this per ply, cp");
    public static final Tunable SEE_NOISY_MARGIN = search("SeeNoisy", 95, 30, 200, 8,
            "a capture is pruned when it loses more than this per ply by SEE, cp");
    public static final Tunable LMR_BASE = search("LmrBase", 80, 0, 150, 8,
            "late move reduction: this / 100 ...");
    public static final Tunable LMR_DIVISOR = search("LmrDiv", 214, 150, 400, 12,
            "... plus ln(depth) ln(moves) / (this / 100)");
    public static final Tunable LMR_HISTORY_DIVISOR = search("LmrHistDiv", 7784, 3000, 20000, 500,
            "one ply less (or more) reduction per this much history");
    public static final Tunable QS_DELTA = search("QsDelta", 202, 50, 400, 15,
            "quiescence delta pruning margin, cp");
    public static final Tunable HISTORY_BONUS_QUADRATIC = search("HistQuad", 16, 4, 40, 2,
            "history bonus: this * depth^2 ...");
    public static final Tunable HISTORY_BONUS_LINEAR = search("HistLin", 65, 0, 200, 8,
            "... plus this * depth ...");
    public static final Tunable HISTORY_BONUS_MAX = search("HistMax", 2098, 512, 4096, 150,
            "... at most this");
    public static final Tunable NMP_MIN_DEPTH = search("NmpMinDepth", 3, 1, 6, 0.5,
            "null-move pruning from this depth");
    public static final Tunable LMR_MIN_DEPTH = search("LmrMinDepth", 3, 1, 6, 0.5,
            "late move reductions from this depth ...");
    public static final Tunable LMR_MIN_MOVES = search("LmrMinMoves", 2, 1, 6, 0.5,
            "... after this many moves (one more on the PV)");
    public static final Tunable PROBCUT_REDUCTION = search("ProbCutRed", 4, 2, 6, 0.5,
            "ProbCut's verification search is this much shallower");
    public static final Tunable SINGULAR_TABLE_DEPTH = search("SeTtDepth", 3, 1, 6, 0.5,
            "a singular extension needs a table entry at most this much shallower than the node");
    public static final Tunable CONTINUATION_WEIGHT = search("ContHist", 0, 0, 150, 8,
            "how much of the continuation history joins the butterfly history in quiet ordering and reductions, % (0: off)");
    public static final Tunable FUTILITY_HISTORY_GATE = search("FutHistGate", 0, 0, 16384, 500,
            "futility spares a quiet move with at least this much history (of +-16384; 0: off)");
    public static final Tunable CAPTURE_HISTORY_WEIGHT = search("CaptHist", 0, 0, 150, 8,
            "how much the capture history orders captures within their class, % (0: off)");
    public static final Tunable CORRECTION_WEIGHT = search("CorrWeight", 18, 0, 150, 8,
            "how much of the pawn-structure correction history the static evaluation takes, % (0: off)");

    // ---- time ----
    public static final Tunable TIME_MOVES_TO_GO = time("TmMovesToGo", 21, 10, 40, 1.5,
            "without movestogo the clock is shared as if this many moves were left");
    public static final Tunable TIME_INCREMENT_SHARE = time("TmIncPct", 76, 40, 100, 4,
            "share of the increment added to a move's time, %");
    public static final Tunable TIME_SOFT_SHARE = time("TmSoftPct", 57, 30, 100, 4,
            "soft limit (no new iteration past it) as a share of the optimum time, %");
    public static final Tunable TIME_HARD_FACTOR = time("TmHardPct", 423, 200, 700, 25,
            "hard limit as a share of the optimum time, %");
    public static final Tunable TIME_STABILITY_BASE = time("TmStabBase", 124, 100, 160, 3,
            "soft limit's factor when the best move just changed, %");
    public static final Tunable TIME_STABILITY_STEP = time("TmStabStep", 5, 1, 10, 0.5,
            "... less this per iteration it has stood (ten at most), %");
    public static final Tunable TIME_NODE_FACTOR = time("TmNodeMul", 192, 100, 300, 10,
            "node-share factor: this * (1 - best move's share) ...");
    public static final Tunable TIME_NODE_BASE = time("TmNodeBase", 39, 20, 80, 3,
            "... plus this, %");
    public static final Tunable TIME_SCORE_DROP_MAX = time("TmDropMax", 152, 100, 250, 6,
            "a falling score lengthens the soft limit up to this, %");
    public static final Tunable TIME_SCORE_DROP_SCALE = time("TmDropDiv", 103, 40, 200, 8,
            "... by 1 + drop / this (cp)");

    // ---- evaluation scales (a multiplier on each block, applied when the weights are loaded) ----
    public static final Tunable EVAL_MATERIAL = evalScale("EvalMaterial", "scale of material, %");
    public static final Tunable EVAL_PASSED = evalScale("EvalPassed", "scale of the passed-pawn terms, %");
    public static final Tunable EVAL_KING = evalScale("EvalKing", "scale of king danger (attackers, weak squares,"
            + " safe checks), %");
    public static final Tunable EVAL_MOBILITY = evalScale("EvalMobility", "scale of mobility, %");
    public static final Tunable EVAL_THREATS = evalScale("EvalThreats", "scale of threats and hanging pieces, %");

    /** Every tunable, in registry order. */
    public static List<Tunable> all() {
        return Collections.unmodifiableList(ALL);
    }

    /** The tunable of this name (case as UCI: ignored), or null. */
    public static Tunable find(String name) {
        for (Tunable t : ALL) {
            if (t.name.equalsIgnoreCase(name)) {
                return t;
            }
        }
        return null;
    }

    /**
     * Sets a tunable by name.
     *
     * @throws IllegalArgumentException for an unknown name or a value out of range, saying which
     */
    public static Tunable set(String name, int value) {
        Tunable t = find(name);
        if (t == null) {
            throw new IllegalArgumentException("unknown parameter '" + name + "'");
        }
        t.set(value);
        version++;
        return t;
    }

    /** Every tunable back to its default. */
    public static void resetAll() {
        for (Tunable t : ALL) {
            t.set(t.defaultValue);
        }
        version++;
    }

    /** Changes with every {@link #set}: what derives a table from the values compares it with the one it used. */
    public static int version() {
        return version;
    }

    /** The blocks each evaluation scale multiplies. */
    static Term[] blocks(Tunable scale) {
        if (scale == EVAL_MATERIAL) {
            return new Term[] {Term.MATERIAL};
        } else if (scale == EVAL_PASSED) {
            return new Term[] {Term.PASSED, Term.PASSED_BLOCKED, Term.PASSED_FREE, Term.PASSED_OWN_KING,
                Term.PASSED_THEIR_KING};
        } else if (scale == EVAL_KING) {
            return new Term[] {Term.KING_DANGER, Term.KING_WEAK_SQUARES, Term.KING_ATTACKERS, Term.SAFE_CHECK};
        } else if (scale == EVAL_MOBILITY) {
            return new Term[] {Term.MOBILITY_KNIGHT, Term.MOBILITY_BISHOP, Term.MOBILITY_ROOK, Term.MOBILITY_QUEEN};
        } else if (scale == EVAL_THREATS) {
            return new Term[] {Term.THREAT_BY_PAWN, Term.THREAT_BY_MINOR, Term.THREAT_BY_ROOK,
                Term.THREAT_BY_PAWN_PUSH, Term.HANGING};
        }
        throw new IllegalArgumentException(scale.name + " is not an evaluation scale");
    }

    /**
     * The weights as the engine plays them: each block multiplied by its scale (both halves of the packed score,
     * rounded). All scales at 100 % return the same object, so the default engine evaluates exactly as its weights
     * file says.
     */
    public static Weights scaled(Weights weights) {
        int[] w = null;
        for (Tunable t : ALL) {
            if (t.kind != Kind.EVAL_SCALE || t.get() == 100) {
                continue;
            }
            if (w == null) {
                w = weights.toArray();
            }
            for (Term term : blocks(t)) {
                for (int i = term.offset(); i < term.offset() + term.size; i++) {
                    w[i] = Score.of(Math.round(Score.mg(w[i]) * t.get() / 100f),
                            Math.round(Score.eg(w[i]) * t.get() / 100f));
                }
            }
        }
        return w == null ? weights : new Weights(weights.name + " (scaled)", w);
    }

    /** The registry in OpenBench's SPSA input format, one parameter a line, with the values it holds now. */
    public static String openBenchInput() {
        StringBuilder sb = new StringBuilder();
        for (Tunable t : ALL) {
            sb.append(t.openBenchLine(t.get())).append('\n');
        }
        return sb.toString();
    }

    /** A one-line summary of the values that differ from the defaults (for logs). */
    public static String changed() {
        StringBuilder sb = new StringBuilder();
        for (Tunable t : ALL) {
            if (t.get() != t.defaultValue) {
                sb.append(sb.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%s=%d", t.name, t.get()));
            }
        }
        return sb.toString();
    }
}
