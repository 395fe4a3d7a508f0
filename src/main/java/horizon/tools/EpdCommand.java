package horizon.tools;

import horizon.engine.Engine;
import horizon.io.EpdFile;
import horizon.io.ProgressBars;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "epd", sortOptions = false,
        description = {"Runs an EPD test suite: bm/am/dm positions are searched and judged, Strategic Test Suite "
                + "points (c0 \"f5=10, Bf2=4\" or c7/c8) are summed per theme (the id without its number), "
                + "perft positions (D1..D6) are counted node by node.",
                "One line per position on stdout, a progress bar on stderr, a summary at the end."})
public final class EpdCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "the EPD suite")
    Path file;

    static final class Budget {
        @Option(names = "--movetime", paramLabel = "MS", description = "milliseconds per position (default 1000)")
        long moveTimeMs;
        @Option(names = "--depth", paramLabel = "D", description = "fixed depth per position (perft: deepest Dn)")
        int depth;
        @Option(names = "--nodes", paramLabel = "N", description = "nodes per position")
        long nodes;
    }

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Budget budget = new Budget();

    @Option(names = "--threads", paramLabel = "T", defaultValue = "1",
            description = "positions searched at the same time, each by its own engine and hash table (default "
                    + "${DEFAULT-VALUE}); keep threads x search-threads at or below the free cores for time limits")
    int threads;

    @Option(names = "--search-threads", paramLabel = "S", defaultValue = "1",
            description = "search threads per position, as the UCI option Threads (Lazy SMP; default "
                    + "${DEFAULT-VALUE})")
    int searchThreads;

    @Option(names = "--hash", paramLabel = "MB", defaultValue = "16",
            description = "hash table per position searched at once, shared by its search threads, in MB (default "
                    + "${DEFAULT-VALUE})")
    int hashMb;

    @Option(names = "--report", paramLabel = "OUT", description = "also write one CSV row per position to OUT")
    Path report;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (threads < 1 || hashMb < 1 || searchThreads < 1 || searchThreads > Engine.MAX_THREADS) {
            System.err.println("--threads, --search-threads and --hash must be at least 1 (search threads at most "
                    + Engine.MAX_THREADS + ")");
            return 2;
        }
        if (budget.moveTimeMs < 0 || budget.depth < 0 || budget.nodes < 0) {
            System.err.println("--movetime, --depth and --nodes must be positive");
            return 2;
        }
        if (budget.moveTimeMs == 0 && budget.depth == 0 && budget.nodes == 0) {
            budget.moveTimeMs = 1000;
        }
        if (!Files.isReadable(file)) {
            System.err.println("cannot read " + file);
            return 2;
        }
        List<SuitePosition> positions = new ArrayList<>();
        for (EpdFile.Line line : EpdFile.read(file, System.err::println)) {
            try {
                positions.add(SuitePosition.of(line));
            } catch (IllegalArgumentException e) {
                System.err.println(file.getFileName() + ":" + line.number() + ": " + e.getMessage()
                        + ", line skipped");
            }
        }
        if (positions.isEmpty()) {
            System.err.println("no usable position in " + file);
            return 1;
        }
        System.out.println("# " + positions.size() + " positions from " + file + ", " + budgetText()
                + ", " + threads + " at a time, " + searchThreads + " search thread" + (searchThreads == 1 ? "" : "s")
                + " each, hash " + hashMb + " MB");
        System.out.println(String.format(Locale.ROOT, "# %-18s %-24s %-10s %-8s %9s %5s  %s", "id", "expected",
                "found", "result", "time", "depth", "final (depth, score, nodes)"));

        EpdRunner.Result[] results = new EpdRunner.Result[positions.size()];
        Map<SuitePosition, Integer> index = new IdentityHashMap<>();
        for (int i = 0; i < positions.size(); i++) {
            index.put(positions.get(i), i);
        }
        long wallStart = System.nanoTime();
        try (ProgressBar bar = ProgressBars.onStderr("epd", positions.size())) {
            int[] printed = {0};
            new EpdRunner(new EpdRunner.Limit(budget.moveTimeMs, budget.depth, budget.nodes), hashMb,
                    searchThreads)
                    .run(positions, threads, result -> {
                        synchronized (results) {
                            results[index.get(result.position())] = result;
                            while (printed[0] < results.length && results[printed[0]] != null) {
                                System.out.println(line(results[printed[0]++]));
                            }
                            System.out.flush();
                            bar.step();
                        }
                    });
        }
        double wallSeconds = (System.nanoTime() - wallStart) / 1e9;
        printSummary(results, wallSeconds);
        if (report != null) {
            writeReport(results);
            System.out.println("# report written to " + report);
        }
        return 0;
    }

    private String budgetText() {
        if (budget.moveTimeMs > 0) {
            return budget.moveTimeMs + " ms per position";
        }
        return budget.depth > 0 ? "depth " + budget.depth : budget.nodes + " nodes per position";
    }

    private static String line(EpdRunner.Result r) {
        String verdict = r.solved() ? "solved" : "-";
        if (r.position().hasPoints()) {
            verdict = r.points() + "/" + r.position().maxPoints();
        }
        long time = r.solved() ? r.foundAtMs() : r.timeMs();
        int depth = r.solved() ? r.foundAtDepth() : r.depth();
        return String.format(Locale.ROOT, "%-20s %-24s %-10s %-8s %8.2fs %5d  (d%d, %s, %d nodes)",
                r.position().id(), r.position().expected(), r.found(), verdict, time / 1000.0, depth, r.depth(),
                r.score(), r.nodes());
    }

    private static void printSummary(EpdRunner.Result[] results, double wallSeconds) {
        Map<String, int[]> themes = new LinkedHashMap<>(); // solved, total, points, max points
        long searchMs = 0, nodes = 0;
        int solved = 0;
        for (EpdRunner.Result r : results) {
            int[] t = themes.computeIfAbsent(r.position().theme(), k -> new int[4]);
            t[0] += r.solved() ? 1 : 0;
            t[1]++;
            t[2] += r.points();
            t[3] += r.position().maxPoints();
            solved += r.solved() ? 1 : 0;
            searchMs += r.timeMs();
            nodes += r.nodes();
        }
        if (themes.size() > 1) {
            themes.forEach((theme, t) -> System.out.println(String.format(Locale.ROOT,
                    "# theme %-30s solved %4d/%-4d%s", theme, t[0], t[1],
                    t[3] > 0 ? String.format(Locale.ROOT, "  points %5d/%-5d", t[2], t[3]) : "")));
        }
        int points = themes.values().stream().mapToInt(t -> t[2]).sum();
        int maxPoints = themes.values().stream().mapToInt(t -> t[3]).sum();
        System.out.println(String.format(Locale.ROOT,
                "Solved %d of %d (%.1f%%)%s, search time %.1f s, wall %.1f s, %d nodes", solved, results.length,
                100.0 * solved / results.length,
                maxPoints > 0 ? String.format(Locale.ROOT, ", points %d of %d (%.1f%%)", points, maxPoints,
                        100.0 * points / maxPoints) : "",
                searchMs / 1000.0, wallSeconds, nodes));
    }

    private void writeReport(EpdRunner.Result[] results) throws IOException {
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(report, StandardCharsets.UTF_8))) {
            out.println("line,id,theme,expected,found,solved,points,max_points,found_at_ms,found_at_depth,"
                    + "time_ms,depth,nodes,score");
            for (EpdRunner.Result r : results) {
                SuitePosition p = r.position();
                out.println(String.join(",", String.valueOf(p.lineNumber()), csv(p.id()), csv(p.theme()),
                        csv(p.expected()), csv(r.found()), String.valueOf(r.solved()), String.valueOf(r.points()),
                        String.valueOf(p.maxPoints()), String.valueOf(r.foundAtMs()),
                        String.valueOf(r.foundAtDepth()), String.valueOf(r.timeMs()), String.valueOf(r.depth()),
                        String.valueOf(r.nodes()), csv(r.score())));
            }
        }
    }

    private static String csv(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
