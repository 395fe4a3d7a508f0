package horizon.tune.fit.texel;

import horizon.eval.Weights;
import horizon.eval.WeightsFile;
import horizon.io.CommandException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "plot", description = "PNG pictures of a weights file: WEIGHTS.pst.png (piece-square tables as heat "
        + "maps) and, when WEIGHTS.csv (the tuner's loss curve) exists, WEIGHTS.loss.png. The tuner writes both itself.")
public final class PlotCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "WEIGHTS")
    Path weightsFile;

    @Override
    public Integer call() throws IOException {
        Weights weights;
        try {
            weights = WeightsFile.read(weightsFile);
        } catch (IllegalArgumentException e) {
            throw CommandException.input(weightsFile + ": " + e.getMessage());
        }
        Path pst = Path.of(weightsFile + ".pst.png");
        WeightsPlots.pieceSquareHeatMaps(weights, weights.name + " piece-square tables", pst);
        System.err.println("plot: wrote " + pst);
        Path terms = Path.of(weightsFile + ".terms.png");
        WeightsPlots.termCharts(weights, weights.name + " terms", terms);
        System.err.println("plot: wrote " + terms);
        Path csv = Path.of(weightsFile + ".csv");
        if (Files.isReadable(csv)) {
            List<TexelTuner.Epoch> curve = new ArrayList<>();
            for (String line : Files.readAllLines(csv)) {
                String[] f = line.split(",");
                if (f.length == 4 && !f[0].equals("epoch")) {
                    curve.add(new TexelTuner.Epoch(Integer.parseInt(f[0]), Double.parseDouble(f[1]),
                            Double.parseDouble(f[2]), Double.parseDouble(f[3])));
                }
            }
            Path loss = Path.of(weightsFile + ".loss.png");
            WeightsPlots.lossCurve(curve, weights.name + ": loss by epoch", loss);
            System.err.println("plot: wrote " + loss);
        }
        return 0;
    }
}
