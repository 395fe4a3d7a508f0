package horizon.engine;

import horizon.board.Move;
import horizon.board.Perft;
import horizon.board.Position;
import horizon.book.BookEntry;
import horizon.book.OpeningBook;
import horizon.eval.EvalReport;
import horizon.eval.Evaluator;
import horizon.eval.Weights;
import horizon.eval.WeightsFile;
import horizon.nnue.Network;
import horizon.nnue.NetworkFile;
import horizon.nnue.NetworkReport;
import horizon.search.SearchLimits;
import horizon.search.SearchListener;
import horizon.search.Searcher;
import horizon.search.StrengthLimit;
import horizon.search.TablebaseRoot;
import horizon.search.TranspositionTable;
import horizon.search.Tunable;
import horizon.search.Tunables;
import horizon.tb.SyzygyProber;
import horizon.tb.SyzygyTables;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * The engine behind any front end (the UCI loop, the command-line tools, tests): its settings, the position to
 * search, and the searches themselves, run on a thread of their own so that the caller stays free to stop them.
 * Results come back typed through an {@link EngineListener}; no protocol text is made here.
 *
 * <p>Lazy SMP: with Threads = N, N-1 helper searchers search the same root beside the main one, each with its own
 * move-ordering state (killers, history) and every other one starting an iteration deeper, all sharing the
 * lock-free transposition table. The main searcher owns the clock, the reports and the move played; the helpers
 * only make its table better. Helper threads are started with each search and joined before the search reports
 * its end, so no thread outlives a search.
 */
public final class Engine {
    public static final int MAX_THREADS = 1024;
    public static final int DEFAULT_MOVE_OVERHEAD_MS = 30;
    public static final int MAX_MOVE_OVERHEAD_MS = 5000;
    /** BookMoves: by default the book is asked for as long as it has moves. */
    public static final int DEFAULT_BOOK_MOVES = 1000, MAX_BOOK_MOVES = 1000;
    /** BookVariety: 100 draws book moves by weight, as Polyglot does; 0 always plays the highest weight. */
    public static final int DEFAULT_BOOK_VARIETY = 100;
    /**
     * Largest hash table the JVM's heap can hold next to everything else, in MB; computed once, since the heap's
     * reported maximum drifts slightly as the collector resizes its spaces, and the limit a front end announces
     * must be the one {@link #setHashMb} enforces.
     */
    public static final int MAX_HASH_MB = maxHashMb();

    private final TranspositionTable tt = new TranspositionTable(TranspositionTable.DEFAULT_MB);
    private final Searcher searcher = new Searcher(tt);
    private Searcher[] helpers = new Searcher[0];
    private Weights weights = Weights.builtIn();
    /** The network EvalFile loaded, or null: then the built-in one, where the jar has one. */
    private Network loadedNetwork;
    /**
     * Whether the built-in network plays by default (UseNNUE's default): true since an SPRT at 10+0.1 s accepted
     * the built-in net over the linear evaluation (T224 in TESTS.md). The linear evaluation stays one option away
     * (UseNNUE false, or an EvalFile of weights) and plays weakened play.
     */
    public static final boolean NETWORK_BY_DEFAULT = true;

    /**
     * Whether the network evaluates (UseNNUE); the linear evaluation with {@link #weights} does otherwise, and
     * always in weakened play ({@link #playingNetwork}).
     */
    private boolean useNetwork = NETWORK_BY_DEFAULT && Network.builtIn() != null;
    private final StopHandshake handshake = new StopHandshake();
    private Thread searchThread;
    private boolean warmedUp;

    private Position position = Position.startPosition();
    private boolean chess960;
    private int moveOverheadMs = DEFAULT_MOVE_OVERHEAD_MS;
    private boolean limitStrength;
    private int strengthElo = StrengthLimit.MAX_ELO;
    /** A setting asked for directly (calibration), or NaN: the setting of {@link #strengthElo}. */
    private double strengthSetting = Double.NaN;
    /** Seeds the weakened play's move choice; one more per search, so a fixed seed replays a session exactly. */
    private long strengthSeed = System.nanoTime();

    private OpeningBook book;
    private boolean ownBook;
    private int bookMoves = DEFAULT_BOOK_MOVES;
    private int bookVariety = DEFAULT_BOOK_VARIETY;
    private SplittableRandom bookRandom = new SplittableRandom();

    /** Syzygy tablebases: null without any; the settings as UCI names them (Stockfish's options). */
    private SyzygyTables tablebases;
    private SyzygyProber rootProber;
    private int syzygyProbeDepth = 1;
    private int syzygyProbeLimit = SyzygyTables.MAX_PIECES;
    private boolean syzygyRule50 = true;

    public Engine() {
        searcher.setNetwork(playingNetwork());
    }

    private static int maxHashMb() {
        long heapMb = Runtime.getRuntime().maxMemory() / (1024 * 1024);
        return (int) Math.max(1, Math.min(65536, heapMb - 256));
    }

    // ---- the position ----

    /** The position the next search starts from (a copy is kept: the caller may go on using its own). */
    public void setPosition(Position pos) {
        position = pos.copy();
    }

    /** A copy of the position the next search starts from. */
    public Position position() {
        return position.copy();
    }

    public void newGame() {
        stopAndWait();
        searcher.newGame(); // the table is shared: the helpers only forget their own ordering
        for (Searcher helper : helpers) {
            helper.clearHistory();
        }
        position = Position.startPosition();
    }

    // ---- settings ----

    /**
     * Resizes the hash table; false when the memory could not be had (the old size is kept, see {@link #hashMb}).
     * The same size again keeps the table as it is: GUIs such as fastchess send every option before every game, and
     * a new table each time left the old one to the garbage collector.
     */
    public boolean setHashMb(int mb) {
        int megabytes = Math.max(1, Math.min(MAX_HASH_MB, mb));
        if (megabytes == tt.megabytes()) {
            return true;
        }
        stopAndWait();
        try {
            tt.resize(megabytes);
            return true;
        } catch (OutOfMemoryError e) {
            return false;
        }
    }

    public int hashMb() {
        return tt.megabytes();
    }

    /** Whether the searches evaluate with a network now: lets tests see which settings play which evaluation. */
    boolean networkPlays() {
        return playingNetwork() != null;
    }

    /** Whether the hash table holds an entry for this position: lets tests see which settings keep the table. */
    boolean hashHolds(Position pos) {
        return tt.probe(pos.key()) != 0;
    }

    public void clearHash() {
        stopAndWait();
        tt.clear();
    }

    /** Sets the number of search threads (main plus helpers); takes effect from the next search. */
    public void setThreads(int threads) {
        stopAndWait();
        int count = Math.max(1, Math.min(MAX_THREADS, threads)) - 1;
        Searcher[] next = Arrays.copyOf(helpers, count);
        for (int i = helpers.length; i < count; i++) {
            next[i] = new Searcher(tt);
            next[i].setWeights(weights);
            next[i].setNetwork(playingNetwork());
            next[i].setFirstDepth(1 + (i + 1) % 2);
        }
        helpers = next;
        searcher.setHelpers(helpers);
        applyTablebases();
    }

    public int threads() {
        return helpers.length + 1;
    }

    /** A setting every search thread must share: the main searcher's and each helper's. */
    private void forEachSearcher(Consumer<Searcher> setting) {
        setting.accept(searcher);
        for (Searcher helper : helpers) {
            setting.accept(helper);
        }
    }

    /** How many best lines to search and report, 1 to {@link Searcher#MAX_MULTI_PV}. */
    public void setMultiPv(int lines) {
        stopAndWait();
        searcher.setMultiPv(lines);
    }

    public int multiPv() {
        return searcher.multiPv();
    }

    /** Time kept back from every move for the GUI and the pipe, in ms. */
    public void setMoveOverhead(int ms) {
        moveOverheadMs = Math.max(0, Math.min(MAX_MOVE_OVERHEAD_MS, ms));
    }

    /**
     * Sets one of the constants games tune ({@link Tunables}: search margins, time factors, evaluation scales).
     * An evaluation scale rebuilds every thread's evaluator and clears the table, whose static evaluations came
     * from the old scale.
     *
     * @throws IllegalArgumentException for an unknown name or a value out of range; nothing changes then
     */
    public Tunable setTunable(String name, int value) {
        stopAndWait();
        Tunable t = Tunables.set(name, value);
        if (t.kind == Tunable.Kind.EVAL_SCALE) {
            setWeights(weights);
        }
        return t;
    }

    public void setChess960(boolean on) {
        chess960 = on;
    }

    /** Whether castling moves are written king-takes-rook (UCI_Chess960); the search itself does not care. */
    public boolean chess960() {
        return chess960;
    }

    /** UCI_LimitStrength and UCI_Elo: a node budget and a choice among the best lines (see {@link StrengthLimit}). */
    public void setStrength(boolean limit, int elo) {
        Network before = playingNetwork();
        limitStrength = limit;
        strengthElo = Math.max(StrengthLimit.MIN_ELO, Math.min(StrengthLimit.MAX_ELO, elo));
        strengthSetting = Double.NaN;
        switchEvaluation(before);
    }

    /**
     * Weakens the engine at an internal strength setting itself (1000-2800), not at a label: what `horizon
     * calibrate` measures. NaN goes back to the label's setting.
     */
    public void setStrengthSetting(double setting) {
        Network before = playingNetwork();
        strengthSetting = setting;
        switchEvaluation(before);
    }

    /** Fixes the seed of the weakened play's choices (tests, reproducible sessions). */
    public void setRandomSeed(long seed) {
        strengthSeed = seed;
        bookRandom = new SplittableRandom(seed);
    }

    // ---- endgame tablebases ----

    /**
     * SyzygyPath: opens the Syzygy tables in these folders ({@link java.io.File#pathSeparator}-separated); empty
     * means none. Returns the problems found (a missing folder, a damaged file): the tables that are usable are used.
     */
    public List<String> setSyzygyPath(String paths) {
        stopAndWait();
        if (paths == null || paths.isBlank()) {
            tablebases = null;
            applyTablebases();
            return List.of();
        }
        SyzygyTables opened = SyzygyTables.open(paths);
        tablebases = opened.tableCount() > 0 ? opened : null;
        applyTablebases();
        return opened.problems();
    }

    /** The tables in use, or null. */
    public SyzygyTables tablebases() {
        return tablebases;
    }

    /** SyzygyProbeDepth: interior probes of the largest tables only from this depth on. */
    public void setSyzygyProbeDepth(int depth) {
        stopAndWait();
        syzygyProbeDepth = Math.max(1, depth);
        applyTablebases();
    }

    /** SyzygyProbeLimit: probe positions of at most this many pieces (0: never). */
    public void setSyzygyProbeLimit(int pieces) {
        stopAndWait();
        syzygyProbeLimit = Math.max(0, Math.min(SyzygyTables.MAX_PIECES, pieces));
        applyTablebases();
    }

    /** Syzygy50MoveRule: whether wins and losses the fifty-move rule spoils count as draws. */
    public void setSyzygy50MoveRule(boolean on) {
        stopAndWait();
        syzygyRule50 = on;
        applyTablebases();
    }

    private int tablebaseCardinality() {
        return tablebases == null ? 0 : Math.min(syzygyProbeLimit, tablebases.maxPieces());
    }

    /** Gives every search thread its own prober (probers hold scratch arrays, so probes allocate nothing). */
    private void applyTablebases() {
        int cardinality = tablebaseCardinality();
        boolean on = cardinality > 0;
        rootProber = on ? tablebases.newProber() : null;
        forEachSearcher(s -> s.setTablebases(on ? tablebases.newProber() : null, cardinality, syzygyProbeDepth,
                syzygyRule50));
    }

    /**
     * A root position in the tables keeps only the moves that preserve its result (the fastest progress when it is
     * won), within searchmoves; null when the tables do not decide the root.
     */
    private TablebaseRoot.Result tablebaseRoot(Position board, SearchLimits limits) {
        int cardinality = tablebaseCardinality();
        if (cardinality == 0) {
            return null;
        }
        TablebaseRoot.Result root = TablebaseRoot.rank(board, rootProber, cardinality, syzygyRule50);
        if (root == null) {
            return null;
        }
        if (limits.searchMoves != null) {
            int[] both = Arrays.stream(root.moves()).filter(m -> Arrays.stream(limits.searchMoves)
                    .anyMatch(a -> a == m)).toArray();
            if (both.length == 0) {
                return null; // the user's choice of moves wins over the tables' advice
            }
            root = new TablebaseRoot.Result(both, root.score(), root.wdl(), root.probes());
        }
        limits.searchMoves = root.moves();
        return root;
    }

    // ---- the opening book ----

    /**
     * Opens a Polyglot book (BookFile) to play from when OwnBook is on; on any problem the engine has no book.
     *
     * @throws IllegalArgumentException saying why the file is not a usable book
     */
    public OpeningBook loadBook(Path file) {
        book = null;
        book = OpeningBook.open(file);
        return book;
    }

    /** Forgets the book file (an empty BookFile). */
    public void clearBook() {
        book = null;
    }

    /** The book in use, or null. */
    public OpeningBook book() {
        return book;
    }

    /** OwnBook: whether {@link #go} plays a book move, when the book has one, instead of searching. */
    public void setOwnBook(boolean on) {
        ownBook = on;
    }

    public boolean ownBook() {
        return ownBook;
    }

    /** BookMoves: the book is asked only up to this move number of the game. */
    public void setBookMoves(int moves) {
        bookMoves = Math.max(0, Math.min(MAX_BOOK_MOVES, moves));
    }

    /** BookVariety, 0 to 100 (see {@link OpeningBook#choose}). */
    public void setBookVariety(int variety) {
        bookVariety = Math.max(0, Math.min(100, variety));
    }

    /**
     * The book's moves for a search about to start, or none: only with OwnBook and a book, within BookMoves, and not
     * for a search that waits for stop (analysis and pondering want the search's opinion).
     */
    private List<BookEntry> bookEntries(Position board, SearchLimits limits) {
        OpeningBook current = book;
        if (!ownBook || current == null || limits.waitsForStop() || board.fullmoveNumber() > bookMoves) {
            return List.of();
        }
        return current.entries(board);
    }

    /**
     * Evaluates with these weights from the next search on, in every search thread. The hash table is cleared:
     * its static evaluations came from the old weights.
     */
    public void setWeights(Weights next) {
        stopAndWait();
        weights = next;
        forEachSearcher(s -> s.setWeights(next));
        tt.clear();
    }

    /**
     * Loads a weights file (EvalFile) and evaluates with it; on any problem the weights stay as they were.
     *
     * @throws IllegalArgumentException saying what is wrong with the file (missing, unreadable, or the line that
     *                                  does not parse)
     */
    public Weights loadWeights(Path file) {
        Weights next = WeightsFile.read(file);
        setWeights(next);
        useNetwork(false);
        return next;
    }

    public Weights weights() {
        return weights;
    }

    /**
     * Loads EvalFile, a network or a weights file, told apart by {@link NetworkFile#isNetwork}, and plays with it: a
     * network switches UseNNUE on, weights switch it off. Returns a line saying what was loaded. On any problem
     * nothing changes.
     *
     * @throws IllegalArgumentException saying what is wrong with the file
     */
    public String loadEvalFile(Path file) {
        Network next;
        try {
            if (!NetworkFile.isNetwork(file)) {
                return "weights '" + loadWeights(file).name + "'"; // the weights reader says what is wrong with a path
            }
            next = NetworkFile.read(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read it: " + e.getMessage(), e);
        }
        stopAndWait();
        loadedNetwork = next;
        useNetwork(true);
        return "network " + next.architecture();
    }

    /** Forgets a loaded network (EvalFile back to built-in): the built-in one, if any, is the network again. */
    public void clearLoadedNetwork() {
        stopAndWait();
        loadedNetwork = null;
        useNetwork(useNetwork && network() != null);
    }

    /** The network UseNNUE plays with: the loaded one, else the built-in one; null when there is none. */
    public Network network() {
        return loadedNetwork != null ? loadedNetwork : Network.builtIn();
    }

    /** UseNNUE: evaluate with the network (true) or the linear evaluation; false when there is no network. */
    public boolean useNetwork(boolean on) {
        stopAndWait();
        Network before = playingNetwork();
        useNetwork = on && network() != null;
        switchEvaluation(before);
        return useNetwork;
    }

    /** Hands the searchers the evaluation that plays now, where a setting changed it from before. */
    private void switchEvaluation(Network before) {
        Network playing = playingNetwork();
        // GUIs send every option before every game: the same setting again keeps the table and the accumulators.
        if (playing != before) {
            stopAndWait();
            forEachSearcher(s -> s.setNetwork(playing));
            tt.clear(); // its stored static evaluations came from the other evaluation
        }
    }

    public boolean usesNetwork() {
        return useNetwork;
    }

    /**
     * The network the searches evaluate with, or null when the linear evaluation plays: with UseNNUE off, and in
     * weakened play, whose UCI_Elo labels were measured with the linear evaluation (docs/uci-elo.md).
     */
    private Network playingNetwork() {
        return useNetwork && !weakened() ? network() : null;
    }

    /** Whether UCI_LimitStrength is on below full strength (the top of the range is the engine as it is). */
    private boolean weakened() {
        return limitStrength && weakening(0) != null;
    }

    /**
     * The weakened play UCI_Elo (or the calibration's setting) asks for, its choices drawn with this seed; null at
     * the top of the range, which is the engine at full strength, helpers and all.
     */
    private StrengthLimit weakening(long seed) {
        StrengthLimit limit = Double.isNaN(strengthSetting) ? new StrengthLimit(strengthElo, seed)
                : StrengthLimit.atSetting(strengthSetting, seed);
        return limit.isFullStrength() ? null : limit;
    }

    // ---- reports that are not searches ----

    /** Every evaluation term of the current position for both sides and phases, as text for a person. */
    public String evalReport() {
        if (useNetwork) {
            int raw = network().evaluate(position), searched = Evaluator.withEndgameKnowledge(position, raw);
            String report = NetworkReport.describe(position, network());
            return raw == searched ? report : report + String.format(Locale.ROOT,
                    "%nWith endgame knowledge (what the search uses): %d cp for the side to move", searched);
        }
        return EvalReport.describe(position, searcher.evaluator());
    }

    /**
     * Counts the leaf nodes below each legal move of the current position, one "move: count" line each (Stockfish's
     * layout, moves written as the Chess960 setting says); returns the total.
     */
    public long perft(int depth, Consumer<String> lines) {
        stopAndWait();
        return new Perft(position.copy()).divide(depth, chess960, lines);
    }

    /** The fixed bench (see {@link Bench}), on a searcher of its own: this engine's table and history stay. */
    public Bench.Result bench(int depth, Bench.Listener listener) {
        stopAndWait();
        return Bench.run(depth, Weights.builtIn(), playingNetwork(), listener);
    }

    /**
     * Runs short searches on a separate searcher and table so that the JIT compiles the search before the first
     * real move (a bullet game's first move would otherwise be played by the interpreter). The last one ends on
     * its clock, so that the stop path is compiled too. Done once per engine; never while a search runs. Leaves
     * this engine's table and history untouched.
     */
    public void warmUp() {
        if (warmedUp || isSearching()) {
            return;
        }
        Searcher scratch = new Searcher(new TranspositionTable(1));
        scratch.setWeights(weights);
        scratch.setNetwork(playingNetwork());
        scratch.setMoveOverhead(0);
        for (int i = 0; i < 3; i++) {
            SearchLimits limits = new SearchLimits();
            if (i < 2) {
                limits.nodes = 60_000;
            } else {
                limits.moveTime = 120;
            }
            scratch.search(Position.fromFen(Bench.POSITIONS[1 + i]), limits, null);
        }
        warmedUp = true;
    }

    // ---- searching ----

    /**
     * Starts searching the current position and returns at once; progress and the result go to the listener, on
     * the search thread. A search that waits for stop (infinite, ponder) reports its end only after {@link #stop}
     * or {@link #ponderHit}. With UCI_LimitStrength the search gets the strength's node budget and
     * {@link StrengthLimit#lines()} lines, of which only the first is reported, and the move is drawn from them.
     */
    public void go(SearchLimits requested, EngineListener listener) {
        stopAndWait();
        SearchLimits limits = requested.copy(); // the tables and weakened play narrow it; the caller's stays as given
        Position board = position.copy();
        StrengthLimit strength = limitStrength ? weakening(strengthSeed++) : null;
        handshake.arm();
        List<BookEntry> bookEntries = bookEntries(board, limits);
        BookEntry fromBook = OpeningBook.choose(bookEntries, bookVariety, bookRandom, limits.searchMoves);
        if (fromBook != null) {
            int totalWeight = bookEntries.stream().mapToInt(BookEntry::weight).sum();
            searchThread = new Thread(() -> {
                listener.bookMove(fromBook.move(), fromBook.weight(), totalWeight);
                listener.finished(new SearchResult(fromBook.move(), Move.NONE, 0, 0, 0, 0, false));
            }, "horizon-book");
            searchThread.start();
            return;
        }
        TablebaseRoot.Result tbRoot = tablebaseRoot(board, limits);
        searcher.setMoveOverhead(moveOverheadMs);
        searcher.resetStop(); // here, not on the search thread: a "stop" right after "go" must not be lost
        // A weakened search is a single-threaded one: helpers would add strength the node budget does not count.
        Searcher[] team = strength == null ? helpers : new Searcher[0];
        for (Searcher helper : team) {
            helper.resetStop();
        }
        searchThread = new Thread(() -> {
            long start = System.nanoTime();
            Thread[] workers = startHelpers(team, board, limits);
            SearchListener progress = new ListenerBridge(listener, strength != null, tbRoot, searcher);
            int best;
            try {
                best = strength == null ? searcher.searchUnlessStopped(board, limits, progress)
                        : weakenedSearch(board, limits, progress, strength);
            } catch (RuntimeException e) {
                // A bug must not cost the game on time: the GUI still gets the best move found before it (the
                // searcher holds a legal one from the start), and the error is reported.
                best = searcher.bestMove();
                listener.searchFailed(e);
            }
            for (Searcher helper : team) {
                helper.stop();
            }
            for (Thread worker : workers) {
                joinQuietly(worker);
            }
            handshake.awaitReleaseIf(limits.waitsForStop());
            long ms = (System.nanoTime() - start) / 1_000_000;
            listener.finished(new SearchResult(best, best == Move.NONE ? Move.NONE : ponderMove(best),
                    ListenerBridge.reported(searcher.bestScore(), tbRoot), searcher.completedDepth(),
                    searcher.totalNodes(), ms, board.inCheck()));
        }, "horizon-search");
        searchThread.start();
    }

    /** Helpers search until the main search ends: no clock of their own, the same depth limit and root moves. */
    private static Thread[] startHelpers(Searcher[] team, Position board, SearchLimits limits) {
        SearchLimits helperLimits = new SearchLimits();
        helperLimits.infinite = true;
        helperLimits.depth = limits.depth;
        helperLimits.searchMoves = limits.searchMoves;
        Thread[] workers = new Thread[team.length];
        for (int i = 0; i < team.length; i++) {
            Searcher helper = team[i];
            Position own = board.copy();
            workers[i] = new Thread(() -> helper.searchUnlessStopped(own, helperLimits, null),
                    "horizon-helper-" + (i + 1));
            workers[i].setDaemon(true);
            workers[i].start();
        }
        return workers;
    }

    private int weakenedSearch(Position board, SearchLimits limits, SearchListener progress,
                               StrengthLimit strength) {
        long startNs = System.nanoTime();
        limits.nodes = limits.nodes > 0 ? Math.min(limits.nodes, strength.nodesPerMove()) : strength.nodesPerMove();
        int userLines = searcher.multiPv();
        searcher.setMultiPv(strength.lines());
        try {
            int best = searcher.searchUnlessStopped(board, limits, progress);
            int count = searcher.lineCount();
            if (best == Move.NONE || count <= 1) {
                return best;
            }
            int[] moves = new int[count], scores = new int[count];
            for (int i = 0; i < count; i++) {
                moves[i] = searcher.lineMove(i);
                scores[i] = searcher.lineScore(i);
                if (moves[i] == Move.NONE) {
                    return best; // an iteration cut short left this line empty: play the best move
                }
            }
            int chosen = strength.choose(moves, scores, count);
            if (chosen != best) {
                // The line played, reported last: GUIs show the last line's score and moves as the engine's choice
                // (fastchess warns when the best move does not begin it), and the ponder move comes from it. The
                // best move is the last reported one, which an iteration cut short may have changed after the
                // completed lines the choice is made among.
                int line = searcher.lineOf(chosen);
                int[] pv = searcher.linePv(line);
                progress.iteration(searcher.completedDepth(), searcher.completedDepth(), 1, scores[line], 0,
                        searcher.totalNodes(), (System.nanoTime() - startNs) / 1_000_000, tt.hashfull(), pv, pv.length);
            }
            return chosen;
        } finally {
            searcher.setMultiPv(userLines);
        }
    }

    private static void joinQuietly(Thread t) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // a helper must be gone before the result: keep waiting, restore the flag
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The expected reply: second move of the principal variation, if the search got that far. */
    private int ponderMove(int best) {
        if (searcher.pvLength() >= 2 && searcher.pvMove(0) == best) {
            return searcher.pvMove(1);
        }
        // Weakened play may choose another line of the last completed iteration: its reply is the one to ponder on.
        int line = searcher.lineOf(best);
        if (line < 0) {
            return Move.NONE;
        }
        int[] pv = searcher.linePv(line);
        return pv.length >= 2 ? pv[1] : Move.NONE;
    }

    public void stop() {
        searcher.stop();
        handshake.release();
    }

    /** The opponent played the move we pondered on: the search goes on, now on our clock. */
    public void ponderHit() {
        searcher.ponderHit();
        handshake.release();
    }

    public boolean isSearching() {
        Thread t = searchThread;
        return t != null && t.isAlive();
    }

    /** Stops a running search, if any, and waits until it has reported its end. */
    public void stopAndWait() {
        if (searchThread != null) {
            stop();
            waitForSearch();
        }
    }

    /** Waits until the running search, if any, has reported its end. */
    public void waitForSearch() {
        Thread t = searchThread;
        if (t == null) {
            return;
        }
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        searchThread = null;
    }

    /**
     * Hands the searcher's progress to the listener as typed records (once per iteration, not per node). A weakened
     * search reports only its first line: the others exist to choose a worse move from.
     */
    private static final class ListenerBridge implements SearchListener {
        private final EngineListener listener;
        private final boolean firstLineOnly;
        /** The tables' verdict on the root, or null; its probes count as tbhits. */
        private final TablebaseRoot.Result tbRoot;
        private final Searcher searcher;

        ListenerBridge(EngineListener listener, boolean firstLineOnly, TablebaseRoot.Result tbRoot,
                       Searcher searcher) {
            this.listener = listener;
            this.firstLineOnly = firstLineOnly;
            this.tbRoot = tbRoot;
            this.searcher = searcher;
        }

        /** At a root the tables decide, their result is the score, unless the search has found a mate. */
        static int reported(int score, TablebaseRoot.Result tbRoot) {
            return tbRoot == null || SearchScore.isMate(score) ? score : tbRoot.score();
        }

        @Override
        public void iteration(int depth, int selectiveDepth, int multipv, int score, int bound, long nodes,
                              long timeMs, int hashfull, int[] pv, int pvLength) {
            if (!firstLineOnly || multipv == 1) {
                long tbHits = searcher.totalTbHits() + (tbRoot == null ? 0 : tbRoot.probes());
                int shown = reported(score, tbRoot);
                // The table's int encoding ends here: front ends see the enum.
                Bound shownBound = shown == score ? Bound.fromSearch(bound) : Bound.EXACT;
                listener.iteration(new SearchInfo(depth, selectiveDepth, multipv, shown, shownBound, nodes, timeMs,
                        hashfull, tbHits, Arrays.copyOf(pv, pvLength)));
            }
        }

        @Override
        public void currentMove(int depth, int move, int moveNumber) {
            listener.currentMove(depth, move, moveNumber);
        }
    }
}
