package horizon.search;

import static horizon.search.TranspositionTable.BOUND_EXACT;
import static horizon.search.TranspositionTable.BOUND_LOWER;
import static horizon.search.TranspositionTable.BOUND_UPPER;

import horizon.board.CheckInfo;
import horizon.board.Move;
import horizon.board.MoveGenerator;
import horizon.board.Piece;
import horizon.board.Position;
import horizon.board.StaticExchange;
import horizon.eval.Evaluator;
import horizon.eval.Weights;
import horizon.nnue.Accumulators;
import horizon.nnue.Network;
import horizon.tb.SyzygyProber;
import horizon.tb.SyzygyTables;
import java.util.Arrays;

/**
 * Negamax alpha-beta (fail-soft) with principal variation search, iterative deepening and aspiration windows,
 * a transposition table, quiescence search and the usual selectivity. One Searcher per search thread; nothing is
 * allocated per node: moves, scores, PV and ordering tables are preallocated arrays indexed by ply.
 *
 * <p>Scores are centipawns from the side to move's view. A mate is {@code MATE - plies to mate}; in the
 * transposition table mate scores are stored relative to the node (distance from the node, not from the root)
 * and converted back on probing, so they stay right when the position is met at another ply.
 */
public final class Searcher {
    public static final int MAX_PLY = 128;
    public static final int MATE = 32000;
    public static final int MATE_BOUND = MATE - MAX_PLY;
    public static final int INFINITE = 32001;
    /**
     * Tablebase wins and losses score TB_WIN - ply: below every mate score, above every evaluation, and, as mate
     * scores do, counted from the node in the table so that the shortest way into a won table position is preferred.
     */
    public static final int TB_WIN = MATE_BOUND - 1;
    public static final int TB_BOUND = TB_WIN - MAX_PLY;
    private static final int NO_SCORE = -32002;

    private final TranspositionTable tt;
    private Position pos;
    private SearchLimits limits = new SearchLimits();
    private final TimeManager time = new TimeManager();
    /**
     * Late move reductions by depth and move number: LmrBase / 100 + ln(depth) * ln(moves) / (LmrDiv / 100), by
     * default 0.80 + ln(depth) ln(moves) / 2.14. Rebuilt when a search starts after the tunables changed.
     */
    private final int[][] reductions = new int[MAX_PLY][MoveGenerator.MAX_MOVES];
    /** The registry's version these copies and the reductions were made from. */
    private int tunablesVersion = -1;
    // The tunables the search reads at every node, copied from the registry ({@link Tunables}, where each is
    // described) when a search starts after a change: fields of this object are read as cheaply as constants'
    // neighbours, a load through each registry entry is not.
    private int aspirationWindow, rfpDepth, rfpMargin, nmpBase, nmpDepthDivisor, nmpEvalDivisor, nmpEvalMax;
    /** How far above beta a capture must hold at reduced depth for ProbCut to cut the node. */
    private int probCutMargin;
    /** Singular extensions from this depth on: below it the verification search costs more than it finds. */
    private int singularDepth;
    private int probCutDepth, singularMargin, doubleExtensionMargin, doubleExtensionMax;
    private int iirDepth, pruneDepth, lmpBase, futilityBase, futilityPerDepth, seeNoisyMargin, lmrHistoryDivisor;
    private int futilityHistoryGate;
    private int qsDelta, correctionWeight, nmpMinDepth, lmrMinDepth, lmrMinMoves, probCutReduction, singularTableDepth;
    /** Nodes spent under each root move in this search, by from and to square: how settled the best move is. */
    private final long[] rootMoveNodes = new long[64 * 64];
    /** The main line's score of each completed iteration, by depth. */
    private final int[] iterationScores = new int[MAX_PLY + 1];
    /** Per ply, the move a singular-extension search leaves out (Move.NONE: none). */
    private final int[] excludedMove = new int[MAX_PLY + 1];
    /** Per ply, double extensions on the line to this node: capped, so that a line cannot grow without end. */
    private final int[] doubleExtensions = new int[MAX_PLY + 1];
    private SearchListener listener;
    private volatile boolean stopped;
    /** A stop asked for (by {@link #stop}) since the last {@link #resetStop}: honoured once depth 1 is done. */
    private boolean stopRequested;
    /**
     * Set while depth 1 runs: nothing ends it, neither a stop nor a limit, so that every move played comes from a
     * search that was made (a "quit" right after "go" once reported depth 1 with 0 nodes and a move never searched).
     * Written by the search thread; read by {@link #stop} under {@link #stopLock}, so no stop falls between the two.
     */
    private boolean firstIteration;
    private final Object stopLock = new Object();
    /** When "ponderhit" arrived (System.nanoTime), 0 while pondering or when not pondering at all. */
    private volatile long ponderHitNanos;

    private final int[][] moves = new int[MAX_PLY + 1][MoveGenerator.MAX_MOVES];
    private final int[][] moveScores = new int[MAX_PLY + 1][MoveGenerator.MAX_MOVES];
    private final int[][] quietsTried = new int[MAX_PLY + 1][MoveGenerator.MAX_MOVES];
    /** The captures tried at each ply before a cut-off, for the capture history (only while it has a weight). */
    private final int[][] capturesTried = new int[MAX_PLY + 1][MoveGenerator.MAX_MOVES];
    /** Per ply, what checks the opponent: set once per node, before its moves are tried. */
    private final CheckInfo[] checkInfo = new CheckInfo[MAX_PLY + 1];
    private final int[][] pvTable = new int[MAX_PLY + 1][MAX_PLY + 1];
    private final int[] pvLength = new int[MAX_PLY + 1];
    private final MovePicker ordering = new MovePicker(MAX_PLY + 1);
    private final CorrectionHistory correction = new CorrectionHistory();
    private final int[] playedMove = new int[MAX_PLY + 1];
    private final int[] playedPiece = new int[MAX_PLY + 1];
    private final int[] staticEvals = new int[MAX_PLY + 1];
    /** Most principal variations MultiPV may ask for. */
    public static final int MAX_MULTI_PV = 256;
    private final RootLines rootLines = new RootLines(MAX_MULTI_PV, MAX_PLY);
    /** The line being searched: root moves of lines before it are excluded. */
    private int currentLine;
    private int multiPv = 1;

    private long nodes;
    /** Syzygy: this thread's prober (null without tables), the most pieces probed, from which depth, 50-move rule. */
    private SyzygyProber tablebases;
    private int tbCardinality;
    private int tbProbeDepth = 1;
    private boolean tbRule50 = true;
    private long tbHits;
    private int selectiveDepth;
    private int rootBestMove;
    /** The first move of the last main line printed, so that the final line printed can match the bestmove. */
    private int reportedMove;
    private int rootBestScore;
    private int completedDepth;
    private int moveOverheadMs = 30;
    /** Lazy SMP: the helpers searching beside this (main) searcher, whose nodes count in its reports. */
    private Searcher[] helpers = new Searcher[0];
    /** First iteration: helpers start one deeper in turn, so that threads spread over depths. */
    private int firstDepth = 1;

    /** This thread's linear evaluation (it owns a pawn hash table), built from the engine's weights. */
    private Evaluator evaluator = new Evaluator(Tunables.scaled(Weights.builtIn()));
    /** This thread's network accumulators when the network evaluates, null when the linear evaluation does. */
    private Accumulators accumulators;

    public Searcher(TranspositionTable tt) {
        this.tt = tt;
        for (int ply = 0; ply < checkInfo.length; ply++) {
            checkInfo[ply] = new CheckInfo();
        }
    }

    public void setHelpers(Searcher[] helperSearchers) {
        helpers = helperSearchers.clone();
    }

    public void setFirstDepth(int depth) {
        firstDepth = Math.max(1, depth);
    }

    public int multiPv() {
        return multiPv;
    }

    /**
     * How many lines the last completed iteration of the last search produced (MultiPV, fewer when there are fewer
     * legal moves; 0 when no iteration completed).
     */
    public int lineCount() {
        return rootLines.completedCount();
    }

    /** Root move of line i (0 = best) of the last completed iteration. */
    public int lineMove(int i) {
        return rootLines.completedMove(i);
    }

    public int lineScore(int i) {
        return rootLines.completedScore(i);
    }

    /** The line of the last completed iteration that the move leads, or -1 if none does. */
    public int lineOf(int move) {
        for (int i = 0; i < rootLines.completedCount(); i++) {
            if (rootLines.completedMove(i) == move) {
                return i;
            }
        }
        return -1;
    }

    /** The principal variation of line i of the last completed iteration (a copy). */
    public int[] linePv(int i) {
        return rootLines.completedPv(i);
    }

    /**
     * Probes Syzygy tables at interior nodes: positions of at most {@code cardinality} pieces reached by a capture
     * or a pawn move (the tables assume a fresh fifty-move count), at {@code probeDepth} or deeper when the piece
     * count is the largest the tables hold. A null prober switches probing off.
     */
    public void setTablebases(SyzygyProber prober, int cardinality, int probeDepth, boolean rule50) {
        tablebases = prober;
        tbCardinality = prober == null ? 0 : cardinality;
        tbProbeDepth = Math.max(1, probeDepth);
        tbRule50 = rule50;
    }

    /** Tablebase probes that answered, in this searcher and its helpers, during the last search. */
    public long totalTbHits() {
        long total = tbHits;
        for (Searcher helper : helpers) {
            total += helper.tbHits;
        }
        return total;
    }

    /** Nodes of this searcher and its helpers. */
    public long totalNodes() {
        long total = nodes;
        for (Searcher helper : helpers) {
            total += helper.nodes;
        }
        return total;
    }

    /**
     * Evaluates with other weights from the next search on. The table's stored static evaluations were made with
     * the old ones: the caller clears it.
     */
    public void setWeights(Weights weights) {
        evaluator = new Evaluator(Tunables.scaled(weights));
    }

    public Evaluator evaluator() {
        return evaluator;
    }

    /**
     * Evaluates with this network from the next search on, or with the linear evaluation again when it is null.
     * As with {@link #setWeights}, the caller clears the table, whose stored evaluations came from the other one.
     */
    public void setNetwork(Network network) {
        accumulators = network == null ? null : new Accumulators(network);
    }

    /** The static evaluation of the search's current node: the network's accumulators or the linear sum. */
    private int staticEvaluation() {
        return accumulators == null ? evaluator.evaluate(pos)
                : Evaluator.withEndgameKnowledge(pos, accumulators.evaluate(pos));
    }

    /** Makes a move on the search's board, noting its feature changes for the network first. */
    private void makeMove(int move) {
        if (accumulators != null) {
            accumulators.push(pos, move);
        }
        pos.makeMove(move);
    }

    private void unmakeMove(int move) {
        pos.unmakeMove(move);
        if (accumulators != null) {
            accumulators.pop();
        }
    }

    public void setMoveOverhead(int ms) {
        moveOverheadMs = ms;
    }

    /** How many best lines to search and report (MultiPV), 1 to {@link #MAX_MULTI_PV}. */
    public void setMultiPv(int lines) {
        multiPv = Math.max(1, Math.min(MAX_MULTI_PV, lines));
    }

    /** Forget what was learnt about move ordering (new game). */
    public void clearHistory() {
        ordering.clear();
        correction.clear();
    }

    /**
     * Forget everything earlier searches learnt, the hash table and move ordering: the next search depends on
     * nothing but its position and limits (a new game, one bench or suite position, one self-play game).
     */
    public void newGame() {
        tt.clear();
        ordering.clear();
        correction.clear();
    }

    /** Asks a running search to end as soon as possible; safe from any thread. */
    public void stop() {
        synchronized (stopLock) {
            stopRequested = true;
            if (!firstIteration) {
                stopped = true;
            }
        }
    }

    /**
     * The opponent played the pondered move: from now on the search runs on our clock. Safe from any thread, and
     * not lost when it arrives before the search thread has started (GUIs send "go ponder" and "ponderhit"
     * back to back when the opponent answers at once): {@link #searchUnlessStopped} picks it up.
     */
    public void ponderHit() {
        long now = System.nanoTime();
        ponderHitNanos = now; // written before the clock is enabled, read after it is reset: see searchUnlessStopped
        time.ponderHit(now);
    }

    /** Whether the move is printed only on "stop" or "ponderhit": infinite, or pondering with no ponderhit yet. */
    private boolean waitsForStop() {
        return limits.infinite || (limits.ponder && ponderHitNanos == 0);
    }

    public boolean isStopped() {
        return stopped;
    }

    public long nodes() {
        return nodes;
    }

    public int completedDepth() {
        return completedDepth;
    }

    /** The move the last search chose ({@link Move#NONE} when there was no legal move). */
    public int bestMove() {
        return rootBestMove;
    }

    public int bestScore() {
        return rootBestScore;
    }

    /** Length of the principal variation of the best move found. */
    public int pvLength() {
        return rootLines.pvLength(0);
    }

    public int pvMove(int i) {
        return rootLines.pv(0)[i];
    }

    /**
     * Searches pos (which is used as a scratch board and returned unchanged) and returns the best move, or
     * {@link Move#NONE} if there is no legal move.
     */
    public int search(Position position, SearchLimits searchLimits, SearchListener searchListener) {
        synchronized (stopLock) {
            stopped = false;
            stopRequested = false;
            firstIteration = false;
        }
        return searchUnlessStopped(position, searchLimits, searchListener);
    }

    /**
     * Clears an earlier stop request. A searcher run on another thread is re-armed with this on the thread that
     * will send "stop", before the search thread starts: were the flag cleared by the search thread itself, a
     * "stop" arriving before that thread got going would be lost, and an infinite search would never end.
     */
    public void resetStop() {
        synchronized (stopLock) {
            stopped = false;
            stopRequested = false;
            firstIteration = false;
        }
        ponderHitNanos = 0;
    }

    /**
     * As {@link #search}, but a {@link #stop} made since the last {@link #resetStop} is honoured: the search then
     * returns as soon as depth 1 is done (a few hundred nodes at most), with that search's move.
     */
    public int searchUnlessStopped(Position position, SearchLimits searchLimits, SearchListener searchListener) {
        pos = position;
        limits = searchLimits;
        listener = searchListener;
        nodes = 0;
        tbHits = 0;
        completedDepth = 0;
        rootBestMove = Move.NONE;
        rootBestScore = 0;
        reportedMove = Move.NONE;
        currentLine = 0;
        rootLines.reset();
        time.start(limits, pos.sideToMove(), moveOverheadMs);
        long hit = ponderHitNanos;
        if (limits.ponder && hit != 0) {
            time.ponderHit(hit); // the ponderhit came before the clock was set up
        }
        tt.newSearch();
        ordering.clearKillers();
        if (accumulators != null) {
            accumulators.reset(pos);
        }
        if (tunablesVersion != Tunables.version()) {
            loadTunables();
        }
        // A search that ended abnormally (an exception thrown inside a singular-extension search) may have left a
        // move excluded at some ply. (Double-extension counts need no reset: each child's is written from its
        // parent's, and the root's is never written.)
        Arrays.fill(excludedMove, Move.NONE);

        int legal = MoveGenerator.generate(pos, moves[0], 0, MoveGenerator.ALL);
        if (legal == 0) {
            return Move.NONE;
        }
        int allowed = 0;
        for (int i = 0; i < legal; i++) {
            if (isRootMoveAllowed(moves[0][i])) {
                if (allowed++ == 0) { // a legal answer even if "stop" arrives before the first move is searched
                    rootBestMove = moves[0][i];
                    rootLines.guess(rootBestMove);
                }
            }
        }
        int lineCount = Math.min(multiPv, Math.max(1, allowed));
        rootLines.setCount(lineCount);
        int maxDepth = limits.depth > 0 ? Math.min(limits.depth, MAX_PLY - 1) : MAX_PLY - 1;
        int score = 0;
        int depthTried = 0;
        Arrays.fill(rootMoveNodes, 0);
        int stableIterations = 0;
        int previousBest = Move.NONE;
        int startDepth = Math.min(firstDepth, maxDepth);
        // From here a stop() only records its request until depth 1 is done. Helpers that start deeper keep no
        // such guard: their first iteration may be long, and the main search has its depth 1.
        synchronized (stopLock) {
            firstIteration = startDepth == 1;
            if (firstIteration) {
                stopped = false;
            }
        }
        for (int depth = startDepth; depth <= maxDepth; depth++) {
            depthTried = depth;
            selectiveDepth = 0;
            for (currentLine = 0; currentLine < lineCount && !stopped; currentLine++) {
                int lineResult = aspirationSearch(depth, rootLines.score(currentLine));
                if (currentLine == 0) {
                    score = lineResult;
                }
            }
            if (stopped && depth > 1) {
                break;
            }
            completedDepth = depth;
            if (!stopped) {
                rootLines.completeIteration();
            }
            if (firstIteration) {
                synchronized (stopLock) {
                    firstIteration = false;
                    stopped |= stopRequested;
                }
            }
            for (int line = 0; line < lineCount; line++) {
                report(depth, line, rootLines.score(line), 0);
            }
            if (limits.mate > 0 && score >= MATE - (2 * limits.mate - 1)) {
                break;
            }
            // A mate found with a few plies to spare will not change: deeper iterations only repeat it.
            if (Math.abs(score) >= MATE_BOUND && depth >= 2 * (MATE - Math.abs(score)) + 4 && !waitsForStop()
                    && limits.depth == 0) {
                break;
            }
            // A forced move needs no deep thought when the clock is running.
            if (legal == 1 && !waitsForStop() && limits.depth == 0 && limits.nodes == 0 && depth >= 4) {
                break;
            }
            iterationScores[depth] = score;
            stableIterations = rootBestMove == previousBest ? stableIterations + 1 : 0;
            previousBest = rootBestMove;
            if (depth >= 4) {
                long rootNodes = 0;
                for (long n : rootMoveNodes) {
                    rootNodes += n;
                }
                double share = rootNodes == 0 ? 1 : (double) rootMoveNodes[rootMoveIndex(rootBestMove)] / rootNodes;
                int drop = Math.abs(score) < MATE_BOUND && Math.abs(iterationScores[depth - 2]) < MATE_BOUND
                        ? iterationScores[depth - 2] - score : 0;
                time.adjust(stableIterations, share, drop);
            }
            if (time.softExpired() || stopped || (limits.softNodes > 0 && nodes >= limits.softNodes)
                    || (limits.nodes > 0 && nodes >= limits.nodes)) { // the last: a depth 1 that went over
                break;
            }
        }
        // An interrupted iteration may already have found a better root move, which is played; its line is printed
        // so that the last PV a GUI saw starts with the bestmove.
        if (reportedMove != rootBestMove && rootLines.pvLength(0) > 0 && rootLines.firstMove(0) == rootBestMove) {
            report(depthTried, 0, rootBestScore, 0);
        }
        return rootBestMove;
    }

    private void loadTunables() {
        tunablesVersion = Tunables.version();
        aspirationWindow = Tunables.ASPIRATION_WINDOW.get();
        correctionWeight = Tunables.CORRECTION_WEIGHT.get();
        doubleExtensionMargin = Tunables.DOUBLE_EXTENSION_MARGIN.get();
        doubleExtensionMax = Tunables.DOUBLE_EXTENSION_MAX.get();
        futilityBase = Tunables.FUTILITY_BASE.get();
        futilityPerDepth = Tunables.FUTILITY_PER_DEPTH.get();
        iirDepth = Tunables.IIR_DEPTH.get();
        lmpBase = Tunables.LMP_BASE.get();
        lmrHistoryDivisor = Tunables.LMR_HISTORY_DIVISOR.get();
        nmpBase = Tunables.NMP_BASE.get();
        nmpDepthDivisor = Tunables.NMP_DEPTH_DIVISOR.get();
        nmpEvalDivisor = Tunables.NMP_EVAL_DIVISOR.get();
        nmpEvalMax = Tunables.NMP_EVAL_MAX.get();
        probCutDepth = Tunables.PROBCUT_DEPTH.get();
        probCutMargin = Tunables.PROBCUT_MARGIN.get();
        pruneDepth = Tunables.PRUNE_DEPTH.get();
        qsDelta = Tunables.QS_DELTA.get();
        rfpDepth = Tunables.RFP_DEPTH.get();
        rfpMargin = Tunables.RFP_MARGIN.get();
        seeNoisyMargin = Tunables.SEE_NOISY_MARGIN.get();
        singularDepth = Tunables.SINGULAR_DEPTH.get();
        singularMargin = Tunables.SINGULAR_MARGIN.get();
        ordering.setContinuationWeight(Tunables.CONTINUATION_WEIGHT.get());
        ordering.setCaptureHistoryWeight(Tunables.CAPTURE_HISTORY_WEIGHT.get());
        futilityHistoryGate = Tunables.FUTILITY_HISTORY_GATE.get();
        nmpMinDepth = Tunables.NMP_MIN_DEPTH.get();
        lmrMinDepth = Tunables.LMR_MIN_DEPTH.get();
        lmrMinMoves = Tunables.LMR_MIN_MOVES.get();
        probCutReduction = Tunables.PROBCUT_REDUCTION.get();
        singularTableDepth = Tunables.SINGULAR_TABLE_DEPTH.get();
        double base = Tunables.LMR_BASE.get() / 100.0;
        double divisor = Tunables.LMR_DIVISOR.get() / 100.0;
        for (int depth = 1; depth < MAX_PLY; depth++) {
            for (int moves = 1; moves < MoveGenerator.MAX_MOVES; moves++) {
                reductions[depth][moves] = (int) (base + Math.log(depth) * Math.log(moves) / divisor);
            }
        }
    }

    /**
     * The static evaluation of a position (side to move's view) outside any search, as a search sees it: the
     * network's score with the endgame knowledge over it where a network is set, else the linear evaluation.
     */
    public int staticScore(Position position) {
        pos = position;
        if (accumulators != null) {
            accumulators.reset(pos);
        }
        return staticEvaluation();
    }

    /**
     * The quiescence score of a position (side to move's view), outside any search: data generation keeps only
     * positions whose static evaluation already equals it ("quiet" positions).
     */
    public int quiescenceScore(Position position) {
        pos = position;
        limits = new SearchLimits();
        listener = null;
        stopped = false;
        if (tunablesVersion != Tunables.version()) {
            loadTunables();
        }
        time.start(limits, pos.sideToMove(), 0);
        if (accumulators != null) {
            accumulators.reset(pos);
        }
        return quiescence(-INFINITE, INFINITE, 0);
    }

    private int aspirationSearch(int depth, int previous) {
        // 10 cp rather than 15 or 25: measured, not derived. A tighter window fails more often, yet the games say it
        // is worth it (25 -> 15: +17.7 ± 15.1, 15 -> 10: +14.3 ± 15.4 Elo over 1,000 games each at 3+0.03 s,
        // TESTS.md).
        int window = aspirationWindow;
        int alpha = -INFINITE, beta = INFINITE;
        if (depth >= 5 && Math.abs(previous) < MATE_BOUND) {
            alpha = Math.max(previous - window, -INFINITE);
            beta = Math.min(previous + window, INFINITE);
        }
        // After a fail high the root move that beat the window is usually right and only its score is unknown: the
        // re-search goes a ply shallower for each fail high in a row (at most three), which finds the score sooner;
        // a fail low returns to the full depth, since then the best move itself is in doubt.
        int failedHigh = 0;
        while (true) {
            int score = negamax(alpha, beta, Math.max(1, depth - failedHigh), 0, false);
            if (stopped) {
                return score;
            }
            if (score <= alpha) {
                report(depth, currentLine, score, BOUND_UPPER);
                beta = (alpha + beta) / 2;
                alpha = Math.max(score - window, -INFINITE);
                failedHigh = 0;
            } else if (score >= beta) {
                report(depth, currentLine, score, BOUND_LOWER);
                beta = Math.min(score + window, INFINITE);
                failedHigh = Math.min(failedHigh + 1, 3);
            } else {
                return score;
            }
            window += window / 2;
        }
    }

    private void report(int depth, int line, int score, int bound) {
        if (line == 0 && rootLines.pvLength(0) > 0) {
            reportedMove = rootLines.firstMove(0);
        }
        if (listener != null && rootLines.pvLength(line) > 0) {
            listener.iteration(depth, Math.max(selectiveDepth, depth), line + 1, score, bound, totalNodes(),
                    time.elapsedMs(), tt.hashfull(), rootLines.pv(line), rootLines.pvLength(line));
        }
    }

    private static int rootMoveIndex(int move) {
        return Move.from(move) * 64 + Move.to(move);
    }

    private boolean isRootMoveAllowed(int move) {
        if (rootLines.takenBefore(currentLine, move)) {
            return false; // already the move of a better line in this iteration
        }
        if (limits.searchMoves == null) {
            return true;
        }
        for (int allowed : limits.searchMoves) {
            if (allowed == move) {
                return true;
            }
        }
        return false;
    }

    /**
     * Checks node and time limits; the clock only every {@link TimeManager#clockCheckInterval} nodes, since
     * reading it costs more than a node.
     */
    private void checkLimits() {
        if ((limits.nodes > 0 && nodes >= limits.nodes)
                || ((nodes & (time.clockCheckInterval() - 1)) == 0 && time.hardExpired())) {
            if (!firstIteration) { // depth 1 ends however far over: see firstIteration
                stopped = true;
            }
        }
    }

    private int negamax(int alpha, int beta, int depth, int ply, boolean afterNullMove) {
        boolean rootNode = ply == 0;
        boolean pvNode = beta - alpha > 1;
        pvLength[ply] = ply;
        if (depth <= 0) {
            return quiescence(alpha, beta, ply);
        }
        // Extensions can hand a child more depth than its parent had (a double singular extension: depth + 1), so
        // a search near the deepest iteration could ask for depth MAX_PLY: one past the reduction table, which
        // threw and ended the search thread without a bestmove (two time losses in matches, both in dead draws
        // searched to depth 118-127).
        depth = Math.min(depth, MAX_PLY - 1);
        if (stopped) {
            return 0; // a re-search after an interrupted child: count no node, the result is discarded
        }
        nodes++;
        checkLimits();
        if (stopped && !rootNode) {
            return 0;
        }
        boolean inCheck = pos.inCheck();
        if (!rootNode) {
            // Step 1. Draws: repetition, fifty moves (unless it is mate), material no one can mate with.
            if (isDraw(inCheck, ply)) {
                return 0;
            }
            if (ply >= MAX_PLY - 1) {
                return inCheck ? 0 : staticEvaluation();
            }
            // Step 2. Mate distance pruning: no line from here can beat a mate already found closer to the root.
            alpha = Math.max(alpha, -MATE + ply);
            beta = Math.min(beta, MATE - ply - 1);
            if (alpha >= beta) {
                return alpha;
            }
        }

        // Step 3. Transposition table. A singular-extension search (a move excluded) shares the position's key
        // but not its move list: it neither takes the table's cut-off nor stores its result.
        int excluded = excludedMove[ply];
        long entry = tt.probe(pos.key());
        int ttMove = TranspositionTable.move(entry);
        int ttScore = entry != 0 ? scoreFromTable(TranspositionTable.score(entry), ply) : NO_SCORE;
        int ttBound = TranspositionTable.bound(entry);
        if (!pvNode && excluded == Move.NONE && entry != 0 && TranspositionTable.depth(entry) >= depth
                && (ttBound == BOUND_EXACT || (ttBound == BOUND_LOWER ? ttScore >= beta : ttScore <= alpha))) {
            return ttScore;
        }

        // Step 3b. Endgame tablebases, right after a capture or pawn move (the tables assume a fresh fifty-move
        // count): a win, loss or draw proven by the table ends the node when its bound allows.
        if (!rootNode && excluded == Move.NONE && tbCardinality > 0 && pos.halfmoveClock() == 0
                && pos.castlingRights() == 0) {
            int score = probeTablebases(alpha, beta, depth, ply, inCheck);
            if (score != NO_SCORE) {
                return score;
            }
        }

        // Step 4. Static evaluation, refined by a table score whose bound points the right way.
        // The table keeps the evaluation itself; the correction learnt for the pawn structure is added on reading.
        int rawEval = NO_SCORE;
        int staticEval;
        int eval;
        if (inCheck) {
            staticEval = eval = NO_SCORE;
        } else {
            rawEval = entry != 0 ? TranspositionTable.staticEval(entry) : staticEvaluation();
            staticEval = correctedEval(rawEval);
            eval = staticEval;
            if (ttScore != NO_SCORE && (ttBound == BOUND_EXACT
                    || (ttBound == BOUND_LOWER ? ttScore > eval : ttScore < eval))) {
                eval = ttScore;
            }
        }
        staticEvals[ply] = staticEval;
        boolean improving = !inCheck && ply >= 2 && staticEvals[ply - 2] != NO_SCORE
                && staticEval > staticEvals[ply - 2];

        if (!pvNode && !inCheck && excluded == Move.NONE) {
            // Step 5. Reverse futility pruning: far above beta with little depth left, assume it holds.
            if (depth <= rfpDepth
                    && eval - rfpMargin * (depth - (improving ? 1 : 0)) >= beta
                    && Math.abs(beta) < MATE_BOUND) {
                return eval;
            }
            // Step 6. Null move pruning: if passing still fails high, a real move will too. Not without pieces
            // (zugzwang in pawn endings) and never twice in a row.
            if (!afterNullMove && depth >= nmpMinDepth && eval >= beta && pos.hasNonPawnMaterial(pos.sideToMove())) {
                int score = nullMoveSearch(beta, depth, ply, eval);
                if (stopped) {
                    return 0;
                }
                if (score >= beta) {
                    return score >= MATE_BOUND ? beta : score;
                }
            }
            // Step 6b. ProbCut (Buro): a capture whose exchange alone gains enough, and which holds a bar well
            // above beta in quiescence and then at a reduced depth, would almost surely beat beta at full depth.
            // Not when the table already says the node falls short of the bar from nearly this depth.
            int probCutBeta = beta + probCutMargin;
            boolean tableBelowBar = entry != 0 && TranspositionTable.depth(entry) >= depth - probCutReduction + 1
                    && ttScore < probCutBeta;
            if (depth >= probCutDepth && Math.abs(beta) < TB_BOUND && !tableBelowBar) {
                int score = probCut(probCutBeta, depth, ply, ttMove, staticEval, rawEval);
                if (stopped) {
                    return 0;
                }
                if (score != NO_SCORE) {
                    return score;
                }
            }
        }

        // Step 7. Internal iterative reduction: without a table move this node was never searched; search it
        // shallower, the next iteration will find it again with a move to try first.
        if (depth >= iirDepth && ttMove == Move.NONE && !inCheck) {
            depth--;
        }

        // Step 7b. Singular extension: when the table's move holds a lower bound from nearly this depth, search the
        // other moves shallower against a bar a little below it. If none reaches the bar, the table's move is
        // singular and is searched one ply deeper (two when far below the bar, a few times per line). If they
        // reach it and the bar is above beta, several moves beat beta and the node fails high (multi-cut). If
        // the table's move alone is expected to beat beta, it is searched a ply shallower.
        // Done before this node's moves are generated: the search at this ply reuses the ply's move list.
        int singularExtension = 0;
        if (!rootNode && excluded == Move.NONE && depth >= singularDepth && ttMove != Move.NONE
                && (ttBound & BOUND_LOWER) != 0 && TranspositionTable.depth(entry) >= depth - singularTableDepth
                && Math.abs(ttScore) < MATE_BOUND && ply < MAX_PLY - 2) {
            int singularBeta = ttScore - singularMargin * depth / 16;
            int score = excludedSearch(ttMove, singularBeta, depth, ply, afterNullMove);
            if (stopped) {
                return 0;
            }
            if (score < singularBeta) {
                singularExtension = !pvNode && score < singularBeta - doubleExtensionMargin
                        && doubleExtensions[ply] < doubleExtensionMax ? 2 : 1;
            } else if (singularBeta >= beta) {
                return singularBeta; // multi-cut
            } else if (ttScore >= beta) {
                singularExtension = -1;
            }
        }

        int[] list = moves[ply];
        int count = MoveGenerator.generate(pos, list, 0, MoveGenerator.ALL);
        if (count == 0) {
            return inCheck ? -MATE + ply : 0;
        }
        ordering.score(pos, list, moveScores[ply], count, ttMove, ply, previousPiece(ply), previousTarget(ply));

        int bestScore = -INFINITE;
        int bestMove = Move.NONE;
        int originalAlpha = alpha;
        int movesSearched = 0;
        int quietCount = 0, captureCount = 0;
        int[] quiets = quietsTried[ply], captures = capturesTried[ply];
        boolean captureHistoryOn = ordering.captureHistoryOn();
        // Every move is asked whether it checks (pruning spares checks, the extension and LMR read it): the node's
        // CheckInfo works out the checking squares once for all of them.
        checkInfo[ply].set(pos);

        for (int i = 0; i < count; i++) {
            int move = MovePicker.pickNext(list, moveScores[ply], i, count);
            if ((rootNode && !isRootMoveAllowed(move)) || move == excluded) {
                continue;
            }
            boolean quiet = !Move.isNoisy(move);
            boolean givesCheck = checkInfo[ply].givesCheck(pos, move);
            // A check is searched one ply deeper only when the checking piece cannot simply be taken for nothing:
            // a spite check that loses material rarely changes the outcome and only grows the tree. A quiet one is
            // pruned and reduced as any other quiet move; a capture that checks (a sacrifice such as Qxh7+) and a
            // check that holds its material never are.
            boolean safeCheck = givesCheck && StaticExchange.atLeast(pos, move, 0);
            boolean sparedCheck = quiet ? safeCheck : givesCheck;

            // Step 8. Pruning of late moves at low depth, once a move has been found not to lose.
            if (!rootNode && !inCheck && bestScore > -MATE_BOUND && movesSearched > 0
                    && depth <= pruneDepth) {
                if (!sparedCheck && prunable(move, quiet, depth, movesSearched, improving, eval, alpha)) {
                    continue;
                }
            }
            if (rootNode && listener != null && time.elapsedMs() > 1000) {
                listener.currentMove(depth, move, movesSearched + 1);
            }

            long nodesBefore = nodes;
            playedMove[ply] = move;
            playedPiece[ply] = pos.pieceAt(Move.from(move));
            makeMove(move);
            // Step 9. Extensions: the singular one for the table's move, else a check that does not lose material.
            int extension = move == ttMove && singularExtension != 0 ? singularExtension : safeCheck ? 1 : 0;
            int newDepth = depth - 1 + extension;
            doubleExtensions[ply + 1] = doubleExtensions[ply] + (extension >= 2 ? 1 : 0);
            int score;
            if (movesSearched == 0) {
                score = -negamax(-beta, -alpha, newDepth, ply + 1, false);
            } else {
                // Step 10. Late move reductions, then a zero-window search; re-search if it beats alpha.
                int reduction = 0;
                // Not at the root: a quiet root move that refutes the expected line (WAC's quiet solutions, such
                // as Re8 or Nb4) is found iterations earlier at full depth. Near the root "improving" cannot be
                // known, so it adds no reduction there.
                if (depth >= lmrMinDepth && movesSearched >= lmrMinMoves + (pvNode ? 1 : 0) && quiet && !safeCheck
                        && !rootNode) {
                    reduction = Math.max(0, Math.min(lateMoveReduction(move, depth, ply, movesSearched, pvNode,
                            improving || ply < 2), newDepth - 1));
                }
                score = -negamax(-alpha - 1, -alpha, newDepth - reduction, ply + 1, false);
                if (score > alpha && reduction > 0) {
                    score = -negamax(-alpha - 1, -alpha, newDepth, ply + 1, false);
                }
                if (score > alpha && score < beta) {
                    score = -negamax(-beta, -alpha, newDepth, ply + 1, false);
                }
            }
            unmakeMove(move);
            movesSearched++;
            if (rootNode) {
                rootMoveNodes[rootMoveIndex(move)] += nodes - nodesBefore;
            }
            if (stopped) {
                return 0; // the subtree was cut short: its score means nothing
            }

            if (score > bestScore) {
                bestScore = score;
                if (score > alpha) {
                    bestMove = move;
                    alpha = score;
                    updatePv(ply, move);
                    if (rootNode) {
                        rootLines.update(currentLine, move, score, pvTable[0], pvLength[0]);
                        if (currentLine == 0) {
                            rootBestMove = move;
                            rootBestScore = score;
                        }
                    }
                    if (score >= beta) {
                        if (quiet) {
                            ordering.updateOnCutoff(pos, pos.sideToMove(), ply, move, depth, quiets, quietCount,
                                    previousPiece(ply), previousTarget(ply));
                        } else if (captureHistoryOn) {
                            ordering.updateCaptureHistory(pos, move, depth, captures, captureCount);
                        }
                        break;
                    }
                }
            }
            if (quiet && quietCount < quiets.length) {
                quiets[quietCount++] = move;
            } else if (!quiet && captureHistoryOn && captureCount < captures.length) {
                captures[captureCount++] = move;
            }
        }
        if (movesSearched == 0) {
            return alpha; // every root move was excluded by searchmoves, or all moves were pruned
        }

        // A singular-extension search saw every move but one: its result is neither stored nor learnt from.
        if (excluded != Move.NONE) {
            return bestScore;
        }
        // Step 11. The result into the table (and the correction history).
        int bound = bestScore >= beta ? BOUND_LOWER : bestScore > originalAlpha ? BOUND_EXACT : BOUND_UPPER;
        learnAndStore(bestScore, bestMove, bound, depth, ply, inCheck, staticEval, rawEval);
        return bestScore;
    }

    /** Step 1: a draw by repetition, the fifty-move rule (unless the side to move is mated) or material. */
    private boolean isDraw(boolean inCheck, int ply) {
        return pos.hasRepeated() || pos.isInsufficientMaterial()
                || (pos.halfmoveClock() >= 100 && (!inCheck || MoveGenerator.generate(pos, moves[ply], 0,
                MoveGenerator.ALL) > 0));
    }

    /**
     * Step 11: the node's result into the table, and into the correction history where it is a real measurement
     * of the evaluation's error: not after a noisy best move (the material changed, not the judgement), and only
     * in the direction the bound proves (a fail high says "at least", a fail low "at most").
     */
    private void learnAndStore(int bestScore, int bestMove, int bound, int depth, int ply, boolean inCheck,
                               int staticEval, int rawEval) {
        if (correctionWeight > 0 && !inCheck && (bestMove == Move.NONE || !Move.isNoisy(bestMove))
                && Math.abs(bestScore) < TB_BOUND
                && (bound == BOUND_EXACT || (bound == BOUND_LOWER ? bestScore > staticEval : bestScore < staticEval))) {
            correction.update(pos, depth, bestScore, staticEval);
        }
        tt.store(pos.key(), bestMove, scoreToTable(bestScore, ply), depth, bound,
                rawEval == NO_SCORE ? 0 : clampEval(rawEval));
    }

    /** Step 3b: the tablebase's score when it ends the node (its bound allows), else {@link #NO_SCORE}. */
    private int probeTablebases(int alpha, int beta, int depth, int ply, boolean inCheck) {
        int pieces = Long.bitCount(pos.occupied());
        if (pieces > tbCardinality || (pieces == tbCardinality && depth < tbProbeDepth)) {
            return NO_SCORE;
        }
        int wdl = tablebases.probeWdl(pos);
        if (wdl == SyzygyTables.FAILED) {
            return NO_SCORE;
        }
        tbHits++;
        int drawScore = tbRule50 ? 1 : 0; // with the rule, cursed wins and blessed losses are draws
        int score = wdl < -drawScore ? -TB_WIN + ply : wdl > drawScore ? TB_WIN - ply : wdl;
        int bound = wdl < -drawScore ? BOUND_UPPER : wdl > drawScore ? BOUND_LOWER : BOUND_EXACT;
        if (bound == BOUND_EXACT || (bound == BOUND_LOWER ? score >= beta : score <= alpha)) {
            // The entry's static evaluation must be real: a later visit may use it without probing.
            tt.store(pos.key(), Move.NONE, scoreToTable(score, ply), Math.min(MAX_PLY - 1, depth + 6),
                    bound, inCheck ? 0 : clampEval(staticEvaluation()));
            return score;
        }
        return NO_SCORE;
    }

    /** Step 6: the score of passing, searched with a reduction that grows with depth and with eval - beta. */
    private int nullMoveSearch(int beta, int depth, int ply, int eval) {
        int reduction = nmpBase + depth / nmpDepthDivisor + Math.min(nmpEvalMax, (eval - beta) / nmpEvalDivisor);
        playedMove[ply] = Move.NONE;
        playedPiece[ply] = Piece.NONE;
        pos.makeNullMove();
        int score = -negamax(-beta, -beta + 1, depth - 1 - reduction, ply + 1, true);
        pos.unmakeNullMove();
        return score;
    }

    /**
     * Step 6b: the first capture whose exchange gains enough and which holds {@code probCutBeta} in quiescence and
     * then at a reduced depth; its score (stored as a lower bound), or {@link #NO_SCORE} when none does.
     */
    private int probCut(int probCutBeta, int depth, int ply, int ttMove, int staticEval, int rawEval) {
        int[] list = moves[ply];
        int count = MoveGenerator.generate(pos, list, 0, MoveGenerator.NOISY);
        ordering.score(pos, list, moveScores[ply], count, ttMove, ply, previousPiece(ply), previousTarget(ply));
        for (int i = 0; i < count; i++) {
            int move = MovePicker.pickNext(list, moveScores[ply], i, count);
            if (!StaticExchange.atLeast(pos, move, probCutBeta - staticEval)) {
                continue;
            }
            playedMove[ply] = move;
            playedPiece[ply] = pos.pieceAt(Move.from(move));
            makeMove(move);
            int score = -quiescence(-probCutBeta, -probCutBeta + 1, ply + 1);
            if (score >= probCutBeta) {
                score = -negamax(-probCutBeta, -probCutBeta + 1, depth - probCutReduction, ply + 1, false);
            }
            unmakeMove(move);
            if (stopped) {
                return NO_SCORE;
            }
            if (score >= probCutBeta) {
                tt.store(pos.key(), move, scoreToTable(score, ply), depth - probCutReduction + 1, BOUND_LOWER,
                        clampEval(rawEval));
                return score;
            }
        }
        return NO_SCORE;
    }

    /** Step 7b: the best score of every move but the table's, searched at half depth against the singular bar. */
    private int excludedSearch(int ttMove, int singularBeta, int depth, int ply, boolean afterNullMove) {
        excludedMove[ply] = ttMove;
        int score = negamax(singularBeta - 1, singularBeta, (depth - 1) / 2, ply, afterNullMove);
        excludedMove[ply] = Move.NONE;
        // The excluded search ran at this ply and may have left its own line in the PV table; a fail low of this
        // node would hand that line to the parent as this node's.
        pvLength[ply] = ply;
        return score;
    }

    /**
     * Step 8: whether a late move is skipped. A quiet one beyond a depth-dependent number of quiet moves (late move
     * pruning), or when it would need to gain more than any quiet move does (futility); a capture that loses more
     * than a margin per ply by SEE.
     */
    private boolean prunable(int move, boolean quiet, int depth, int movesSearched, boolean improving, int eval,
                             int alpha) {
        if (quiet) {
            if (movesSearched >= (lmpBase + depth * depth) / (improving ? 1 : 2)) {
                return true;
            }
            // Futility, unless the history gate (FutHistGate, 0: off) spares a move with that much history.
            return eval + futilityBase + futilityPerDepth * depth <= alpha
                    && (futilityHistoryGate == 0 || ordering.history(pos.sideToMove(), move) < futilityHistoryGate);
        }
        return !StaticExchange.atLeast(pos, move, -seeNoisyMargin * depth);
    }

    /**
     * Step 10: plies a late quiet move is searched shallower: the table's ln(depth) ln(moves), one less on the PV,
     * one more when the position is not improving, less (or more) by the move's history. The side to move has
     * already changed: the move's history is the other side's.
     */
    private int lateMoveReduction(int move, int depth, int ply, int movesSearched, boolean pvNode,
                                  boolean improving) {
        int reduction = reductions[depth][Math.min(movesSearched, MoveGenerator.MAX_MOVES - 1)];
        reduction += pvNode ? -1 : 0;
        reduction += improving ? 0 : 1;
        int quietHistory = ordering.continuationOn() ? ordering.quietHistory(pos.sideToMove() ^ 1, move,
                pos.pieceAt(Move.to(move)), previousPiece(ply), previousTarget(ply))
                : ordering.history(pos.sideToMove() ^ 1, move);
        reduction -= quietHistory / lmrHistoryDivisor;
        return reduction;
    }

    private int quiescence(int alpha, int beta, int ply) {
        if (stopped) {
            return 0;
        }
        nodes++;
        pvLength[ply] = ply;
        checkLimits();
        if (stopped) {
            return 0;
        }
        selectiveDepth = Math.max(selectiveDepth, ply);
        boolean inCheck = pos.inCheck();
        if (ply >= MAX_PLY - 1) {
            return inCheck ? 0 : staticEvaluation();
        }
        if (pos.isInsufficientMaterial()) {
            return 0;
        }
        // The fifty-move rule also ends lines at the horizon (negamax hands depth 0 straight to here): a GUI stops
        // the game there, so a capture after it must not be part of the score or the PV.
        if (ply > 0 && pos.halfmoveClock() >= 100
                && (!inCheck || MoveGenerator.generate(pos, moves[ply], 0, MoveGenerator.ALL) > 0)) {
            return 0;
        }

        long entry = tt.probe(pos.key());
        int ttMove = TranspositionTable.move(entry);
        if (entry != 0) {
            int ttScore = scoreFromTable(TranspositionTable.score(entry), ply);
            int ttBound = TranspositionTable.bound(entry);
            if (ttBound == BOUND_EXACT || (ttBound == BOUND_LOWER ? ttScore >= beta : ttScore <= alpha)) {
                return ttScore;
            }
        }

        int standPat = NO_SCORE;
        int rawEval = NO_SCORE;
        int bestScore = -INFINITE;
        if (!inCheck) {
            // Stand pat: the side to move can usually do at least as well as doing nothing noisy.
            rawEval = entry != 0 ? TranspositionTable.staticEval(entry) : staticEvaluation();
            standPat = correctedEval(rawEval);
            if (standPat >= beta) {
                return standPat;
            }
            alpha = Math.max(alpha, standPat);
            bestScore = standPat;
        }

        int[] list = moves[ply];
        // In check every evasion is searched, quiet ones too: otherwise a mate could be missed at the horizon.
        int count = MoveGenerator.generate(pos, list, 0, inCheck ? MoveGenerator.ALL : MoveGenerator.NOISY);
        if (count == 0 && inCheck) {
            return -MATE + ply;
        }
        ordering.score(pos, list, moveScores[ply], count, ttMove, ply, previousPiece(ply), previousTarget(ply));
        int bestMove = Move.NONE;
        for (int i = 0; i < count; i++) {
            int move = MovePicker.pickNext(list, moveScores[ply], i, count);
            if (!inCheck) {
                if (Move.isPromotion(move) && Move.promotionType(move) != Piece.QUEEN) {
                    continue; // under-promotions matter only in rare quiet lines
                }
                // Delta pruning: even winning the captured piece for free would not lift alpha.
                int gain = StaticExchange.VALUE[Piece.type(pos.pieceAt(Move.to(move)))]
                        + (Move.isPromotion(move) ? 800 : 0);
                if (Move.kind(move) != Move.EN_PASSANT && standPat + gain + qsDelta <= alpha) {
                    continue;
                }
                // Losing captures. Ordering has already judged each noisy move by SEE (the sign of its score);
                // only the table move, scored apart, needs the exchange worked out here.
                if (move == ttMove ? !StaticExchange.atLeast(pos, move, 0) : moveScores[ply][i] < 0) {
                    continue;
                }
            }
            playedMove[ply] = move;
            playedPiece[ply] = pos.pieceAt(Move.from(move));
            makeMove(move);
            int score = -quiescence(-beta, -alpha, ply + 1);
            unmakeMove(move);
            if (stopped) {
                return 0;
            }
            if (score > bestScore) {
                bestScore = score;
                if (score > alpha) {
                    alpha = score;
                    bestMove = move;
                    updatePv(ply, move);
                    if (score >= beta) {
                        break;
                    }
                }
            }
        }
        tt.store(pos.key(), bestMove, scoreToTable(bestScore, ply), 0, bestScore >= beta ? BOUND_LOWER : BOUND_UPPER,
                rawEval == NO_SCORE ? 0 : clampEval(rawEval));
        return bestScore;
    }

    private void updatePv(int ply, int move) {
        int[] row = pvTable[ply];
        row[ply] = move;
        int childLength = pvLength[ply + 1];
        System.arraycopy(pvTable[ply + 1], ply + 1, row, ply + 1, childLength - (ply + 1));
        pvLength[ply] = Math.max(childLength, ply + 1);
    }

    /** The piece that made the previous move (NONE at the root or after a null move), for counter moves. */
    private int previousPiece(int ply) {
        return ply > 0 ? playedPiece[ply - 1] : Piece.NONE;
    }

    private int previousTarget(int ply) {
        return ply > 0 ? Move.to(playedMove[ply - 1]) : 0;
    }

    /**
     * The static evaluation moved by CorrWeight % of what the correction history learnt of its pawn structure
     * ({@link CorrectionHistory}), kept below tablebase and mate scores. The weight is 0 (off) until games say
     * otherwise: a tune may switch it on.
     */
    private int correctedEval(int rawEval) {
        int weight = correctionWeight;
        if (weight == 0) {
            return rawEval;
        }
        int corrected = rawEval + (correction.correct(pos, rawEval) - rawEval) * weight / 100;
        return Math.max(-TB_BOUND + 1, Math.min(TB_BOUND - 1, corrected));
    }

    private static int clampEval(int eval) {
        return Math.max(-8191, Math.min(8191, eval));
    }

    /** Mate and tablebase scores in the table count plies from the stored node, so they hold at any ply. */
    static int scoreToTable(int score, int ply) {
        if (score >= TB_BOUND) {
            return score + ply;
        }
        if (score <= -TB_BOUND) {
            return score - ply;
        }
        return score;
    }

    static int scoreFromTable(int score, int ply) {
        if (score >= TB_BOUND) {
            return score - ply;
        }
        if (score <= -TB_BOUND) {
            return score + ply;
        }
        return score;
    }
}
