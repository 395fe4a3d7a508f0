package horizon.plot;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;

/**
 * The page every multi-chart picture is drawn on: the Texel tuner's weights and SPSA's parameters (horizon.tune.games)
 * are drawn on the same page, so their pictures look alike.
 */
public final class PlotPage {
    private PlotPage() {
    }

    /** A white page with the title at the top left, ready to draw charts on. */
    public static Graphics2D titled(BufferedImage image, String title) {
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        g.drawString(title, 20, 24);
        return g;
    }
}
