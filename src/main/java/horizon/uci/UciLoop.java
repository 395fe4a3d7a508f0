package horizon.uci;

import horizon.board.FenException;
import horizon.board.Move;
import horizon.board.Position;
import horizon.board.UciMove;
import horizon.book.OpeningBook;
import horizon.engine.Bench;
import horizon.engine.Bound;
import horizon.engine.Engine;
import horizon.engine.EngineListener;
import horizon.engine.SearchInfo;
import horizon.engine.SearchResult;
import horizon.engine.SearchScore;
import horizon.engine.Version;
import horizon.eval.Weights;
import horizon.search.SearchLimits;
import horizon.search.Searcher;
import horizon.search.StrengthLimit;
import horizon.search.TranspositionTable;
import horizon.search.Tunable;
import horizon.search.Tunables;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

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
    /** UCI_ShowWDL: a display choice of the protocol, the engine knows nothing of it. */
    private boolean showWdl;
    /** UCI_LimitStrength and UCI_Elo arrive one at a time; the engine takes them together. */
    private boolean limitStrength;
    private int strengthElo = StrengthLimit.MAX_ELO;
    /**
     * Whether the tunable constants ({@link Tunables}) are UCI spin options: only when asked for (SPSA runs,
     * OpenBench: the launcher argument {@code --tunable} or {@code HORIZON_TUNABLE=1}), so that a GUI's option
     * list stays short.
     */
    private boolean tunableOptions;

    /** Shows the tunable constants as UCI spin options (and accepts them in setoption). */
    public UciLoop withTunableOptions(boolean on) {
        tunableOptions = on;
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
                send("option name Hash type spin default " + TranspositionTable.DEFAULT_MB + " min 1 max "
                        + Engine.MAX_HASH_MB);
                send("option name Clear Hash type button");
                send("option name Threads type spin default 1 min 1 max " + Engine.MAX_THREADS);
                send("option name Ponder type check default false");
                send("option name MultiPV type spin default 1 min 1 max " + Searcher.MAX_MULTI_PV);
                send("option name UCI_ShowWDL type check default false");
                send("option name Move Overhead type spin default " + Engine.DEFAULT_MOVE_OVERHEAD_MS + " min 0 max "
                        + Engine.MAX_MOVE_OVERHEAD_MS);
                send("option name UCI_Chess960 type check default false");
                send("option name EvalFile type string default <built-in>");
                send("option name UseNNUE type check default " + engine.usesNetwork());
                send("option name SyzygyPath type string default <empty>");
                send("option name SyzygyProbeDepth type spin default 1 min 1 max 100");
                send("option name Syzygy50MoveRule type check default true");
                send("option name SyzygyProbeLimit type spin default 7 min 0 max 7");
                send("option name OwnBook type check default false");
                send("option name BookFile type string default <empty>");
                send("option name BookMoves type spin default " + Engine.DEFAULT_BOOK_MOVES + " min 0 max "
                        + Engine.MAX_BOOK_MOVES);
                send("option name BookVariety type spin default " + Engine.DEFAULT_BOOK_VARIETY + " min 0 max 100");
                send("option name UCI_LimitStrength type check default false");
                send("option name UCI_Elo type spin default " + StrengthLimit.MAX_ELO + " min " + StrengthLimit.MIN_ELO
                        + " max " + StrengthLimit.MAX_ELO);
                if (tunableOptions) {
                    send("option name StrengthSetting type spin default 2800 min 1000 max 2800");
                    for (Tunable t : Tunables.all()) {
                        send("option name " + t.name + " type spin default " + t.get() + " min " + t.min + " max "
                                + t.max);
                    }
                }
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
        if (name.equalsIgnoreCase("UCI_Chess960") || name.equalsIgnoreCase("Ponder")
                || name.equalsIgnoreCase("UCI_ShowWDL") || name.equalsIgnoreCase("UCI_LimitStrength")
                || name.equalsIgnoreCase("OwnBook") || name.equalsIgnoreCase("Syzygy50MoveRule")
                || name.equalsIgnoreCase("UseNNUE")) {
            if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
                send("info string " + name + " takes true or false, not '" + value + "'");
                return;
            }
            // Ponder only tells the engine that the GUI may send "go ponder"; nothing to configure.
            if (name.equalsIgnoreCase("UCI_Chess960")) {
                engine.setChess960(value.equalsIgnoreCase("true"));
            } else if (name.equalsIgnoreCase("UCI_LimitStrength")) {
                limitStrength = value.equalsIgnoreCase("true");
                engine.setStrength(limitStrength, strengthElo);
            } else if (name.equalsIgnoreCase("UCI_ShowWDL")) {
                showWdl = value.equalsIgnoreCase("true");
            } else if (name.equalsIgnoreCase("Syzygy50MoveRule")) {
                engine.setSyzygy50MoveRule(value.equalsIgnoreCase("true"));
            } else if (name.equalsIgnoreCase("UseNNUE")) {
                setUseNetwork(value.equalsIgnoreCase("true"));
            } else if (name.equalsIgnoreCase("OwnBook")) {
                engine.setOwnBook(value.equalsIgnoreCase("true"));
                if (engine.ownBook() && engine.book() == null) {
                    send("info string OwnBook is on but no book is loaded: set BookFile to a Polyglot .bin file");
                }
            }
        } else if (name.equalsIgnoreCase("MultiPV")) {
            Integer lines = spinValue(name, value, 1, Searcher.MAX_MULTI_PV);
            if (lines != null) {
                engine.setMultiPv(lines);
            }
        } else if (name.equalsIgnoreCase("Hash")) {
            Integer mb = spinValue(name, value, 1, Engine.MAX_HASH_MB);
            if (mb != null && !engine.setHashMb(mb)) {
                send("info string cannot allocate a " + mb + " MB hash table; using " + engine.hashMb() + " MB");
            }
        } else if (name.equalsIgnoreCase("Clear Hash")) {
            engine.clearHash();
        } else if (name.equalsIgnoreCase("Threads")) {
            Integer threads = spinValue(name, value, 1, Engine.MAX_THREADS);
            if (threads != null) {
                engine.setThreads(threads);
            }
        } else if (name.equalsIgnoreCase("UCI_Elo")) {
            // Outside the calibrated range the nearest rating is played, with a word why (a GUI's slider may reach
            // further than the calibration does).
            Integer elo = null;
            try {
                elo = Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                send("info string UCI_Elo needs a number from " + StrengthLimit.MIN_ELO + " to "
                        + StrengthLimit.MAX_ELO + ", not '" + value + "'");
            }
            if (elo != null && (elo < StrengthLimit.MIN_ELO || elo > StrengthLimit.MAX_ELO)) {
                int nearest = Math.max(StrengthLimit.MIN_ELO, Math.min(StrengthLimit.MAX_ELO, elo));
                send("info string UCI_Elo " + elo + " is outside the calibrated " + StrengthLimit.MIN_ELO + "-"
                        + StrengthLimit.MAX_ELO + "; playing at " + nearest);
                elo = nearest;
            }
            if (elo != null) {
                strengthElo = elo;
                engine.setStrength(limitStrength, strengthElo);
            }
        } else if (name.equalsIgnoreCase("EvalFile")) {
            loadEvalFile(value);

        } else if (name.equalsIgnoreCase("SyzygyPath")) {
            setSyzygyPath(value);
        } else if (name.equalsIgnoreCase("SyzygyProbeDepth")) {
            Integer depth = spinValue(name, value, 1, 100);
            if (depth != null) {
                engine.setSyzygyProbeDepth(depth);
            }
        } else if (name.equalsIgnoreCase("SyzygyProbeLimit")) {
            Integer pieces = spinValue(name, value, 0, 7);
            if (pieces != null) {
                engine.setSyzygyProbeLimit(pieces);
            }
        } else if (name.equalsIgnoreCase("BookFile")) {
            loadBookFile(value);
        } else if (name.equalsIgnoreCase("BookMoves")) {
            Integer moves = spinValue(name, value, 0, Engine.MAX_BOOK_MOVES);
            if (moves != null) {
                engine.setBookMoves(moves);
            }
        } else if (name.equalsIgnoreCase("BookVariety")) {
            Integer variety = spinValue(name, value, 0, 100);
            if (variety != null) {
                engine.setBookVariety(variety);
            }
        } else if (name.equalsIgnoreCase("Move Overhead")) {
            Integer ms = spinValue(name, value, 0, Engine.MAX_MOVE_OVERHEAD_MS);
            if (ms != null) {
                engine.setMoveOverhead(ms);
            }
        } else if (tunableOptions && name.equalsIgnoreCase("StrengthSetting")) {
            // Calibration only (horizon calibrate): UCI_LimitStrength at an internal setting rather than a label.
            Integer setting = spinValue(name, value, 1000, 2800);
            if (setting != null) {
                limitStrength = true;
                engine.setStrength(true, strengthElo);
                engine.setStrengthSetting(setting);
            }
        } else if (tunableOptions && Tunables.find(name) != null) {
            Tunable t = Tunables.find(name);
            Integer v = spinValue(t.name, value, t.min, t.max);
            if (v != null) {
                engine.setTunable(t.name, v);
            }
        } else {
            send("info string unknown option '" + name + "'");
        }
    }

    /**
     * EvalFile: a network (.nnue, or a bullet net) or a linear weights file, told apart by the file's header, or
     * empty / {@code <built-in>} for the built-in ones; a bad file leaves the evaluation as it was.
     */
    private void loadEvalFile(String path) {
        if (path.isEmpty() || path.equals("<built-in>") || path.equals("<empty>")) {
            engine.setWeights(Weights.builtIn());
            engine.clearLoadedNetwork();
            send("info string EvalFile: built-in weights '" + Weights.builtIn().name + "'"
                    + (engine.network() != null ? " and built-in network" : ""));
            return;
        }
        String loaded;
        try {
            loaded = engine.loadEvalFile(Path.of(path));
        } catch (RuntimeException e) { // the file's problem, or a path the file system cannot even name
            send("info string EvalFile " + path + " not loaded (" + e.getMessage() + "); " + evaluationInForce()
                    + " stays");
            return;
        }
        send("info string EvalFile: loaded " + loaded + " from " + path
                + (engine.usesNetwork() ? "; UseNNUE is on" : ""));
    }

    /** UseNNUE: the network or the linear evaluation; asking for the network without one says how to get one. */
    private void setUseNetwork(boolean on) {
        if (engine.useNetwork(on) != on) {
            send("info string UseNNUE: this build has no built-in network; set EvalFile to a .nnue file");
        }
        send("info string " + evaluationInForce());
    }

    private String evaluationInForce() {
        return engine.usesNetwork() ? "the network evaluates (" + engine.network().architecture() + ")"
                : "the linear evaluation plays (weights '" + engine.weights().name + "')";
    }

    /** SyzygyPath: folders of Syzygy tables; every problem gets an info string, the usable tables are used. */
    private void setSyzygyPath(String paths) {
        String given = paths.equals("<empty>") ? "" : paths;
        for (String problem : engine.setSyzygyPath(given)) {
            send("info string SyzygyPath: " + problem);
        }
        if (given.isBlank()) {
            send("info string SyzygyPath: no tablebases");
        } else if (engine.tablebases() == null) {
            send("info string SyzygyPath: no usable tables found in " + given + "; playing without tablebases");
        } else {
            send("info string SyzygyPath: " + engine.tablebases().tableCount() + " tables, up to "
                    + engine.tablebases().maxPieces() + " pieces");
        }
    }

    /** BookFile: a Polyglot book, or empty / {@code <empty>} for none; a bad file leaves the engine without a book. */
    private void loadBookFile(String path) {
        if (path.isEmpty() || path.equals("<empty>")) {
            engine.clearBook();
            send("info string BookFile: no book");
            return;
        }
        try {
            OpeningBook book = engine.loadBook(Path.of(path));
            send("info string BookFile: " + path + ", " + book.size() + " entries"
                    + (engine.ownBook() ? "" : " (used once OwnBook is true)"));
        } catch (RuntimeException e) { // the file's problem, or a path the file system cannot even name
            send("info string BookFile " + path + " not loaded (" + e.getMessage() + "); playing without a book");
        }
    }

    /** Parses a spin value in [min, max]; on any problem says so and returns null. */
    private Integer spinValue(String name, String value, int min, int max) {
        try {
            int v = Integer.parseInt(value.trim());
            if (v < min || v > max) {
                send("info string " + name + " must be between " + min + " and " + max + ", not " + v);
                return null;
            }
            return v;
        } catch (NumberFormatException e) {
            send("info string " + name + " needs a number from " + min + " to " + max + ", not '" + value + "'");
            return null;
        }
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
            limits.searchMoves = java.util.Arrays.copyOf(chosen, n);
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
            if (showWdl) {
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
