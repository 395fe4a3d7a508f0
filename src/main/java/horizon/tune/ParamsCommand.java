package horizon.tune;

import horizon.search.Tunable;
import horizon.search.Tunables;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code horizon params}: the tunable constants in OpenBench's SPSA input format, one a line
 * ({@code name, int, default, min, max, c_end, r_end}), to paste into an OpenBench SPSA test; with
 * {@code --checkpoint}, the values a local tune has reached, as the new defaults.
 */
@Command(name = "params", description = "Print the tunable constants in OpenBench's SPSA input format "
        + "(name, int, default, min, max, c_end, r_end).")
public final class ParamsCommand implements Callable<Integer> {
    @Option(names = "--checkpoint", description = "print the values of this SPSA tune instead of the defaults")
    Path checkpoint;

    @Option(names = "--describe", description = "add what each parameter means, as a comment")
    boolean describe;

    @Override
    public Integer call() throws Exception {
        Map<String, Integer> tuned = Map.of();
        if (checkpoint != null) {
            if (!SpsaCheckpoint.exists(checkpoint)) {
                System.err.println("params: no " + SpsaCheckpoint.FILE + " in " + checkpoint);
                return 2;
            }
            try {
                tuned = SpsaCheckpoint.load(checkpoint).spsa().rounded();
            } catch (IllegalArgumentException e) {
                System.err.println("params: " + e.getMessage());
                return 2;
            }
        }
        for (Tunable t : Tunables.all()) {
            int value = tuned.getOrDefault(t.name, t.get());
            System.out.println(t.openBenchLine(Math.max(t.min, Math.min(t.max, value)))
                    + (describe ? "   # " + t.description : ""));
        }
        return 0;
    }
}
