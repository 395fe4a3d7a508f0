package horizon.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Position;
import horizon.eval.Weights;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Data generation, reading and tuning end to end, on a few hundred positions. */
class TuningPipelineTest {
    @TempDir
    Path dir;

    @Test
    void datagenWritesQuietLabelledPositionsThatTheTunerLearnsFrom() throws Exception {
        DataGenerator.Options options = new DataGenerator.Options();
        options.games = 12;
        options.nodes = 1500;
        options.threads = 2;
        options.out = dir.resolve("games.epd");
        options.hashMb = 2;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        long written = new DataGenerator(options).run(new PrintStream(log, true, StandardCharsets.UTF_8));
        List<String> lines = Files.readAllLines(options.out);
        assertEquals(written, lines.size());
        assertTrue(lines.size() > 100, "only " + lines.size() + " positions");
        for (String line : lines) {
            assertTrue(line.matches(".* [wb] \\S+ \\S+ c9 \"(1-0|0-1|1/2-1/2)\";"), line);
            Position pos = Position.fromFen(line.substring(0, line.indexOf(" c9")));
            assertTrue(!pos.inCheck(), line);
        }
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("positions/min"));

        // Every game is seeded and starts from a cleared search: one thread writes the same positions as two, only
        // the order of the games differs. Sorted, the file (and so the train/validation split below) is the same
        // on every run, which keeps the tuner's figures reproducible.
        options.threads = 1;
        options.out = dir.resolve("games-1-thread.epd");
        new DataGenerator(options).run(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        List<String> oneThread = new ArrayList<>(Files.readAllLines(options.out));
        lines = new ArrayList<>(lines);
        Collections.sort(oneThread);
        Collections.sort(lines);
        assertEquals(lines, oneThread);
        options.out = dir.resolve("games.epd");
        Files.write(options.out, lines);

        // A malformed line is reported with its number and skipped.
        Path extra = dir.resolve("extra.epd");
        Files.writeString(extra, "not a position c9 \"1-0\";\n4k3/8/8/8/8/8/8/4K2R w - - c9 \"1-0\";\n");
        ByteArrayOutputStream readLog = new ByteArrayOutputStream();
        List<Path> files = new ArrayList<>(List.of(options.out, extra));
        TrainingSet set = TrainingSet.read(files, new PrintStream(readLog, true, StandardCharsets.UTF_8));
        assertEquals(lines.size() + 1, set.size());
        assertTrue(readLog.toString(StandardCharsets.UTF_8).contains("extra.epd:1: skipped"), readLog.toString());

        TrainingSet[] split = set.split(0.2, 1);
        assertEquals(set.size(), split[0].size() + split[1].size());
        TexelTuner.Options tuning = new TexelTuner.Options();
        tuning.epochs = 20;
        tuning.batchSize = 64;
        tuning.minCount = 20; // a few hundred positions: the production guard (200) would freeze most tables
        try (TexelTuner tuner = new TexelTuner(split[0], split[1], 2)) {
            double[] start = EvalFeatures.toParameters(Weights.CLASSIC);
            List<String> progress = new ArrayList<>();
            double[] tuned = tuner.tune(start, tuning, progress::add);
            // K is fitted inside its bracket [0.0005, 0.03], not pinned to an end. The K reported after tuning is
            // that K rescaled with the weights (pawn = 100), so on a few hundred positions it may leave the bracket;
            // it only has to stay a positive, finite slope.
            String fitLine = progress.stream().filter(l -> l.startsWith("K = ")).findFirst().orElseThrow();
            double fittedK = Double.parseDouble(fitLine.substring(4, fitLine.indexOf(';')));
            assertTrue(fittedK > 0.0006 && fittedK < 0.0299, fitLine);
            assertTrue(tuner.k() > 0 && Double.isFinite(tuner.k()), "K = " + tuner.k());
            // Adam lowers the training error; the weights returned (best validation epoch, rescaled to pawn = 100
            // with K scaled alike) are never worse on the held-out positions than the start.
            double startTrain = tuner.curve().get(0).trainLoss, startValidation = tuner.curve().get(0).validationLoss;
            double bestTrain = tuner.curve().stream().mapToDouble(e -> e.trainLoss).min().orElseThrow();
            assertTrue(bestTrain < startTrain, "training error did not fall: " + progress);
            assertTrue(tuner.loss(split[1], tuned, tuner.k()) <= startValidation + 1e-12, progress.toString());
            assertTrue(progress.stream().anyMatch(l -> l.startsWith("K = ")), progress.toString());
            assertTrue(progress.stream().anyMatch(l -> l.startsWith("epoch 1: train ")));
        }
    }
}
