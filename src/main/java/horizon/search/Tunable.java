package horizon.search;

/**
 * One constant of the search, the time manager or the evaluation's scales that games may tune: its name (also its
 * UCI option's), today's default, the range a tune may move it in, and the SPSA step sizes OpenBench asks for
 * ({@code c_end}, the final perturbation, and {@code r_end}, the final learning rate). The value is a plain field:
 * it is set between searches only (a UCI option, a test), never while a search reads it.
 */
public final class Tunable {
    /** What reading the value needs when it changes: search constants are read per node, the others are cached. */
    public enum Kind {
        /** Read by the search and move ordering at every use. */
        SEARCH,
        /** Read by the time manager when a search starts. */
        TIME,
        /** A percentage applied to a block of evaluation weights when an evaluator is built. */
        EVAL_SCALE
    }

    public final String name;
    public final Kind kind;
    public final int defaultValue;
    public final int min;
    public final int max;
    /** OpenBench's c_end: the perturbation at the end of a tune, in the parameter's own units. */
    public final double cEnd;
    /** OpenBench's r_end: the learning rate at the end of a tune. */
    public final double rEnd;
    /** What the parameter means, for `params --describe` and the docs. */
    public final String description;

    private int value;

    Tunable(String name, Kind kind, int defaultValue, int min, int max, double cEnd, double rEnd, String description) {
        if (min > defaultValue || defaultValue > max || cEnd <= 0 || rEnd <= 0) {
            throw new IllegalArgumentException(name + ": default " + defaultValue + " outside [" + min + ", " + max
                    + "] or a step that is not positive");
        }
        this.name = name;
        this.kind = kind;
        this.defaultValue = defaultValue;
        this.min = min;
        this.max = max;
        this.cEnd = cEnd;
        this.rEnd = rEnd;
        this.description = description;
        this.value = defaultValue;
    }

    public int get() {
        return value;
    }

    /**
     * Sets the value; outside [min, max] it is refused (the caller says so to the user) and the old value stays.
     *
     * @throws IllegalArgumentException naming the parameter and its range
     */
    void set(int newValue) {
        if (newValue < min || newValue > max) {
            throw new IllegalArgumentException(name + " takes " + min + " to " + max + ", not " + newValue);
        }
        value = newValue;
    }

    /** One line of OpenBench's SPSA input: {@code name, int, default, min, max, c_end, r_end}. */
    public String openBenchLine(int current) {
        return name + ", int, " + current + ", " + min + ", " + max + ", " + trim(cEnd) + ", " + trim(rEnd);
    }

    private static String trim(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e9 ? Long.toString((long) d) : Double.toString(d);
    }

    @Override
    public String toString() {
        return name + "=" + value;
    }
}
