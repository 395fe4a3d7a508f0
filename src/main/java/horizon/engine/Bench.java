package horizon.engine;

import horizon.board.Position;
import horizon.eval.Weights;
import horizon.nnue.Network;
import horizon.search.SearchLimits;
import horizon.search.Searcher;
import horizon.search.TranspositionTable;

/**
 * Searches a fixed set of positions to a fixed depth, each from a cleared hash table and history, on one thread.
 * The node total therefore depends only on the code: it is the same on every run and machine, a signature of
 * the search to quote in commit messages ("Bench: N"). {@link Result#toString} is the line OpenBench reads.
 */
public final class Bench {
    public static final int DEFAULT_DEPTH = 15;

    /** Opening lines played out (Ruy Lopez, Nimzo-Indian, Najdorf, Slav, French Winawer, English, Caro-Kann
     * Advance), perft classics, and endings. */
    public static final String[] POSITIONS = {
        Position.START_FEN,
        "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N2/PP1P1PPP/RNBQR1K1 w - - 1 9",
        "r1bq1rk1/pp3ppp/2n1pn2/2pp4/1bPP4/2NBPN2/PP3PPP/R1BQ1RK1 w - - 2 8",
        "rn1q1rk1/1p2bppp/p2pbn2/4p3/4P3/1NN1BP2/PPPQ2PP/2KR1B1R b - - 4 10",
        "rn1q1rk1/pp3ppp/2p1pn2/5b2/PbBP4/2N1PN2/1P2QPPP/R1B2RK1 b - - 4 9",
        "rnb1k1r1/ppq1np1Q/4p3/3pP3/3p4/P1P5/2P2PPP/R1B1KBNR w KQq - 0 10",
        "r1bq1rk1/ppp1bppp/1nn5/4p3/8/2NPBNP1/PP2PPBP/R2Q1RK1 b - - 2 9",
        "r2qkb1r/pp2nppp/2n1p3/3pPb2/3N4/4B3/PPP1BPPP/RN1Q1RK1 w kq - 3 9",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "8/5pk1/6p1/8/2R5/6P1/5PK1/3r4 w - - 0 1",
        "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
        "8/8/5Q2/K7/8/8/8/3k4 w - - 0 1",
    };

    private Bench() {
    }

    /** Receives each position's node count as it is done. */
    @FunctionalInterface
    public interface Listener {
        void position(int index, String fen, long nodes);
    }

    /** One position's line of the report: "bench  3/15 FEN  NODES nodes". */
    public static String describe(int index, String fen, long nodes) {
        return String.format("bench %2d/%d %-70s %10d nodes", index + 1, POSITIONS.length, fen, nodes);
    }

    /** Total nodes and time of a bench run. */
    public record Result(int depth, int positions, long nodes, long timeMs) {
        public long nodesPerSecond() {
            return nodes * 1000 / Math.max(1, timeMs);
        }

        /** "bench depth D: P positions in T ms", the line before {@link #toString}. */
        public String timing() {
            return "bench depth " + depth + ": " + positions + " positions in " + timeMs + " ms";
        }

        /** "Bench: N nodes M nps": the line OpenBench and commit messages quote. */
        @Override
        public String toString() {
            return "Bench: " + nodes + " nodes " + nodesPerSecond() + " nps";
        }
    }

    /**
     * Runs the bench as the engine plays by default ({@link Engine#NETWORK_BY_DEFAULT}: the built-in network, or
     * the linear evaluation with the built-in weights): the node count is the signature commit messages quote.
     */
    public static Result run(int depth, Listener listener) {
        return run(depth, Weights.builtIn(), Engine.NETWORK_BY_DEFAULT ? Network.builtIn() : null, listener);
    }

    /**
     * Runs the bench on a searcher and table of its own, one position after the other, evaluating with weights (a
     * weights file gives other nodes and shows what its evaluation costs in nps).
     */
    public static Result run(int depth, Weights weights, Listener listener) {
        return run(depth, weights, null, listener);
    }

    /** As {@link #run(int, Weights, Listener)}, evaluating with the network instead when it is not null. */
    public static Result run(int depth, Weights weights, Network network, Listener listener) {
        Searcher searcher = new Searcher(new TranspositionTable(TranspositionTable.DEFAULT_MB));
        searcher.setWeights(weights);
        searcher.setNetwork(network);
        long nodes = 0;
        long start = System.nanoTime();
        for (int i = 0; i < POSITIONS.length; i++) {
            searcher.newGame();
            SearchLimits limits = new SearchLimits();
            limits.depth = depth;
            searcher.search(Position.fromFen(POSITIONS[i]), limits, null);
            nodes += searcher.nodes();
            listener.position(i, POSITIONS[i], searcher.nodes());
        }
        return new Result(depth, POSITIONS.length, nodes, Math.max(1, (System.nanoTime() - start) / 1_000_000));
    }
}
