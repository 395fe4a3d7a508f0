package horizon.plot;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * A training run's loss curve as a PNG: training and validation loss by epoch, a line each (JFreeChart). The
 * Texel tuner's plots draw theirs with it too, so both trainers' curves look alike.
 */
public final class LossChart {
    private LossChart() {
    }

    /**
     * Draws the curves; a NaN (no validation records) leaves its point out.
     *
     * @param epochs x values, one per point
     */
    public static void save(String title, String lossName, double[] epochs, double[] train, double[] validation,
            Path png) throws IOException {
        XYSeries trainSeries = new XYSeries("training"), validationSeries = new XYSeries("validation");
        for (int i = 0; i < epochs.length; i++) {
            if (!Double.isNaN(train[i])) {
                trainSeries.add(epochs[i], train[i]);
            }
            if (!Double.isNaN(validation[i])) {
                validationSeries.add(epochs[i], validation[i]);
            }
        }
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(trainSeries);
        data.addSeries(validationSeries);
        NumberAxis epochAxis = new NumberAxis("epoch");
        epochAxis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        NumberAxis loss = new NumberAxis(lossName);
        loss.setAutoRangeIncludesZero(false);
        // Points as well as lines: a run of one or two epochs still shows something.
        XYLineAndShapeRenderer lines = new XYLineAndShapeRenderer(true, epochs.length < 30);
        XYPlot plot = new XYPlot(data, epochAxis, loss, lines);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        ChartUtils.saveChartAsPNG(png.toFile(), chart, 900, 500);
    }
}
