package horizon.tune.data;

import horizon.io.RunPlan;
import horizon.io.StateFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sidecar of a datawalk output ({@code OUT.progress}): the run's settings, the source records it walks (each
 * input's name and record count when the run began, so that an input that grows meanwhile, a self-play file still
 * being written, is walked as it stood), how many of them are done, and the output's length after their walks.
 * Rewritten whole ({@link StateFile}) after every block written, so that it always describes whole blocks: the
 * same command run again cuts the output back to that length and walks the sources after them, and the output is
 * then byte for byte an uninterrupted run's. A text file of key=value lines ({@link RunPlan}), for people too.
 */
final class WalkProgress {
    private static final String SETTINGS = "settings", INPUTS = "inputs", DONE = "sources done", LENGTH = "length";

    /** An input of the run: its file name, and the records the run walks from it. */
    record Input(String name, long records) {
    }

    final String settings;
    /** The inputs in the command's order (two may share a name, from two folders). */
    final List<Input> inputs;
    long sourcesDone;
    long length;

    WalkProgress(String settings, List<Input> inputs, long sourcesDone, long length) {
        this.settings = settings;
        this.inputs = inputs;
        this.sourcesDone = sourcesDone;
        this.length = length;
    }

    /** The sidecar of an output file: its name with ".progress" added. */
    static Path of(Path out) {
        return out.resolveSibling(out.getFileName() + ".progress");
    }

    /** A new run over the inputs as they stand now. */
    static WalkProgress start(String settings, List<Path> sources) throws IOException {
        List<Input> inputs = new ArrayList<>();
        for (Path source : sources) {
            inputs.add(new Input(source.getFileName().toString(), Files.size(source) / TrainingRecord.BYTES));
        }
        return new WalkProgress(settings, inputs, 0, 0);
    }

    /** Source records of every input together. */
    long sources() {
        return inputs.stream().mapToLong(Input::records).sum();
    }

    /**
     * The sidecar of out when there is one and it describes this command's run, else null (no sidecar: a new run).
     *
     * @throws IllegalArgumentException when the sidecar is another run's (other settings or inputs), when an input
     *                                  is now shorter than when the run began, or when it does not parse
     */
    static WalkProgress resume(Path out, String settings, List<Path> sources) throws IOException {
        Path file = of(out);
        if (!Files.exists(file)) {
            return null;
        }
        Map<String, String> saved = RunPlan.parse(StateFile.readText(file));
        WalkProgress progress;
        try {
            List<Input> inputs = new ArrayList<>();
            for (String input : saved.getOrDefault(INPUTS, "").split(", ")) {
                int space = input.lastIndexOf(' ');
                inputs.add(new Input(input.substring(0, space), Long.parseLong(input.substring(space + 1))));
            }
            progress = new WalkProgress(saved.get(SETTINGS), inputs, Long.parseLong(saved.get(DONE)),
                    Long.parseLong(saved.get(LENGTH)));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(file + " is damaged (delete it and " + out + " to start again)");
        }
        String difference = RunPlan.firstDifference(Map.of(SETTINGS, progress.settings),
                Map.of(SETTINGS, settings), file.toString());
        if (difference != null) {
            throw new IllegalArgumentException(out + " was made by another run: " + difference + "; give the same "
                    + "options to continue it, or another --out");
        }
        List<String> names = sources.stream().map(p -> p.getFileName().toString()).toList();
        List<String> saidNames = progress.inputs.stream().map(Input::name).toList();
        if (!names.equals(saidNames)) {
            throw new IllegalArgumentException(out + " was made by another run: its inputs were "
                    + String.join(", ", saidNames) + ", this command's " + String.join(", ", names)
                    + "; give the same inputs to continue it, or another --out");
        }
        for (int i = 0; i < sources.size(); i++) {
            Path source = sources.get(i);
            long records = Files.size(source) / TrainingRecord.BYTES;
            long walked = progress.inputs.get(i).records();
            if (records < walked) {
                throw new IllegalArgumentException(source + " holds " + records + " records, fewer than the "
                        + walked + " the run began with");
            }
        }
        return progress;
    }

    /** Written whole after each block: the output holds exactly length bytes for the first sourcesDone sources. */
    void write(Path out) throws IOException {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put(SETTINGS, settings);
        StringBuilder inputText = new StringBuilder();
        for (Input input : inputs) {
            inputText.append(inputText.length() == 0 ? "" : ", ").append(input.name()).append(' ')
                    .append(input.records());
        }
        fields.put(INPUTS, inputText.toString());
        fields.put(DONE, Long.toString(sourcesDone));
        fields.put(LENGTH, Long.toString(length));
        StateFile.writeText(of(out), "# horizon datawalk progress of " + out.getFileName()
                + ": the same command continues it\n" + RunPlan.format(fields));
    }
}
