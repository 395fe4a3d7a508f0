package horizon.nnue;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The kernel with the Vector API (jdk.incubator.vector): the widest vectors the CPU has. Only loaded by
 * {@link Kernel#vectorKernel} after it found the module, since without it this class cannot link. The hidden width
 * is a multiple of 16, and the loops finish any rest that the vector length leaves with scalar code, so that every
 * width and every vector length give the same integers as {@link ScalarKernel}.
 */
final class VectorKernel extends Kernel {
    private static final VectorSpecies<Short> SHORTS = ShortVector.SPECIES_PREFERRED;
    /** Ints of the same total width: a short vector widens into two of these. */
    private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;

    @Override
    public void addSub(short[] dst, short[] src, short[] add, short[] sub, int n) {
        int i = 0;
        for (int bound = SHORTS.loopBound(n); i < bound; i += SHORTS.length()) {
            ShortVector.fromArray(SHORTS, src, i)
                    .add(ShortVector.fromArray(SHORTS, add, i))
                    .sub(ShortVector.fromArray(SHORTS, sub, i))
                    .intoArray(dst, i);
        }
        for (; i < n; i++) {
            dst[i] = (short) (src[i] + add[i] - sub[i]);
        }
    }

    @Override
    public void addSubSub(short[] dst, short[] src, short[] add, short[] sub1, short[] sub2, int n) {
        int i = 0;
        for (int bound = SHORTS.loopBound(n); i < bound; i += SHORTS.length()) {
            ShortVector.fromArray(SHORTS, src, i)
                    .add(ShortVector.fromArray(SHORTS, add, i))
                    .sub(ShortVector.fromArray(SHORTS, sub1, i))
                    .sub(ShortVector.fromArray(SHORTS, sub2, i))
                    .intoArray(dst, i);
        }
        for (; i < n; i++) {
            dst[i] = (short) (src[i] + add[i] - sub1[i] - sub2[i]);
        }
    }

    @Override
    public void addAddSubSub(short[] dst, short[] src, short[] add1, short[] add2, short[] sub1, short[] sub2,
                             int n) {
        int i = 0;
        for (int bound = SHORTS.loopBound(n); i < bound; i += SHORTS.length()) {
            ShortVector.fromArray(SHORTS, src, i)
                    .add(ShortVector.fromArray(SHORTS, add1, i))
                    .add(ShortVector.fromArray(SHORTS, add2, i))
                    .sub(ShortVector.fromArray(SHORTS, sub1, i))
                    .sub(ShortVector.fromArray(SHORTS, sub2, i))
                    .intoArray(dst, i);
        }
        for (; i < n; i++) {
            dst[i] = (short) (src[i] + add1[i] + add2[i] - sub1[i] - sub2[i]);
        }
    }

    @Override
    public int activatedDot(short[] own, short[] other, short[] weights, int n) {
        return half(own, weights, 0, n) + half(other, weights, n, n);
    }

    /**
     * One accumulator's share: clamp to [0, QA] in shorts, widen each half of the vector to ints, square, multiply
     * by the weights (widened the same way) and add up lane by lane; the lanes are summed once at the end.
     */
    private static int half(short[] acc, short[] weights, int weightOffset, int n) {
        IntVector sum = IntVector.zero(INTS);
        ShortVector zero = ShortVector.zero(SHORTS), top = ShortVector.broadcast(SHORTS, (short) Network.QA);
        int i = 0;
        for (int bound = SHORTS.loopBound(n); i < bound; i += SHORTS.length()) {
            ShortVector v = ShortVector.fromArray(SHORTS, acc, i).max(zero).min(top);
            ShortVector w = ShortVector.fromArray(SHORTS, weights, weightOffset + i);
            for (int part = 0; part < 2; part++) {
                IntVector vi = (IntVector) v.convertShape(VectorOperators.S2I, INTS, part);
                IntVector wi = (IntVector) w.convertShape(VectorOperators.S2I, INTS, part);
                sum = sum.add(vi.mul(vi).mul(wi));
            }
        }
        int total = sum.reduceLanes(VectorOperators.ADD);
        for (; i < n; i++) {
            int v = Math.min(Math.max(acc[i], 0), Network.QA);
            total += v * v * weights[weightOffset + i];
        }
        return total;
    }

    @Override
    public String name() {
        return "vector (" + SHORTS.vectorBitSize() + "-bit)";
    }
}
