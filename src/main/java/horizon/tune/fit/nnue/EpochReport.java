package horizon.tune.fit.nnue;

import java.util.Locale;

/**
 * One finished epoch as the log, the CSV file and the loss chart show it.
 *
 * @param epoch              1-based
 * @param trainLoss          mean loss of the epoch's batches, each measured before its step
 * @param validationLoss     mean loss on the held-out records after the epoch (NaN when none are held out)
 * @param positionsPerSecond training positions (forward, backward and step) per second of wall time
 */
public record EpochReport(int epoch, double trainLoss, double validationLoss, double learningRate,
        double positionsPerSecond, double seconds) {
    public String logLine() {
        return String.format(Locale.ROOT, "epoch %3d  train loss %.7f  validation loss %.7f  lr %.3g  %,.0f pos/s"
                + "  %.0f s", epoch, trainLoss, validationLoss, learningRate, positionsPerSecond, seconds);
    }

    static final String CSV_HEADER = "epoch,train_loss,validation_loss,learning_rate,positions_per_second,seconds";

    String csvLine() {
        return String.format(Locale.ROOT, "%d,%.9f,%.9f,%.6g,%.0f,%.1f", epoch, trainLoss, validationLoss,
                learningRate, positionsPerSecond, seconds);
    }
}
