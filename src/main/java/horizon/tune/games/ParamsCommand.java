package horizon.tune.games;

import horizon.eval.Weights;
import horizon.eval.WeightsFile;
import horizon.io.CommandException;
import horizon.search.Tunable;
import horizon.search.Tunables;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code horizon params}: the tunable constants in OpenBench's SPSA input format, one a line
 * ({@code name, int, default, min, max, c_end, r_end}), to paste into an OpenBench SPSA test; with
 * {@code --checkpoint}, the values a local tune has reached, as the new defaults; with {@code --weights-out}, the
 * evaluation weights as that tune's scales play them, folded into a weights file, so that the Texel tuner can refit
 * the other blocks around the scaled ones (its {@code --terms}).
 */
@Command(name = "params", description = "Print the tunable constants in OpenBench's SPSA input format "
        + "(name, int, default, min, max, c_end, r_end).")
public final class ParamsCommand implements Callable<Integer> {
    @Option(names = "--checkpoint", description = "print the values of this SPSA tune instead of the defaults")
    Path checkpoint;

    @Option(names = "--describe", description = "add what each parameter means, as a comment")
    boolean describe;

    @Option(names = "--weights-out", description = "write the evaluation weights with the evaluation scales "
            + "(EvalMaterial ...) of --checkpoint folded in, as a weights file for `tune --start`")
    Path weightsOut;

    @Option(names = "--weights", description = "weights the scales multiply (default: the built-in ones)")
    Path weights;

    @Override
    public Integer call() throws Exception {
        Map<String, Integer> tuned = Map.of();
        if (checkpoint != null) {
            if (!SpsaCheckpoint.exists(checkpoint)) {
                throw CommandException.input("no " + SpsaCheckpoint.FILE + " in " + checkpoint);
            }
            try {
                tuned = SpsaCheckpoint.load(checkpoint).spsa().rounded();
            } catch (IllegalArgumentException e) {
                throw CommandException.input(e.getMessage());
            }
        }
        if (weightsOut != null) {
            return writeScaledWeights(tuned);
        }
        for (Tunable t : Tunables.all()) {
            System.out.println(t.openBenchLine(valueOf(t, tuned)) + (describe ? "   # " + t.description : ""));
        }
        return 0;
    }

    /** The tune's value of a constant, kept inside the registry's range; the registry's own without a tune. */
    private static int valueOf(Tunable t, Map<String, Integer> tuned) {
        return Math.max(t.min, Math.min(t.max, tuned.getOrDefault(t.name, t.get())));
    }

    /** The weights with the tune's evaluation scales applied; the registry is left as it was. */
    private int writeScaledWeights(Map<String, Integer> tuned) throws IOException {
        if (checkpoint == null) {
            throw CommandException.usage("--weights-out needs --checkpoint (the tune whose scales to fold in)");
        }
        Weights base;
        try {
            base = weights == null ? Weights.builtIn() : WeightsFile.read(weights);
        } catch (IllegalArgumentException e) {
            throw CommandException.input(weights + ": " + e.getMessage());
        }
        StringBuilder applied = new StringBuilder();
        Weights scaled;
        try {
            for (Tunable t : Tunables.all()) {
                if (t.kind == Tunable.Kind.EVAL_SCALE && tuned.containsKey(t.name)) {
                    int value = valueOf(t, tuned);
                    Tunables.set(t.name, value);
                    applied.append(applied.length() == 0 ? "" : " ").append(t.name).append('=').append(value);
                }
            }
            scaled = Tunables.scaled(base);
        } finally {
            Tunables.resetAll();
        }
        String scales = applied.length() == 0 ? "none (the tune has no evaluation scale)" : applied.toString();
        Weights named = new Weights(base.name + "-scaled", scaled.toArray());
        Files.writeString(weightsOut, WeightsFile.format(named, List.of(
                base.name + " with the evaluation scales of " + checkpoint + " folded in: " + scales)),
                StandardCharsets.UTF_8);
        System.err.println("params: wrote " + weightsOut + " (scales: " + scales + ")");
        return 0;
    }
}
