package horizon.uci;

import horizon.board.FenException;
import horizon.board.Move;
import horizon.board.Position;
import horizon.board.UciMove;
import horizon.engine.Bench;
import horizon.engine.Bound;
import horizon.engine.Engine;
import horizon.engine.EngineListener;
import horizon.engine.SearchInfo;
import horizon.engine.SearchResult;
import horizon.engine.SearchScore;
import horizon.engine.Version;
import horizon.search.SearchLimits;
import horizon.search.Searcher;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The UCI text protocol and nothing else: reads commands line by line, turns each into calls on the {@link Engine},
 * and writes the engine's typed results as UCI text on one writer. Bad input is answered with an
 * {@code info string} naming the problem; the previous valid state is kept and the loop goes on.
 */
public final class UciLoop {
    public static final String AUTHOR = "the Horizon developers";

    private final BufferedReader in;
    private final PrintStream out;
    private final Engine engine;
    private final UciWriter writer = new UciWriter();
    private final UciOptions options;

    /**
     * Shows the tunable constants as UCI spin options (and accepts them in setoption): only when asked for (SPSA
     * runs, OpenBench: the launcher argument {@code --tunable} or {@code HORIZON_TUNABLE=1}).
     */
    public UciLoop withTunableOptions(boolean on) {
        options.showTunables(on);
        return this;
    }

    public UciLoop(InputStream in, PrintStream out) {
        this(in, out, new Engine());
    }

    /** A loop over a given engine (tests fix its random seed). */
    public UciLoop(InputStream in, PrintStream out, Engine engine) {
        this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        this.out = out;
        this.engine = engine;
        this.options = new UciOptions(engine, text -> send("info string " + text));
    }

    /** Runs until "quit" or end of input. */
    public void run() throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            try {
                if (!handle(line.trim())) {
                    break;
                }
            } catch (RuntimeException e) { // never let one bad line end the engine
                send("info string error: " + e);
            }
        }
        engine.stopAndWait();
        out.flush();
    }

    /** Handles one command; false means quit. */
    boolean handle(String line) {
        if (line.isEmpty()) {
            return true;
        }
        String[] tokens = line.split("\\s+");
        switch (tokens[0]) {
            case "uci":
                send("id name " + Version.full());
                send("id author " + AUTHOR);
                options.declare(this::send);
                send("uciok");
                break;
            case "isready":
                // The first isready comes before the first "go": the time to warm the JIT up (GUIs wait for
                // readyok for seconds; cutechess 15, fastchess 60). Never while a search runs.
                engine.warmUp();
                send("readyok");
                break;
            case "ucinewgame":
                engine.newGame();
                break;
            case "stop":
                engine.stop();
                break;
            case "ponderhit":
                engine.ponderHit();
                break;
            case "debug":
            case "register":
                break; // accepted; nothing to do
            case "setoption":
                setOption(line);
                break;
            case "position":
                position(tokens);
                break;
            case "go":
                go(tokens);
                break;
            case "d":
                send(engine.position().toDiagram(engine.chess960()));
                break;
            case "eval":
                send(engine.evalReport());
                break;
            case "perft":
                perft(tokens, 1);
                break;
            case "bench":
                bench(tokens);
                break;
            case "quit":
                engine.stopAndWait();
                return false;
            default:
                send("info string unknown command '" + tokens[0] + "'");
        }
        return true;
    }

    /** setoption name ID [value X]: the name and value are parsed here, the option table does the rest. */
    private void setOption(String line) {
        String rest = line.substring("setoption".length()).trim();
        int nameAt = rest.indexOf("name ");
        int valueAt = rest.indexOf(" value ");
        if (nameAt != 0) {
            send("info string setoption needs 'name <id> [value <x>]'");
            return;
        }
        // "setoption name value 3" has an empty name: " value " then starts inside "name ".
        String name = valueAt < 0 ? rest.substring(5).trim() : valueAt < 5 ? "" : rest.substring(5, valueAt).trim();
        if (name.isEmpty()) {
            send("info string setoption needs an option name after 'name'");
            return;
        }
        String value = valueAt < 0 ? "" : rest.substring(valueAt + 7).trim();
        options.set(name, value);
    }

    /** position startpos|fen FEN [moves m1 m2 ...]: all or nothing, the old position stays on any error. */
    private void position(String[] tokens) {
        int i = 1;
        Position next;
        if (tokens.length > 1 && tokens[1].equals("startpos")) {
            next = Position.startPosition();
            i = 2;
        } else if (tokens.length > 1 && tokens[1].equals("fen")) {
            StringBuilder fen = new StringBuilder();
            for (i = 2; i < tokens.length && !tokens[i].equals("moves"); i++) {
                fen.append(tokens[i]).append(' ');
            }
            try {
                next = Position.fromFen(fen.toString());
            } catch (FenException e) {
                send("info string bad FEN: " + e.getMessage());
                return;
            }
        } else {
            send("info string position needs 'startpos' or 'fen <FEN>'");
            return;
        }
        if (i < tokens.length) {
            if (!tokens[i].equals("moves")) {
                send("info string expected 'moves', got '" + tokens[i] + "'");
                return;
            }
            for (i++; i < tokens.length; i++) {
                int move = UciMove.parse(next, tokens[i], engine.chess960());
                if (move == Move.NONE) {
                    send("info string illegal move '" + tokens[i] + "' in position " + next.toFen()
                            + "; position unchanged");
                    return;
                }
                next.makeMove(move);
            }
        }
        engine.setPosition(next);
    }

    private void go(String[] tokens) {
        if (tokens.length >= 2 && tokens[1].equals("perft")) {
            perft(tokens, 2);
            return;
        }
        SearchLimits limits = new SearchLimits();
        for (int i = 1; i < tokens.length; i++) {
            String token = tokens[i];
            switch (token) {
                case "infinite":
                    limits.infinite = true;
                    break;
                case "ponder":
                    limits.ponder = true;
                    break;
                case "searchmoves":
                    i = searchMoves(tokens, i + 1, limits) - 1;
                    break;
                case "wtime": case "btime": case "winc": case "binc": case "movestogo": case "depth": case "nodes":
                case "mate": case "movetime":
                    if (i + 1 >= tokens.length) {
                        send("info string go: '" + token + "' needs a number");
                        break;
                    }
                    try {
                        setLimit(limits, token, Long.parseLong(tokens[++i]));
                    } catch (NumberFormatException e) {
                        send("info string go: '" + token + "' needs a number, not '" + tokens[i] + "'");
                    }
                    break;
                default:
                    send("info string go: unknown parameter '" + token + "' ignored");
            }
        }
        engine.go(limits, writer);
    }

    private static void setLimit(SearchLimits limits, String name, long value) {
        long v = Math.max(0, value); // negative clocks happen after a time loss; treat as empty
        switch (name) {
            case "wtime": limits.whiteTime = v; break;
            case "btime": limits.blackTime = v; break;
            case "winc": limits.whiteIncrement = v; break;
            case "binc": limits.blackIncrement = v; break;
            case "movestogo": limits.movesToGo = (int) Math.min(v, 1000); break;
            case "depth": limits.depth = (int) Math.min(v, Searcher.MAX_PLY - 1); break;
            case "nodes": limits.nodes = v; break;
            case "mate": limits.mate = (int) Math.min(v, Searcher.MAX_PLY / 2); break;
            case "movetime": limits.moveTime = v; break;
            default: throw new IllegalArgumentException(name);
        }
    }

    /** Reads root moves up to the next keyword; returns the index after them. */
    private int searchMoves(String[] tokens, int from, SearchLimits limits) {
        Position position = engine.position();
        boolean chess960 = engine.chess960();
        int[] chosen = new int[tokens.length];
        int n = 0, i = from;
        for (; i < tokens.length; i++) {
            int move = UciMove.parse(position, tokens[i], chess960);
            if (move == Move.NONE) {
                if (tokens[i].matches("[a-h][1-8][a-h][1-8][qrbn]?")) {
                    send("info string go searchmoves: '" + tokens[i] + "' is not legal here, ignored");
                    continue;
                }
                break; // the next keyword
            }
            chosen[n++] = move;
        }
        if (n > 0) {
            limits.searchMoves = Arrays.copyOf(chosen, n);
        }
        return i;
    }

    /** Writes the engine's results as UCI "info" and "bestmove" lines. */
    private final class UciWriter implements EngineListener {
        @Override
        public void iteration(SearchInfo info) {
            StringBuilder sb = new StringBuilder("info depth ").append(info.depth()).append(" seldepth ")
                    .append(info.selectiveDepth()).append(" multipv ").append(info.multipv()).append(" score ")
                    .append(SearchScore.toText(info.score()));
            if (info.bound() == Bound.LOWER) {
                sb.append(" lowerbound");
            } else if (info.bound() == Bound.UPPER) {
                sb.append(" upperbound");
            }
            if (options.showWdl()) {
                sb.append(" wdl ").append(WinDrawLoss.format(info.score()));
            }
            sb.append(" nodes ").append(info.nodes()).append(" nps ").append(info.nodesPerSecond())
                    .append(" hashfull ").append(info.hashfull()).append(" tbhits ").append(info.tbHits())
                    .append(" time ").append(info.timeMs()).append(" pv");
            boolean chess960 = engine.chess960();
            for (int move : info.pv()) {
                sb.append(' ').append(Move.toUci(move, chess960));
            }
            send(sb.toString());
        }

        @Override
        public void currentMove(int depth, int move, int moveNumber) {
            send("info depth " + depth + " currmove " + Move.toUci(move, engine.chess960()) + " currmovenumber "
                    + moveNumber);
        }

        @Override
        public void bookMove(int move, int weight, int totalWeight) {
            send("info string book move " + Move.toUci(move, engine.chess960()) + " (weight " + weight + " of "
                    + totalWeight + ")");
        }

        @Override
        public void searchFailed(RuntimeException error) {
            StackTraceElement[] at = error.getStackTrace();
            send("info string search failed: " + error + (at.length > 0 ? " at " + at[0] : "")
                    + "; playing the best move found before it");
        }

        @Override
        public void finished(SearchResult result) {
            if (!result.hasMove()) {
                send("info depth 0 score " + (result.inCheck() ? "mate 0" : "cp 0"));
                send("bestmove 0000");
                return;
            }
            boolean chess960 = engine.chess960();
            String line = "bestmove " + Move.toUci(result.bestMove(), chess960);
            send(result.ponderMove() == Move.NONE ? line
                    : line + " ponder " + Move.toUci(result.ponderMove(), chess960));
        }
    }

    private void bench(String[] tokens) {
        int depth = Bench.DEFAULT_DEPTH;
        if (tokens.length > 1) {
            try {
                depth = Integer.parseInt(tokens[tokens.length - 1]);
            } catch (NumberFormatException e) {
                send("info string bench [depth]: '" + tokens[tokens.length - 1] + "' is not a depth");
                return;
            }
            if (depth < 1 || depth > 30) {
                send("info string bench depth must be from 1 to 30");
                return;
            }
        }
        Bench.Result result = engine.bench(depth, (i, fen, nodes) -> send("info string " + Bench.describe(i, fen, nodes)));
        send("info string " + result.timing());
        send(result.toString());
    }

    private void perft(String[] tokens, int at) {
        int depth;
        try {
            depth = Integer.parseInt(tokens[at]);
        } catch (RuntimeException e) {
            send("info string perft needs a depth from 1 to 20");
            return;
        }
        if (depth < 1 || depth > 20) {
            send("info string perft needs a depth from 1 to 20");
            return;
        }
        long start = System.nanoTime();
        long nodes = engine.perft(depth, this::send);
        long ms = Math.max(1, (System.nanoTime() - start) / 1_000_000);
        send("");
        send("Nodes searched: " + nodes);
        send("info string perft " + depth + " took " + ms + " ms, " + nodes * 1000 / ms + " nodes/s");
    }

    private void send(String text) {
        synchronized (out) {
            out.println(text);
            out.flush();
        }
    }
}
