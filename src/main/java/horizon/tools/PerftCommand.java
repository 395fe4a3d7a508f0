package horizon.tools;

import horizon.board.FenException;
import horizon.board.Position;
import horizon.engine.Engine;
import horizon.io.CommandException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "perft", description = "Count leaf nodes at DEPTH, split by root move (Stockfish's layout).")
public final class PerftCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DEPTH", description = "depth, 1 to 20")
    int depth;

    @Parameters(index = "1..*", paramLabel = "FEN", description = "position (default: the start position)")
    String[] fen;

    @Option(names = "--chess960", description = "write castling king-takes-rook")
    boolean chess960;

    @Override
    public Integer call() {
        if (depth < 1 || depth > 20) {
            throw CommandException.usage("depth must be from 1 to 20");
        }
        Position pos;
        try {
            pos = fen == null ? Position.startPosition() : Position.fromFen(String.join(" ", fen));
        } catch (FenException e) {
            throw CommandException.usage("bad FEN: " + e.getMessage());
        }
        long start = System.nanoTime();
        Engine engine = new Engine();
        engine.setPosition(pos);
        engine.setChess960(chess960);
        long nodes = engine.perft(depth, System.out::println);
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.println();
        System.out.println("Nodes searched: " + nodes);
        System.err.printf("perft %d: %.3f s, %.0f nodes/s%n", depth, seconds, nodes / seconds);
        return 0;
    }
}
