package horizon;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The package dependency rule (docs/architecture.md), checked on the compiled classes so that a change that breaks
 * it fails the build with the offending class and dependency named. Tests are left out: a test may reach across
 * packages to set up what it checks.
 */
@AnalyzeClasses(packages = "horizon", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    private static final String BOARD = "board", EVAL = "eval", NNUE = "nnue", IO = "io", PLOT = "plot",
            BOOK = "book", TB = "tb", SEARCH = "search", ENGINE = "engine", UCI = "uci", TOOLS = "tools",
            TUNE_DATA = "tune.data", TEXEL = "tune.fit.texel", NNUE_TRAINER = "tune.fit.nnue",
            TUNE_GAMES = "tune.games", MAIN = "main";

    /**
     * board at the bottom; eval, nnue (network inference), io, book and tb on board, and eval never imports nnue;
     * plot (the charts' page and loss curve) beside io, for the tools and every tuning step; search on eval, nnue and
     * tb; engine on search and book; uci and tools on the engine; the tuning pipeline on search, engine, eval, nnue
     * and io, each step on the steps before it (data, then fit, then games). fit is two families that share
     * nothing, the Texel tuner of the linear evaluation and the network trainer, a layer each that may not import
     * the other. Only Main reaches uci and the tuning packages, so the engine never imports a tuner and nothing but
     * the entry point imports the protocol.
     */
    @ArchTest
    static final ArchRule packagesDependOneWay = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer(BOARD).definedBy("horizon.board..")
            .layer(EVAL).definedBy("horizon.eval..")
            .layer(NNUE).definedBy("horizon.nnue..")
            .layer(IO).definedBy("horizon.io..")
            .layer(PLOT).definedBy("horizon.plot..")
            .layer(BOOK).definedBy("horizon.book..")
            .layer(TB).definedBy("horizon.tb..")
            .layer(SEARCH).definedBy("horizon.search..")
            .layer(ENGINE).definedBy("horizon.engine..")
            .layer(UCI).definedBy("horizon.uci..")
            .layer(TOOLS).definedBy("horizon.tools..")
            .layer(TUNE_DATA).definedBy("horizon.tune.data..")
            .layer(TEXEL).definedBy("horizon.tune.fit.texel..")
            .layer(NNUE_TRAINER).definedBy("horizon.tune.fit.nnue..")
            .layer(TUNE_GAMES).definedBy("horizon.tune.games..")
            .layer(MAIN).definedBy("horizon")
            .whereLayer(BOARD).mayNotAccessAnyLayer()
            .whereLayer(EVAL).mayOnlyAccessLayers(BOARD)
            .whereLayer(NNUE).mayOnlyAccessLayers(BOARD)
            .whereLayer(IO).mayOnlyAccessLayers(BOARD)
            .whereLayer(PLOT).mayOnlyAccessLayers(BOARD, EVAL, IO)
            .whereLayer(BOOK).mayOnlyAccessLayers(BOARD)
            .whereLayer(TB).mayOnlyAccessLayers(BOARD)
            .whereLayer(SEARCH).mayOnlyAccessLayers(BOARD, EVAL, NNUE, TB)
            .whereLayer(ENGINE).mayOnlyAccessLayers(BOARD, EVAL, NNUE, BOOK, TB, SEARCH)
            .whereLayer(UCI).mayOnlyAccessLayers(BOARD, EVAL, NNUE, BOOK, TB, SEARCH, ENGINE)
            .whereLayer(TOOLS).mayOnlyAccessLayers(BOARD, EVAL, NNUE, IO, PLOT, BOOK, TB, SEARCH, ENGINE)
            .whereLayer(TUNE_DATA).mayOnlyAccessLayers(BOARD, EVAL, NNUE, IO, PLOT, SEARCH, ENGINE)
            .whereLayer(TEXEL).mayOnlyAccessLayers(BOARD, EVAL, NNUE, IO, PLOT, SEARCH, ENGINE, TUNE_DATA)
            .whereLayer(NNUE_TRAINER).mayOnlyAccessLayers(BOARD, EVAL, NNUE, IO, PLOT, SEARCH, ENGINE, TUNE_DATA)
            .whereLayer(TUNE_GAMES).mayOnlyAccessLayers(BOARD, EVAL, NNUE, IO, PLOT, SEARCH, ENGINE, TUNE_DATA,
                    TEXEL, NNUE_TRAINER)
            .whereLayer(NNUE).mayOnlyBeAccessedByLayers(SEARCH, ENGINE, UCI, TOOLS, TUNE_DATA, TEXEL, NNUE_TRAINER,
                    TUNE_GAMES, MAIN)
            .whereLayer(PLOT).mayOnlyBeAccessedByLayers(TOOLS, TUNE_DATA, TEXEL, NNUE_TRAINER, TUNE_GAMES)
            .whereLayer(UCI).mayOnlyBeAccessedByLayers(MAIN)
            .whereLayer(TUNE_DATA).mayOnlyBeAccessedByLayers(TEXEL, NNUE_TRAINER, TUNE_GAMES, MAIN)
            .whereLayer(TEXEL).mayOnlyBeAccessedByLayers(TUNE_GAMES, MAIN)
            .whereLayer(NNUE_TRAINER).mayOnlyBeAccessedByLayers(TUNE_GAMES, MAIN)
            .whereLayer(TUNE_GAMES).mayOnlyBeAccessedByLayers(MAIN)
            .whereLayer(MAIN).mayNotBeAccessedByAnyLayer();

    /**
     * No two packages may depend on each other, even through a third: each layer can be read without the ones above.
     * {@code (**)} makes every package its own slice, sub-packages included, so a cycle between two steps of the
     * tuning pipeline is caught as well as one between top-level packages.
     */
    @ArchTest
    static final ArchRule noCycles = slices().matching("horizon.(**)").should().beFreeOfCycles();
}
