package horizon.tune.fit.texel;

import horizon.board.Piece;
import horizon.eval.Term;
import horizon.eval.Trace;
import java.util.Arrays;

/**
 * The evaluation as a function of its weights (Ethereal's trace): while the evaluator runs, collects the sparse
 * list of (weight index, White's count minus Black's count), the phase and the endgame scale, and for the
 * non-linear blocks ({@link Term#nonLinear()}) the entries of each inner sum with the colour it belongs to. Then
 * eval = taper(sum of count * mg, sum of count * eg, phase, scale) with the non-linear curves applied to their inner
 * sums ({@link TrainingSet#evaluate}), which is what the tuner fits. Reused from
 * position to position; {@link #reset()} before each.
 */
final class FeatureTrace extends Trace {
    final int[] index = new int[Term.COUNT];
    final int[] count = new int[Term.COUNT];
    private final int[] slot = new int[Term.COUNT];
    int size;
    /** The inner sums of the non-linear blocks: entries (index, count) with the colour whose sum they are in. */
    final int[] innerIndex = new int[4 * Term.COUNT];
    final int[] innerCount = new int[4 * Term.COUNT];
    final int[] innerColor = new int[4 * Term.COUNT];
    int innerSize;
    int phase, scale;
    boolean special;

    FeatureTrace() {
        Arrays.fill(slot, -1);
    }

    void reset() {
        for (int k = 0; k < size; k++) {
            slot[index[k]] = -1;
        }
        size = 0;
        innerSize = 0;
        special = false;
    }

    @Override
    public boolean enabled() {
        return true;
    }

    @Override
    public void add(int i, int color, int n) {
        int signed = color == Piece.WHITE ? n : -n;
        if (slot[i] < 0) {
            slot[i] = size;
            index[size] = i;
            count[size++] = signed;
        } else {
            count[slot[i]] += signed;
        }
    }

    @Override
    public void addInner(int i, int color, int n) {
        innerIndex[innerSize] = i;
        innerCount[innerSize] = n;
        innerColor[innerSize++] = color;
    }

    @Override
    public void blend(int blendPhase, int blendScale) {
        phase = blendPhase;
        scale = blendScale;
    }

    @Override
    public void special() {
        special = true;
    }
}
