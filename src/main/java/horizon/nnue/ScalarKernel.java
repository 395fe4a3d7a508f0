package horizon.nnue;

/**
 * The kernel in plain Java: what runs without the Vector API module, and the reference the vector kernel is
 * tested against. Simple counted loops over arrays, which C2 may vectorise on its own.
 */
public final class ScalarKernel extends Kernel {
    @Override
    public void addSub(short[] dst, short[] src, short[] add, short[] sub, int n) {
        for (int i = 0; i < n; i++) {
            dst[i] = (short) (src[i] + add[i] - sub[i]);
        }
    }

    @Override
    public void addSubSub(short[] dst, short[] src, short[] add, short[] sub1, short[] sub2, int n) {
        for (int i = 0; i < n; i++) {
            dst[i] = (short) (src[i] + add[i] - sub1[i] - sub2[i]);
        }
    }

    @Override
    public void addAddSubSub(short[] dst, short[] src, short[] add1, short[] add2, short[] sub1, short[] sub2,
                             int n) {
        for (int i = 0; i < n; i++) {
            dst[i] = (short) (src[i] + add1[i] + add2[i] - sub1[i] - sub2[i]);
        }
    }

    @Override
    public int activatedDot(short[] own, short[] other, short[] weights, int n) {
        int sum = 0;
        for (int i = 0; i < n; i++) {
            int v = Math.min(Math.max(own[i], 0), Network.QA);
            sum += v * v * weights[i];
        }
        for (int i = 0; i < n; i++) {
            int v = Math.min(Math.max(other[i], 0), Network.QA);
            sum += v * v * weights[n + i];
        }
        return sum;
    }

    @Override
    public String name() {
        return "scalar";
    }
}
