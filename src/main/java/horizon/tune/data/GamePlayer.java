package horizon.tune.data;

import horizon.board.Move;
import horizon.board.Position;
import horizon.board.UciMove;
import horizon.io.RunLock;
import horizon.io.UciEngineProcess;
import horizon.search.SearchLimits;
import horizon.search.Searcher;
import horizon.search.TranspositionTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Whoever chooses the moves of a datagen game: Horizon's own search, or any UCI engine in a child process (the
 * Debian Stockfish by default), always at a fixed node count so that a run does not depend on the machine's speed.
 */
interface GamePlayer extends AutoCloseable {
    /** Forgets everything learnt in the previous game (hash table, history). */
    void newGame();

    /**
     * The move to play in pos, reached from startFen by the UCI moves given; {@link #score()} then holds the
     * player's score of pos in centipawns from the side to move's view (mates as +-{@link Searcher#MATE} - plies).
     */
    int move(Position pos, String startFen, List<String> uciMoves);

    int score();

    @Override
    void close();

    /** Horizon's searcher; a self-play game sees exactly the evaluation being tuned. */
    static GamePlayer horizon(long nodes, int hashMb, horizon.eval.Weights weights) {
        Searcher searcher = new Searcher(new TranspositionTable(hashMb));
        searcher.setWeights(weights);
        SearchLimits limits = new SearchLimits();
        limits.nodes = nodes;
        return new GamePlayer() {
            @Override
            public void newGame() {
                searcher.newGame();
            }

            @Override
            public int move(Position pos, String startFen, List<String> uciMoves) {
                return searcher.search(pos, limits, null);
            }

            @Override
            public int score() {
                return searcher.bestScore();
            }

            @Override
            public void close() {
            }
        };
    }

    /** A UCI engine searching "go nodes N" with one thread and a small hash, started by the run given. */
    static GamePlayer uci(String command, long nodes, int hashMb, RunLock run) throws IOException {
        return new UciPlayer(command, nodes, hashMb, run);
    }

    /** Drives a child-process engine; its last "info ... score" line before "bestmove" is the score. */
    final class UciPlayer implements GamePlayer {
        private final UciEngineProcess engine;
        private final long nodes;
        private int score;

        UciPlayer(String command, long nodes, int hashMb, RunLock run) throws IOException {
            this.engine = new UciEngineProcess(run, command.split("\\s+"));
            this.nodes = nodes;
            engine.setOption("Threads", "1");
            engine.setOption("Hash", Integer.toString(hashMb));
        }

        @Override
        public void newGame() {
            engine.send("ucinewgame");
        }

        @Override
        public int move(Position pos, String startFen, List<String> uciMoves) {
            String position = uciMoves.isEmpty() ? startFen : startFen + " moves " + String.join(" ", uciMoves);
            List<String> lines;
            try {
                lines = engine.search(position, "nodes " + nodes);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            score = 0;
            for (String line : lines) {
                int at = line.indexOf(" score ");
                if (line.startsWith("info") && at >= 0 && !line.contains("bound")) {
                    score = parseScore(line.substring(at + 7));
                }
            }
            String best = lines.get(lines.size() - 1).split("\\s+")[1];
            int move = UciMove.parse(pos, best, false);
            if (move == Move.NONE) {
                throw new IllegalStateException("engine played '" + best + "', not legal in " + pos.toFen());
            }
            return move;
        }

        static int parseScore(String text) {
            String[] t = text.trim().split("\\s+");
            int value = Integer.parseInt(t[1]);
            if (t[0].equals("mate")) {
                return value > 0 ? Searcher.MATE - (2 * value - 1) : -Searcher.MATE + (-2 * value);
            }
            return value;
        }

        @Override
        public int score() {
            return score;
        }

        @Override
        public void close() {
            engine.close();
        }
    }
}
