package horizon.tune.games;

import horizon.search.Tunable;

/**
 * One parameter as SPSA moves it: a real value between bounds (the engine plays it rounded), where it started,
 * and OpenBench's step sizes. Built from a {@link Tunable}, or directly in tests.
 */
public final class SpsaParameter {
    public final String name;
    public final double start;
    public final int min;
    public final int max;
    /** OpenBench's c_end: the perturbation at the end of the tune. */
    public final double cEnd;
    /** OpenBench's r_end: the learning rate at the end of the tune. */
    public final double rEnd;
    double value;

    public SpsaParameter(String name, double start, int min, int max, double cEnd, double rEnd) {
        if (!(min <= start && start <= max)) {
            throw new IllegalArgumentException(name + ": start " + start + " outside [" + min + ", " + max + "]");
        }
        if (!(cEnd > 0 && rEnd > 0)) {
            throw new IllegalArgumentException(name + ": c_end and r_end must be positive");
        }
        this.name = name;
        this.start = start;
        this.min = min;
        this.max = max;
        this.cEnd = cEnd;
        this.rEnd = rEnd;
        this.value = start;
    }

    /** The registry's parameter, starting from its current value (its default unless set). */
    public static SpsaParameter of(Tunable t) {
        return new SpsaParameter(t.name, t.get(), t.min, t.max, t.cEnd, t.rEnd);
    }

    public double value() {
        return value;
    }

    double clamp(double v) {
        return Math.max(min, Math.min(max, v));
    }

    /** OpenBench's SPSA input line with the current value, rounded, as the new default. */
    public String openBenchLine() {
        return name + ", int, " + Math.round(value) + ", " + min + ", " + max + ", " + cEnd + ", " + rEnd;
    }
}
