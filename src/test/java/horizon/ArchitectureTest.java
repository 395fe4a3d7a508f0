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
    private static final String BOARD = "board", EVAL = "eval", NNUE = "nnue", IO = "io", BOOK = "book", TB = "tb",
            SEARCH = "search", ENGINE = "engine", UCI = "uci", TOOLS = "tools", TUNE_DATA = "tune.data",
            TUNE_FIT = "tune.fit", TUNE_GAMES = "tune.games", MAIN = "main";

    /**
     * board at the bottom; eval, nnue, io, book and tb on board; search on eval, nnue and tb; engine on search and
     * book; uci and tools on the engine; the tuning pipeline on search, engine, eval, nnue and io, each step on the
     * steps before it (data, then fit, then games); only Main reaches uci and the tuning packages, so the engine
     * never imports the tuner and nothing but the entry point imports the protocol. nnue (network inference) is
     * optional: the layer holds the rule before its first class lands, and eval may not import it.
     */
    @ArchTest
    static final ArchRule packagesDependOneWay = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer(BOARD).definedBy("horizon.board..")
            .layer(EVAL).definedBy("horizon.eval..")
            .optionalLayer(NNUE).definedBy("horizon.nnue..")
            .layer(IO).definedBy("horizon.io..")
            .layer(BOOK).definedBy("horizon.book..")
            .layer(TB).definedBy("horizon.tb..")
            .layer(SEARCH).definedBy("horizon.search..")
            .layer(ENGINE).definedBy("horizon.engine..")
            .layer(UCI).definedBy("horizon.uci..")
            .layer(TOOLS).definedBy("horizon.tools..")
            .layer(TUNE_DATA).definedBy("horizon.tune.data..")
            .layer(TUNE_FIT).definedBy("horizon.tune.fit..")
            .layer(TUNE_GAMES).definedBy("horizon.tune.games..")
            .layer(MAIN).definedBy("horizon")
            .whereLayer(BOARD).mayNotAccessAnyLayer()
            .whereLayer(EVAL).mayOnlyAccessLayers(BOARD)
            .whereLayer(NNUE).mayOnlyAccessLayers(BOARD)
            .whereLayer(IO).mayOnlyAccessLayers(BOARD)
            .whereLayer(BOOK).mayOnlyAccessLayers(BOARD)
            .whereLayer(TB).mayOnlyAccessLayers(BOARD)
            .whereLayer(SEARCH).mayOnlyAccessLayers(BOARD, EVAL, NNUE, TB)
            .whereLayer(ENGINE).mayOnlyAccessLayers(BOARD, EVAL, NNUE, BOOK, TB, SEARCH)
            .whereLayer(UCI).mayOnlyAccessLayers(BOARD, EVAL, NNUE, BOOK, TB, SEARCH, ENGINE)
            .whereLayer(TOOLS).mayOnlyAccessLayers(BOARD, EVAL, NNUE, IO, BOOK, TB, SEARCH, ENGINE)
            .whereLayer(TUNE_DATA).mayOnlyAccessLayers(BOARD, EVAL, NNUE, IO, SEARCH, ENGINE)
            .whereLayer(TUNE_FIT).mayOnlyAccessLayers(BOARD, EVAL, NNUE, IO, SEARCH, ENGINE, TUNE_DATA)
            .whereLayer(TUNE_GAMES).mayOnlyAccessLayers(BOARD, EVAL, NNUE, IO, SEARCH, ENGINE, TUNE_DATA, TUNE_FIT)
            .whereLayer(NNUE).mayOnlyBeAccessedByLayers(SEARCH, ENGINE, UCI, TOOLS, TUNE_DATA, TUNE_FIT, TUNE_GAMES,
                    MAIN)
            .whereLayer(UCI).mayOnlyBeAccessedByLayers(MAIN)
            .whereLayer(TUNE_DATA).mayOnlyBeAccessedByLayers(TUNE_FIT, TUNE_GAMES, MAIN)
            .whereLayer(TUNE_FIT).mayOnlyBeAccessedByLayers(TUNE_GAMES, MAIN)
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
