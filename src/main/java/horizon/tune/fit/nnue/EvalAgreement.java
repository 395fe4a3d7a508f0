package horizon.tune.fit.nnue;

import java.util.Locale;

/**
 * How closely the quantised network's integer evaluation follows the float model's, in centipawns: mean and largest
 * absolute difference over the positions added.
 */
public final class EvalAgreement {
    private long positions;
    private double sumDifference, maxDifference;

    /** One position: the float model's output × 400 and Network.evaluate's centipawns. */
    public void add(double floatCentipawns, int quantisedCentipawns) {
        double difference = Math.abs(floatCentipawns - quantisedCentipawns);
        positions++;
        sumDifference += difference;
        maxDifference = Math.max(maxDifference, difference);
    }

    public long positions() {
        return positions;
    }

    public double meanDifference() {
        return positions == 0 ? 0 : sumDifference / positions;
    }

    public double maxDifference() {
        return maxDifference;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%,d positions: |float - quantised| mean %.2f cp, max %.2f cp", positions,
                meanDifference(), maxDifference);
    }
}
