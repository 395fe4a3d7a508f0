package horizon.tune.fit.texel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import horizon.testing.RandomWeights;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WeightsPlotsTest {
    @TempDir
    Path dir;

    @Test
    void heatMapsAreTwelveBoardsWhoseColoursFollowTheWeights() throws IOException {
        Path png = dir.resolve("w.pst.png");
        WeightsPlots.pieceSquareHeatMaps(RandomWeights.create(3), "random", png);
        BufferedImage image = ImageIO.read(png.toFile());
        assertNotNull(image);
        assertEquals(640, image.getWidth());
        assertEquals(1920, image.getHeight());
        // Random weights: the boards are not blank, so pixels inside them differ from one another.
        assertNotEquals(image.getRGB(100, 150), image.getRGB(200, 250));
    }

    @Test
    void lossCurveIsWritten() throws IOException {
        List<TexelTuner.Epoch> curve = new ArrayList<>();
        for (int e = 0; e <= 20; e++) {
            curve.add(new TexelTuner.Epoch(e, 0.04 - e * 1e-4, 0.041 - e * 0.8e-4, e));
        }
        Path png = dir.resolve("w.loss.png");
        WeightsPlots.lossCurve(curve, "test", png);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(900, image.getWidth());
        assertEquals(500, image.getHeight());
    }
}
