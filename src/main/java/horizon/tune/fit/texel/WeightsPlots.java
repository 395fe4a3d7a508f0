package horizon.tune.fit.texel;

import horizon.eval.Score;
import horizon.eval.Term;
import horizon.eval.Weights;
import horizon.plot.LossChart;
import horizon.plot.PlotPage;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.LookupPaintScale;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.DefaultXYZDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The pictures of a fit a person would rather look at than a table, as PNG files (JFreeChart): the tuner's loss
 * curve (training and validation error by epoch), the piece-square tables as heat maps (one board per piece and
 * phase) and every other block's weights by entry.
 */
public final class WeightsPlots {
    private static final String[] PIECE_NAMES = {"", "Pawn", "Knight", "Bishop", "Rook", "Queen", "King"};

    private WeightsPlots() {
    }

    /** Training and validation loss by epoch (the NNUE trainer's chart, so both trainers' curves look alike). */
    public static void lossCurve(List<TexelTuner.Epoch> curve, String title, Path png) throws IOException {
        double[] epochs = new double[curve.size()], train = new double[curve.size()],
                validation = new double[curve.size()];
        for (int i = 0; i < curve.size(); i++) {
            TexelTuner.Epoch e = curve.get(i);
            epochs[i] = e.epoch;
            train[i] = e.trainLoss;
            validation[i] = e.validationLoss;
        }
        LossChart.save(title, "mean squared error", epochs, train, validation, png);
    }

    /**
     * Twelve boards (pawn to king, middlegame and endgame) of piece-square bonuses in centipawns, White's view, a
     *8 at the top as on a diagram; one colour scale for all of them so that boards can be compared.
     */
    public static void pieceSquareHeatMaps(Weights weights, String title, Path png) throws IOException {
        int limit = 20;
        for (int type = 1; type <= 6; type++) {
            for (int sq = 0; sq < 64; sq++) {
                int s = weights.get(Term.PST, (type - 1) * 64 + sq);
                limit = Math.max(limit, Math.max(Math.abs(Score.mg(s)), Math.abs(Score.eg(s))));
            }
        }
        LookupPaintScale scale = paintScale(limit);
        int cell = 300, width = 2 * cell + 40, height = 6 * cell + 120;
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = PlotPage.titled(image, title);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        g.drawString("centipawns, White's view, rank 8 at the top; one colour scale, +/-" + limit, 20, 42);
        for (int type = 1; type <= 6; type++) {
            for (int phase = 0; phase < 2; phase++) {
                JFreeChart board = board(weights, type, phase, scale, limit);
                board.draw(g, new Rectangle2D.Double(20 + phase * cell, 50 + (type - 1) * cell, cell, cell));
            }
        }
        g.dispose();
        ImageIO.write(image, "png", png.toFile());
    }

    private static JFreeChart board(Weights weights, int type, int phase, LookupPaintScale scale, int limit) {
        double[] x = new double[64], y = new double[64], z = new double[64];
        for (int sq = 0; sq < 64; sq++) {
            int s = weights.get(Term.PST, (type - 1) * 64 + sq);
            x[sq] = sq % 8;
            y[sq] = sq / 8;
            z[sq] = phase == 0 ? Score.mg(s) : Score.eg(s);
        }
        DefaultXYZDataset data = new DefaultXYZDataset();
        data.addSeries("pst", new double[][] {x, y, z});
        SymbolAxis files = new SymbolAxis(null, new String[] {"a", "b", "c", "d", "e", "f", "g", "h"});
        SymbolAxis ranks = new SymbolAxis(null, new String[] {"1", "2", "3", "4", "5", "6", "7", "8"});
        files.setGridBandsVisible(false);
        ranks.setGridBandsVisible(false);
        XYBlockRenderer renderer = new XYBlockRenderer();
        renderer.setPaintScale(scale);
        XYPlot plot = new XYPlot(data, files, ranks, renderer);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);
        files.setRange(-0.5, 7.5);
        ranks.setRange(-0.5, 7.5);
        JFreeChart chart = new JFreeChart(PIECE_NAMES[type] + (phase == 0 ? ", middlegame" : ", endgame"),
                new Font(Font.SANS_SERIF, Font.BOLD, 13), plot, false);
        NumberAxis legendAxis = new NumberAxis();
        legendAxis.setRange(-limit, limit);
        PaintScaleLegend legend = new PaintScaleLegend(scale, legendAxis);
        legend.setPosition(RectangleEdge.RIGHT);
        legend.setStripWidth(8);
        chart.addSubtitle(legend);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    /** Blue for a penalty, white for nothing, red for a bonus. */
    private static LookupPaintScale paintScale(int limit) {
        LookupPaintScale scale = new LookupPaintScale(-limit, limit + 1, Color.GRAY);
        for (int i = -20; i <= 20; i++) {
            double t = i / 20.0;
            int fade = (int) Math.round(255 * (1 - Math.abs(t)));
            Color c = t < 0 ? new Color(fade, fade, 255) : new Color(255, fade, fade);
            scale.add(limit * (i - 0.5) / 20.0, c);
        }
        return scale;
    }

    /**
     * Every block other than material and piece-square tables, one small chart each: middlegame and endgame
     * weight by entry (rank, count, distance...), in centipawns.
     */
    public static void termCharts(Weights weights, String title, Path png) throws IOException {
        List<Term> terms = new ArrayList<>();
        for (Term term : Term.values()) {
            if (term != Term.MATERIAL && term != Term.PST) {
                terms.add(term);
            }
        }
        int columns = 4, cellWidth = 320, cellHeight = 220;
        int rows = (terms.size() + columns - 1) / columns;
        int width = columns * cellWidth + 40, height = rows * cellHeight + 60;
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = PlotPage.titled(image, title + " (centipawns; red middlegame, blue endgame)");
        for (int k = 0; k < terms.size(); k++) {
            Term term = terms.get(k);
            org.jfree.data.xy.XYSeries mg = new org.jfree.data.xy.XYSeries("mg"), eg = new org.jfree.data.xy.XYSeries("eg");
            for (int e = 0; e < term.size; e++) {
                mg.add(e, Score.mg(weights.get(term, e)));
                eg.add(e, Score.eg(weights.get(term, e)));
            }
            org.jfree.data.xy.XYSeriesCollection data = new org.jfree.data.xy.XYSeriesCollection();
            data.addSeries(mg);
            data.addSeries(eg);
            JFreeChart chart = org.jfree.chart.ChartFactory.createXYLineChart(term.fileName(), "entry", "cp", data,
                    org.jfree.chart.plot.PlotOrientation.VERTICAL, false, false, false);
            org.jfree.chart.renderer.xy.XYLineAndShapeRenderer renderer =
                    new org.jfree.chart.renderer.xy.XYLineAndShapeRenderer(true, true);
            renderer.setSeriesPaint(0, Color.RED);
            renderer.setSeriesPaint(1, Color.BLUE);
            chart.getXYPlot().setRenderer(renderer);
            NumberAxis entries = (NumberAxis) chart.getXYPlot().getDomainAxis();
            entries.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
            entries.setRange(-0.5, term.size - 0.5); // a one-entry term would otherwise get a zoomed-in axis
            chart.getXYPlot().setBackgroundPaint(Color.WHITE);
            chart.setBackgroundPaint(Color.WHITE);
            chart.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
            chart.draw(g, new Rectangle2D.Double(20 + (k % columns) * cellWidth, 40 + (k / columns) * cellHeight,
                    cellWidth - 10, cellHeight - 10));
        }
        g.dispose();
        ImageIO.write(image, "png", png.toFile());
    }
}
