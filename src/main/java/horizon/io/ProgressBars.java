package horizon.io;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * The progress bar of the long-running commands (epd, datagen, tune): plain ASCII on stderr, redrawn once a
 * second, so that stdout stays free for results and a log file of stderr stays readable.
 */
public final class ProgressBars {
    private ProgressBars() {
    }

    public static ProgressBar onStderr(String task, long max) {
        return new ProgressBarBuilder().setTaskName(task).setInitialMax(max).setStyle(ProgressBarStyle.ASCII)
                .setConsumer(new ConsoleProgressBarConsumer(System.err)).setUpdateIntervalMillis(1000).build();
    }
}
