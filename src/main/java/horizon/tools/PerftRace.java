package horizon.tools;

import horizon.board.Perft;
import horizon.board.Position;
import horizon.io.UciEngineProcess;
import java.io.IOException;
import java.util.Arrays;

/**
 * Times perft against Stockfish's "go perft" in the same run, alternating the two, and prints each round, the
 * medians and Horizon's time divided by Stockfish's. Stockfish is timed from sending "go perft" to reading
 * "Nodes searched", so neither side pays for process start-up; Horizon's first round runs on cold (interpreted)
 * code and is reported separately.
 *
 * <pre>java -cp target/horizon.jar horizon.tools.PerftRace [depth=6] [rounds=7] [FEN]</pre>
 */
public final class PerftRace {
    private PerftRace() {
    }

    public static void main(String[] args) throws IOException {
        int depth = args.length > 0 ? Integer.parseInt(args[0]) : 6;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        String fen = args.length > 2 ? String.join(" ", Arrays.copyOfRange(args, 2, args.length)) : Position.START_FEN;
        String stockfish = UciEngineProcess.findStockfish();
        if (stockfish == null) {
            System.err.println("Stockfish not found (apt-get install stockfish)");
            System.exit(1);
        }
        double[] ours = new double[rounds], theirs = new double[rounds];
        try (UciEngineProcess sf = new UciEngineProcess(stockfish)) {
            sf.setOption("Threads", "1");
            for (int round = 0; round < rounds; round++) {
                long start = System.nanoTime();
                long horizonNodes = new Perft(Position.fromFen(fen)).count(depth);
                ours[round] = (System.nanoTime() - start) / 1e9;

                start = System.nanoTime();
                long stockfishNodes = sf.perft(fen, depth);
                theirs[round] = (System.nanoTime() - start) / 1e9;
                if (horizonNodes != stockfishNodes) {
                    throw new IllegalStateException("node counts differ: " + horizonNodes + " vs " + stockfishNodes);
                }
                System.out.printf("round %d: perft %d = %d nodes, Horizon %.3f s, Stockfish %.3f s%n", round + 1, depth,
                        horizonNodes, ours[round], theirs[round]);
            }
        }
        double ourMedian = median(Arrays.copyOfRange(ours, 1, rounds)), theirMedian = median(theirs);
        System.out.printf("Horizon first (cold JIT) %.3f s, median of rounds 2-%d %.3f s; Stockfish median %.3f s%n",
                ours[0], rounds, ourMedian, theirMedian);
        System.out.printf("ratio Horizon/Stockfish: %.2f (medians), %.2f (Horizon cold)%n", ourMedian / theirMedian,
                ours[0] / theirMedian);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
