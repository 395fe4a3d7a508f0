package horizon.tune.games;

import horizon.plot.PlotPage;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** The picture of an SPSA run a person would rather look at than its checkpoint, as a PNG file (JFreeChart). */
public final class SpsaPlots {
    private SpsaPlots() {
    }

    /**
     * Every parameter's path, one small chart each (value by games played), with its start as a grey line,
     * so that a parameter still drifting and one that settled look different.
     */
    public static void paths(Spsa spsa, String title, Path png) throws IOException {
        List<SpsaParameter> params = spsa.parameters();
        int columns = 5, cellWidth = 300, cellHeight = 200;
        int rows = (params.size() + columns - 1) / columns;
        BufferedImage image = new BufferedImage(columns * cellWidth + 40, rows * cellHeight + 60,
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = PlotPage.titled(image, title + " (value by games played; grey: start)");
        List<double[]> history = spsa.history();
        for (int k = 0; k < params.size(); k++) {
            SpsaParameter p = params.get(k);
            XYSeries path = new XYSeries("value"), start = new XYSeries("start");
            for (double[] row : history) {
                path.add(row[0] * 2, row[k + 1]);
            }
            double last = history.isEmpty() ? 0 : history.get(history.size() - 1)[0] * 2;
            start.add(0, p.start);
            start.add(Math.max(1, last), p.start);
            XYSeriesCollection data = new XYSeriesCollection();
            data.addSeries(path);
            data.addSeries(start);
            XYLineAndShapeRenderer lines = new XYLineAndShapeRenderer(true, false);
            lines.setSeriesPaint(0, Color.BLUE);
            lines.setSeriesPaint(1, Color.GRAY);
            NumberAxis games = new NumberAxis("games");
            NumberAxis value = new NumberAxis(null);
            value.setAutoRangeIncludesZero(false);
            XYPlot plot = new XYPlot(data, games, value, lines);
            plot.setBackgroundPaint(Color.WHITE);
            plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
            JFreeChart chart = new JFreeChart(String.format(Locale.ROOT, "%s  %.1f -> %.1f", p.name,
                    p.start, p.value()), new Font(Font.SANS_SERIF, Font.BOLD, 12), plot, false);
            chart.setBackgroundPaint(Color.WHITE);
            chart.draw(g, new Rectangle2D.Double(20 + (k % columns) * cellWidth, 40 + (k / columns) * cellHeight,
                    cellWidth - 10, cellHeight - 10));
        }
        g.dispose();
        ImageIO.write(image, "png", png.toFile());
    }
}
