package horizon;

import horizon.board.FenException;
import horizon.board.Perft;
import horizon.board.Position;
import horizon.uci.Bench;
import horizon.uci.UciLoop;
import java.io.IOException;

/** Entry point: with no arguments the engine speaks UCI on stdin/stdout; otherwise a command-line tool runs. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            new UciLoop(System.in, System.out).run();
            return;
        }
        switch (args[0]) {
            case "perft":
                System.exit(perft(args));
                break;
            case "bench":
                // OpenBench runs "<engine> bench" and reads the last lines.
                Bench.run(args.length > 1 ? Integer.parseInt(args[1]) : Bench.DEFAULT_DEPTH, System.out::println);
                break;
            case "help":
            case "--help":
            case "-h":
                usage();
                break;
            default:
                System.err.println("unknown command '" + args[0] + "'");
                usage();
                System.exit(2);
        }
    }

    private static void usage() {
        System.err.println("usage: horizon                     speak UCI on stdin/stdout");
        System.err.println("       horizon perft N [FEN]      count leaf nodes at depth N, split by root move");
        System.err.println("       horizon bench [DEPTH]      fixed-depth search of the bench positions: nodes and nps");
    }

    private static int perft(String[] args) {
        if (args.length < 2) {
            usage();
            return 2;
        }
        int depth;
        try {
            depth = Integer.parseInt(args[1]);
        } catch (NumberFormatException e) {
            System.err.println("depth must be a number: " + args[1]);
            return 2;
        }
        Position pos;
        try {
            pos = args.length > 2 ? Position.fromFen(String.join(" ", java.util.Arrays.copyOfRange(args, 2, args.length)))
                    : Position.startPosition();
        } catch (FenException e) {
            System.err.println("bad FEN: " + e.getMessage());
            return 2;
        }
        long start = System.nanoTime();
        long nodes = new Perft(pos).divide(depth, false, System.out::println);
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.println();
        System.out.println("Nodes searched: " + nodes);
        System.err.printf("perft %d: %.3f s, %.0f nodes/s%n", depth, seconds, nodes / seconds);
        return 0;
    }
}
