package horizon.bench;

import horizon.board.Position;
import horizon.eval.Evaluator;
import horizon.eval.Score;
import horizon.eval.Term;
import horizon.eval.Trace;
import horizon.eval.Weights;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Static evaluation of a middlegame position, pawn hash warm (as in search, where pawns rarely change): through the
 * evaluation cache (what a search meets again) and past it (what a new position costs), with the shipped weights or
 * with the second round's blocks switched on (every entry 1 cp), to say what those blocks cost
 * ({@code -p blocks=shipped,roundTwo}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class EvalBench {
    @Param({"shipped", "roundTwo"})
    public String blocks;

    private Position position;
    private Evaluator evaluator;

    @Setup
    public void setUp() {
        position = Position.fromFen("r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N2/PP1P1PPP/RNBQR1K1 w - - 1 9");
        Weights weights = Weights.builtIn();
        if (blocks.equals("roundTwo")) {
            int[] w = weights.toArray();
            for (Term term : new Term[] {Term.CLOSED_KNIGHT, Term.CLOSED_ROOK, Term.CANDIDATE_PASSER,
                Term.PASSED_SAFE_PATH, Term.ROOK_BEHIND_PASSER, Term.KNIGHT_FAR, Term.BISHOP_LONG_DIAGONAL,
                Term.PINNED, Term.PINNED_TO_QUEEN, Term.WEAKLY_DEFENDED, Term.IMBALANCE_OURS, Term.IMBALANCE_THEIRS, Term.KING_ATTACK, Term.COMPLEXITY}) {
                for (int i = term.offset(); i < term.offset() + term.size; i++) {
                    w[i] = Score.of(1, 1);
                }
            }
            weights = new Weights("round two on", w);
        }
        evaluator = new Evaluator(weights);
    }

    @Benchmark
    public int evaluate() {
        return evaluator.evaluate(position);
    }

    /** Past the evaluation cache (Trace.OFF records nothing, so the pawn hash still serves). */
    @Benchmark
    public int evaluateUncached() {
        return evaluator.evaluate(position, Trace.OFF);
    }
}
