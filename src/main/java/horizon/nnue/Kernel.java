package horizon.nnue;

/**
 * The two loops a network evaluation spends its time in: updating an accumulator by a move's feature changes,
 * and the activated dot product of both accumulators with the output weights. Two implementations compute the
 * same integers: {@link ScalarKernel}, plain Java, and {@code VectorKernel}, with the Vector API when the JVM was
 * started with {@code --add-modules jdk.incubator.vector} (the launchers do). Shorts wrap as int16 and the dot
 * product sums ints with wrap-around in both, and both operations are associative, so the lane order the vector
 * code sums in cannot change a result.
 */
public abstract class Kernel {
    /** The kernel this JVM runs: the vector one where the module is present, unless -Dhorizon.simd=false. */
    public static final Kernel DEFAULT = choose();

    /** dst = src + add - sub over n lanes: a quiet move (the rows are first-layer weights of one input each). */
    public abstract void addSub(short[] dst, short[] src, short[] add, short[] sub, int n);

    /** dst = src + add - sub1 - sub2: a capture, en passant, or a capture that promotes. */
    public abstract void addSubSub(short[] dst, short[] src, short[] add, short[] sub1, short[] sub2, int n);

    /** dst = src + add1 + add2 - sub1 - sub2: castling, king and rook both moving. */
    public abstract void addAddSubSub(short[] dst, short[] src, short[] add1, short[] add2, short[] sub1,
                                      short[] sub2, int n);

    /**
     * Sum over i of clamp(own[i], 0, QA)² · weights[i] + clamp(other[i], 0, QA)² · weights[n + i], in int
     * arithmetic with wrap-around.
     */
    public abstract int activatedDot(short[] own, short[] other, short[] weights, int n);

    /** A name for reports: "vector (512-bit)" or "scalar". */
    public abstract String name();

    private static Kernel choose() {
        if (!Boolean.parseBoolean(System.getProperty("horizon.simd", "true"))) {
            return new ScalarKernel();
        }
        Kernel vector = vectorKernel();
        return vector != null ? vector : new ScalarKernel();
    }

    /**
     * The Vector API kernel, or null where this JVM lacks the incubator module: the class is only loaded after the
     * module was found, so {@code java -jar} without the flag never touches it.
     */
    public static Kernel vectorKernel() {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return null;
        }
        try {
            return (Kernel) Class.forName("horizon.nnue.VectorKernel").getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }
}
