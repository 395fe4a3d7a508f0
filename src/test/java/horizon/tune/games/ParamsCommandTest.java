package horizon.tune.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.Main;
import horizon.eval.Score;
import horizon.eval.Term;
import horizon.eval.Weights;
import horizon.eval.WeightsFile;
import horizon.search.Tunables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code params --weights-out}: a tune's evaluation scales folded into a weights file the tuner can start from. */
class ParamsCommandTest {
    @TempDir
    Path dir;

    private Path checkpoint(String... params) throws IOException {
        StringBuilder sb = new StringBuilder("total-pairs=100\npairs-per-iteration=4\nseed=1\npairs-done=8\n"
                + "wins=3\nlosses=3\ndraws=2\n");
        for (String p : params) {
            sb.append("param ").append(p).append('\n');
        }
        Path tune = Files.createDirectories(dir.resolve("tune"));
        Files.writeString(tune.resolve(SpsaCheckpoint.FILE), sb.toString());
        return tune;
    }

    @Test
    void foldsTheTunedScalesIntoTheirBlocksOnly() throws IOException {
        Path tune = checkpoint("EvalMaterial 110.4 100 50 150 5.0 0.002", "EvalPassed 90.2 100 50 150 5.0 0.002",
                "RfpMargin 90 80 40 160 6.0 0.002");
        Path out = dir.resolve("scaled.weights");
        int rc = Main.commandLine(new ParamsCommand()).execute("--checkpoint", tune.toString(),
                "--weights-out", out.toString());
        assertEquals(0, rc);
        Weights base = Weights.builtIn(), scaled = WeightsFile.parse(Files.readString(out));
        for (int i = 0; i < Term.MATERIAL.size; i++) {
            int b = base.get(Term.MATERIAL, i), s = scaled.get(Term.MATERIAL, i);
            assertEquals(Math.round(Score.mg(b) * 1.10f), Score.mg(s), "material mg, piece " + i);
            assertEquals(Math.round(Score.eg(b) * 1.10f), Score.eg(s), "material eg, piece " + i);
        }
        boolean passedMoved = false;
        for (int i = 0; i < Term.PASSED.size; i++) {
            int b = base.get(Term.PASSED, i), s = scaled.get(Term.PASSED, i);
            assertEquals(Math.round(Score.eg(b) * 0.90f), Score.eg(s), "passed eg, " + i);
            passedMoved |= b != s;
        }
        assertTrue(passedMoved, "the passed-pawn block is scaled");
        for (int i = 0; i < Term.MOBILITY_KNIGHT.size; i++) {
            assertEquals(base.get(Term.MOBILITY_KNIGHT, i), scaled.get(Term.MOBILITY_KNIGHT, i), "unscaled block");
        }
        assertTrue(Files.readString(out).contains("EvalMaterial=110 EvalPassed=90"), "the comment says which");
        assertEquals(100, Tunables.EVAL_MATERIAL.get(), "the registry is left at its defaults");
        assertEquals(Tunables.RFP_MARGIN.defaultValue, Tunables.RFP_MARGIN.get());
    }

    @Test
    void needsACheckpointAndReadableWeights() throws IOException {
        Path out = dir.resolve("x.weights");
        assertEquals(2, Main.commandLine(new ParamsCommand()).execute("--weights-out", out.toString()));
        Path bad = Files.writeString(dir.resolve("bad.weights"), "not weights\n");
        assertEquals(2, Main.commandLine(new ParamsCommand()).execute("--checkpoint",
                checkpoint("EvalMaterial 110 100 50 150 5.0 0.002").toString(), "--weights", bad.toString(),
                "--weights-out", out.toString()));
        assertFalse(Files.exists(out), "nothing written on bad input");
    }
}
