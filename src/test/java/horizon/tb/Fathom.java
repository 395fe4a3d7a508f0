package horizon.tb;

import static org.junit.jupiter.api.Assertions.fail;

import horizon.testing.SharedFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's fathom (the Syzygy prober of Basil Falcinelli and Jon Dart, after Ronald de Man's) as the independent
 * oracle of the tablebase tests. It takes one FEN per run and prints PGN tags: WDL as a word, DTZ without sign
 * (the sign follows from the WDL). A missing fathom or table folder fails the test: the oracles profile needs
 * fathom ({@code .ci/run} installs it). Its answers for the default run's positions are kept in
 * {@value #RECORDED} ({@link #recorded()}), so that the default run compares with them without fathom.
 */
final class Fathom {
    /** Every 3- and 4-piece table, in the shared folder beside the repository: the live checks' tables. */
    static final Path TABLES = SharedFiles.location("syzygy").toAbsolutePath().normalize();
    /** fathom's answers on the repository's tables for the default run's positions (one "FEN|WDL|DTZ|moves" a line). */
    static final String RECORDED = "src/test/resources/oracles/fathom-300.txt";

    private static final Pattern TAG = Pattern.compile("^\\[(\\w+) \"(.*)\"\\]$", Pattern.MULTILINE);

    /** What fathom printed for a position. */
    record Result(int wdl, int dtzMagnitude, boolean noLegalMoves, String output) {
    }

    private final Path executable;
    private final Path tables;

    private Fathom(Path executable, Path tables) {
        this.executable = executable;
        this.tables = tables;
    }

    /** fathom and every 3- and 4-piece table ({@link #TABLES}), or a failed test saying what to install. */
    static Fathom require() {
        if (!Files.isDirectory(TABLES)) {
            fail("Syzygy tables expected in " + TABLES + " (the 3- and 4-piece tables of ../shared/syzygy)");
        }
        return require(TABLES);
    }

    /** fathom probing the tables of one folder, or a failed test saying what to install. */
    static Fathom require(Path tables) {
        String env = System.getenv("FATHOM");
        for (String candidate : new String[] {env, "/usr/games/fathom", "/usr/bin/fathom", "/usr/local/bin/fathom"}) {
            if (candidate != null && Files.isExecutable(Path.of(candidate))) {
                return new Fathom(Path.of(candidate), tables);
            }
        }
        fail("fathom is required as the oracle of the tablebase tests: apt-get install -y fathom");
        return null;
    }

    Result probe(String fen) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(executable.toString(), "--path=" + tables, fen)
                .redirectErrorStream(true).start();
        String output;
        try (InputStream in = process.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("fathom hangs on " + fen);
        }
        if (process.exitValue() != 0) {
            fail("fathom exits with " + process.exitValue() + " on " + fen + ":\n" + output);
        }
        return parse(fen, output);
    }

    /** fathom's answer as {@link #RECORDED} keeps it: "FEN|WDL|DTZ|moves", moves 1 when it listed any. */
    static String line(String fen, Result result) {
        String[] words = {"Loss", "BlessedLoss", "Draw", "CursedWin", "Win"};
        return fen + "|" + words[result.wdl() + 2] + "|" + result.dtzMagnitude() + "|"
                + (result.noLegalMoves() ? 0 : 1);
    }

    /** {@link #RECORDED} by FEN. */
    static Map<String, Result> recorded() throws IOException {
        Map<String, Result> answers = new HashMap<>();
        for (String line : Files.readAllLines(Path.of(RECORDED))) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\\|");
            answers.put(f[0], parse(f[0], "[WDL \"" + f[1] + "\"]\n[DTZ \"" + f[2] + "\"]\n"
                    + (f[3].equals("1") ? "[WinningMoves \"any\"]\n" : "")));
        }
        return answers;
    }

    /** The tags of fathom's output. */
    private static Result parse(String fen, String output) {
        String wdl = null, dtz = null;
        boolean anyMove = false;
        Matcher m = TAG.matcher(output);
        while (m.find()) {
            switch (m.group(1)) {
                case "WDL" -> wdl = m.group(2);
                case "DTZ" -> dtz = m.group(2);
                case "WinningMoves", "DrawingMoves", "LosingMoves" -> anyMove |= !m.group(2).isEmpty();
                default -> {
                }
            }
        }
        if (wdl == null || dtz == null) {
            fail("no WDL/DTZ in fathom's output for " + fen + ":\n" + output);
        }
        int value = switch (wdl) {
            case "Loss" -> -2;
            case "BlessedLoss" -> -1;
            case "Draw" -> 0;
            case "CursedWin" -> 1;
            case "Win" -> 2;
            default -> throw new AssertionError("fathom's WDL '" + wdl + "' for " + fen);
        };
        return new Result(value, Integer.parseInt(dtz), !anyMove, output);
    }
}
