package horizon.tools;

import horizon.board.Position;
import horizon.engine.Bench;
import horizon.engine.Engine;
import horizon.io.UciEngineProcess;
import horizon.search.SearchLimits;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Time to reach a fixed depth with 1 and N threads, for Horizon and for Stockfish in the same run, on the bench
 * positions: the median over positions of each engine's 1-thread time divided by its N-thread time is its
 * speed-up. Each search starts from a cleared table. Usage: {@code SmpScaling HORIZON_DEPTH STOCKFISH_DEPTH [N]}
 * (the depths are chosen so that each search takes a few seconds on one thread).
 */
public final class SmpScaling {
    private SmpScaling() {
    }

    public static void main(String[] args) throws IOException {
        int depth = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        int stockfishDepth = args.length > 1 ? Integer.parseInt(args[1]) : 22;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        int positions = args.length > 3 ? Integer.parseInt(args[3]) : 8;
        String stockfish = UciEngineProcess.findStockfish();
        if (stockfish == null) {
            System.err.println("Stockfish not found (apt-get install stockfish)");
            System.exit(1);
        }
        Engine engine = new Engine();
        engine.setHashMb(64);
        List<Double> ours = new ArrayList<>(), theirs = new ArrayList<>();
        try (UciEngineProcess sf = new UciEngineProcess(stockfish)) {
            sf.setOption("Hash", "64");
            for (int i = 0; i < positions; i++) {
                String fen = Bench.POSITIONS[i];
                double h1 = horizon(engine, fen, depth, 1), hn = horizon(engine, fen, depth, threads);
                double s1 = stockfish(sf, fen, stockfishDepth, 1), sn = stockfish(sf, fen, stockfishDepth, threads);
                ours.add(h1 / hn);
                theirs.add(s1 / sn);
                System.out.printf(Locale.ROOT, "position %d: Horizon depth %d %.2f s / %.2f s = %.2f; "
                                + "Stockfish depth %d %.2f s / %.2f s = %.2f%n", i + 1, depth, h1, hn, h1 / hn,
                        stockfishDepth, s1, sn, s1 / sn);
            }
        }
        System.out.printf(Locale.ROOT, "median speed-up with %d threads: Horizon %.2f, Stockfish %.2f%n", threads,
                median(ours), median(theirs));
    }

    private static double horizon(Engine engine, String fen, int depth, int threads) {
        engine.setThreads(threads);
        engine.newGame();
        SearchLimits limits = new SearchLimits();
        limits.depth = depth;
        long start = System.nanoTime();
        engine.setPosition(Position.fromFen(fen));
        engine.go(limits, result -> { });
        engine.waitForSearch();
        return (System.nanoTime() - start) / 1e9;
    }

    private static double stockfish(UciEngineProcess sf, String fen, int depth, int threads) throws IOException {
        sf.setOption("Threads", String.valueOf(threads));
        sf.send("ucinewgame");
        sf.send("isready");
        sf.readUntil("readyok");
        long start = System.nanoTime();
        sf.search(fen, "depth " + depth);
        return (System.nanoTime() - start) / 1e9;
    }

    private static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
