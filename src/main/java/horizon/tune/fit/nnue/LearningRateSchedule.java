package horizon.tune.fit.nnue;

import java.util.Locale;

/**
 * The learning rate by epoch (0-based). "step": {@code rate × gamma^(epoch / step)}, the schedule bullet's examples
 * use; "cosine": from rate down to {@code rate × gamma} along half a cosine over the run's epochs.
 */
public record LearningRateSchedule(String kind, double rate, int step, double gamma, int epochs) {
    public static final String STEP = "step", COSINE = "cosine";

    public LearningRateSchedule {
        if (!kind.equals(STEP) && !kind.equals(COSINE)) {
            throw new IllegalArgumentException("--lr-schedule must be 'step' or 'cosine', not '" + kind + "'");
        }
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("--lr must be a positive number, not " + rate);
        }
        if (step < 1) {
            throw new IllegalArgumentException("--lr-step must be at least 1 epoch, not " + step);
        }
        if (!(gamma > 0 && gamma <= 1)) {
            throw new IllegalArgumentException("--lr-gamma must be in (0, 1], not " + gamma);
        }
    }

    public double rate(int epoch) {
        if (kind.equals(STEP)) {
            return rate * Math.pow(gamma, epoch / step);
        }
        double progress = epochs <= 1 ? 0 : (double) epoch / (epochs - 1);
        return rate * (gamma + (1 - gamma) * 0.5 * (1 + Math.cos(Math.PI * progress)));
    }

    /** The fields a resumed run must share, as key=value text (the cosine's length is part of its shape). */
    String describe() {
        String shape = kind.equals(STEP) ? String.format(Locale.ROOT, "step %d, gamma %s", step, gamma)
                : String.format(Locale.ROOT, "cosine over %d epochs to %s of the rate", epochs, gamma);
        return String.format(Locale.ROOT, "%s, %s", rate, shape);
    }
}
