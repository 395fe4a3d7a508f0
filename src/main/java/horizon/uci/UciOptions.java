package horizon.uci;

import horizon.book.OpeningBook;
import horizon.engine.Engine;
import horizon.eval.Weights;
import horizon.search.Searcher;
import horizon.search.StrengthLimit;
import horizon.search.TranspositionTable;
import horizon.search.Tunable;
import horizon.search.Tunables;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Horizon's UCI options, one row each ({@link UciOption}): {@code uci} prints the rows in order, {@code setoption}
 * looks the name up (in any case) and the row checks the value and calls its setter. The setters turn a value into
 * engine calls and answer in {@code info string}s; the few settings that are the protocol's own (UCI_ShowWDL, and
 * UCI_LimitStrength and UCI_Elo, which arrive one at a time) are kept here.
 */
final class UciOptions {
    private final Engine engine;
    /** Sends one {@code info string} line. */
    private final Consumer<String> info;
    /** Keyed by the lower-case name; in the order {@code uci} declares them. */
    private final Map<String, UciOption> rows = new LinkedHashMap<>();
    /**
     * The tunable constants ({@link Tunables}) and StrengthSetting, declared and accepted only when asked for (SPSA
     * runs, OpenBench, calibration: the launcher argument {@code --tunable} or {@code HORIZON_TUNABLE=1}), so that a
     * GUI's option list stays short.
     */
    private final Map<String, UciOption> tunableRows = new LinkedHashMap<>();
    private boolean tunablesShown;

    private boolean showWdl;
    private boolean limitStrength;
    private int strengthElo = StrengthLimit.MAX_ELO;

    UciOptions(Engine engine, Consumer<String> info) {
        this.engine = engine;
        this.info = info;
        addEngineRows();
        addTunableRows();
    }

    private void addEngineRows() {
        add(rows, UciOption.spin("Hash", TranspositionTable.DEFAULT_MB, 1, Engine.MAX_HASH_MB, this::setHash));
        add(rows, UciOption.button("Clear Hash", engine::clearHash));
        add(rows, UciOption.spin("Threads", 1, 1, Engine.MAX_THREADS, engine::setThreads));
        // Ponder only tells the engine that the GUI may send "go ponder"; nothing to configure.
        add(rows, UciOption.check("Ponder", false, on -> { }));
        add(rows, UciOption.spin("MultiPV", 1, 1, Searcher.MAX_MULTI_PV, engine::setMultiPv));
        add(rows, UciOption.check("UCI_ShowWDL", false, on -> showWdl = on));
        add(rows, UciOption.spin("Move Overhead", Engine.DEFAULT_MOVE_OVERHEAD_MS, 0, Engine.MAX_MOVE_OVERHEAD_MS,
                engine::setMoveOverhead));
        add(rows, UciOption.check("UCI_Chess960", false, engine::setChess960));
        add(rows, UciOption.string("EvalFile", "<built-in>", this::loadEvalFile));
        add(rows, UciOption.check("UseNNUE", engine::usesNetwork, this::setUseNetwork));
        add(rows, UciOption.string("SyzygyPath", "<empty>", this::setSyzygyPath));
        add(rows, UciOption.spin("SyzygyProbeDepth", 1, 1, 100, engine::setSyzygyProbeDepth));
        add(rows, UciOption.check("Syzygy50MoveRule", true, engine::setSyzygy50MoveRule));
        add(rows, UciOption.spin("SyzygyProbeLimit", 7, 0, 7, engine::setSyzygyProbeLimit));
        add(rows, UciOption.check("OwnBook", false, this::setOwnBook));
        add(rows, UciOption.string("BookFile", "<empty>", this::loadBookFile));
        add(rows, UciOption.spin("BookMoves", Engine.DEFAULT_BOOK_MOVES, 0, Engine.MAX_BOOK_MOVES,
                engine::setBookMoves));
        add(rows, UciOption.spin("BookVariety", Engine.DEFAULT_BOOK_VARIETY, 0, 100, engine::setBookVariety));
        add(rows, UciOption.check("UCI_LimitStrength", false, this::setLimitStrength));
        add(rows, UciOption.spinAnyNumber("UCI_Elo", StrengthLimit.MAX_ELO, StrengthLimit.MIN_ELO,
                StrengthLimit.MAX_ELO, this::setElo));
    }

    private void addTunableRows() {
        add(tunableRows, UciOption.spin("StrengthSetting", 2800, 1000, 2800, this::setStrengthSetting));
        for (Tunable t : Tunables.all()) {
            add(tunableRows, UciOption.spin(t.name, t::get, t.min, t.max, v -> engine.setTunable(t.name, v)));
        }
    }

    private void add(Map<String, UciOption> table, UciOption row) {
        String key = row.name.toLowerCase(Locale.ROOT);
        if (rows.containsKey(key) || tunableRows.containsKey(key)) {
            throw new IllegalStateException("two UCI options named " + row.name);
        }
        table.put(key, row);
    }

    /** Declares and accepts the tunable constants too (see {@link #tunableRows}). */
    void showTunables(boolean on) {
        tunablesShown = on;
    }

    /** UCI_ShowWDL: whether search reports carry the win/draw/loss estimate. */
    boolean showWdl() {
        return showWdl;
    }

    /** Every {@code option name ...} line of the {@code uci} answer, in order. */
    void declare(Consumer<String> lines) {
        rows.values().forEach(row -> lines.accept(row.declaration()));
        if (tunablesShown) {
            tunableRows.values().forEach(row -> lines.accept(row.declaration()));
        }
    }

    /** setoption: the row of that name (in any case) takes the value, or an info string says why not. */
    void set(String name, String value) {
        String key = name.toLowerCase(Locale.ROOT);
        UciOption row = rows.containsKey(key) ? rows.get(key) : tunablesShown ? tunableRows.get(key) : null;
        if (row == null) {
            info.accept("unknown option '" + name + "'");
            return;
        }
        String problem = row.set(value);
        if (problem != null) {
            info.accept(problem);
        }
    }

    // ---- the setters that say more than yes ----

    private void setHash(int mb) {
        if (!engine.setHashMb(mb)) {
            info.accept("cannot allocate a " + mb + " MB hash table; using " + engine.hashMb() + " MB");
        }
    }

    private void setOwnBook(boolean on) {
        engine.setOwnBook(on);
        if (engine.ownBook() && engine.book() == null) {
            info.accept("OwnBook is on but no book is loaded: set BookFile to a Polyglot .bin file");
        }
    }

    private void setLimitStrength(boolean on) {
        limitStrength = on;
        engine.setStrength(limitStrength, strengthElo);
    }

    /**
     * UCI_Elo: outside the calibrated range the nearest rating is played, with a word why (a GUI's slider may reach
     * further than the calibration does).
     */
    private void setElo(int elo) {
        int nearest = Math.max(StrengthLimit.MIN_ELO, Math.min(StrengthLimit.MAX_ELO, elo));
        if (nearest != elo) {
            info.accept("UCI_Elo " + elo + " is outside the calibrated " + StrengthLimit.MIN_ELO + "-"
                    + StrengthLimit.MAX_ELO + "; playing at " + nearest);
        }
        strengthElo = nearest;
        engine.setStrength(limitStrength, strengthElo);
    }

    /** Calibration only (horizon calibrate): UCI_LimitStrength at an internal setting rather than a label. */
    private void setStrengthSetting(int setting) {
        limitStrength = true;
        engine.setStrength(true, strengthElo);
        engine.setStrengthSetting(setting);
    }

    /**
     * EvalFile: a network (.nnue, or a bullet net) or a linear weights file, told apart by the file's header, or
     * empty / {@code <built-in>} for the built-in ones; a bad file leaves the evaluation as it was.
     */
    private void loadEvalFile(String path) {
        if (path.isEmpty() || path.equals("<built-in>") || path.equals("<empty>")) {
            // Back to what the engine plays as shipped: the built-in weights, and the built-in network with UseNNUE
            // as it is by default.
            engine.setWeights(Weights.builtIn());
            engine.clearLoadedNetwork();
            engine.useNetwork(Engine.NETWORK_BY_DEFAULT);
            info.accept("EvalFile: built-in weights '" + Weights.builtIn().name + "'"
                    + (engine.usesNetwork() ? " and built-in network " + engine.network().architecture()
                    + "; UseNNUE is on" : ""));
            return;
        }
        String loaded;
        try {
            loaded = engine.loadEvalFile(Path.of(path));
        } catch (RuntimeException e) { // the file's problem, or a path the file system cannot even name
            info.accept("EvalFile " + path + " not loaded (" + e.getMessage() + "); keeping "
                    + (engine.usesNetwork() ? "the network " + engine.network().architecture()
                    : "the linear evaluation (weights '" + engine.weights().name + "')"));
            return;
        }
        info.accept("EvalFile: loaded " + loaded + " from " + path + (engine.usesNetwork() ? "; UseNNUE is on" : ""));
    }

    /** UseNNUE: the network or the linear evaluation; asking for the network without one says how to get one. */
    private void setUseNetwork(boolean on) {
        if (engine.useNetwork(on) != on) {
            info.accept("UseNNUE: this build has no built-in network; set EvalFile to a .nnue file");
        }
        info.accept(engine.usesNetwork() ? "the network evaluates (" + engine.network().architecture() + ")"
                : "the linear evaluation plays (weights '" + engine.weights().name + "')");
    }

    /** SyzygyPath: folders of Syzygy tables; every problem gets an info string, the usable tables are used. */
    private void setSyzygyPath(String paths) {
        String given = paths.equals("<empty>") ? "" : paths;
        for (String problem : engine.setSyzygyPath(given)) {
            info.accept("SyzygyPath: " + problem);
        }
        if (given.isBlank()) {
            info.accept("SyzygyPath: no tablebases");
        } else if (engine.tablebases() == null) {
            info.accept("SyzygyPath: no usable tables found in " + given + "; playing without tablebases");
        } else {
            info.accept("SyzygyPath: " + engine.tablebases().tableCount() + " tables, up to "
                    + engine.tablebases().maxPieces() + " pieces");
        }
    }

    /** BookFile: a Polyglot book, or empty / {@code <empty>} for none; a bad file leaves the engine without a book. */
    private void loadBookFile(String path) {
        if (path.isEmpty() || path.equals("<empty>")) {
            engine.clearBook();
            info.accept("BookFile: no book");
            return;
        }
        try {
            OpeningBook book = engine.loadBook(Path.of(path));
            info.accept("BookFile: " + path + ", " + book.size() + " entries"
                    + (engine.ownBook() ? "" : " (used once OwnBook is true)"));
        } catch (RuntimeException e) { // the file's problem, or a path the file system cannot even name
            info.accept("BookFile " + path + " not loaded (" + e.getMessage() + "); playing without a book");
        }
    }
}
