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
    private static final String BOARD = "board", EVAL = "eval", IO = "io", BOOK = "book", TB = "tb",
            SEARCH = "search", ENGINE = "engine", UCI = "uci", TOOLS = "tools", TUNE = "tune", MAIN = "main";

    /**
     * board at the bottom; eval, io, book and tb on board; search on eval and tb; engine on search and book; uci
     * and tools on the engine; tune (the tuner and the SPSA driver) on search, engine, eval and io; only Main
     * reaches uci and tune, so the engine never imports the tuner and nothing but the entry point imports the
     * protocol.
     */
    @ArchTest
    static final ArchRule packagesDependOneWay = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer(BOARD).definedBy("horizon.board..")
            .layer(EVAL).definedBy("horizon.eval..")
            .layer(IO).definedBy("horizon.io..")
            .layer(BOOK).definedBy("horizon.book..")
            .layer(TB).definedBy("horizon.tb..")
            .layer(SEARCH).definedBy("horizon.search..")
            .layer(ENGINE).definedBy("horizon.engine..")
            .layer(UCI).definedBy("horizon.uci..")
            .layer(TOOLS).definedBy("horizon.tools..")
            .layer(TUNE).definedBy("horizon.tune..")
            .layer(MAIN).definedBy("horizon")
            .whereLayer(BOARD).mayNotAccessAnyLayer()
            .whereLayer(EVAL).mayOnlyAccessLayers(BOARD)
            .whereLayer(IO).mayOnlyAccessLayers(BOARD)
            .whereLayer(BOOK).mayOnlyAccessLayers(BOARD)
            .whereLayer(TB).mayOnlyAccessLayers(BOARD)
            .whereLayer(SEARCH).mayOnlyAccessLayers(BOARD, EVAL, TB)
            .whereLayer(ENGINE).mayOnlyAccessLayers(BOARD, EVAL, BOOK, TB, SEARCH)
            .whereLayer(UCI).mayOnlyAccessLayers(BOARD, EVAL, BOOK, TB, SEARCH, ENGINE)
            .whereLayer(TOOLS).mayOnlyAccessLayers(BOARD, EVAL, IO, BOOK, TB, SEARCH, ENGINE)
            .whereLayer(TUNE).mayOnlyAccessLayers(BOARD, EVAL, IO, SEARCH, ENGINE)
            .whereLayer(UCI).mayOnlyBeAccessedByLayers(MAIN)
            .whereLayer(TUNE).mayOnlyBeAccessedByLayers(MAIN)
            .whereLayer(MAIN).mayNotBeAccessedByAnyLayer();

    /** No two packages may depend on each other, even through a third: each layer can be read without the ones above. */
    @ArchTest
    static final ArchRule noCycles = slices().matching("horizon.(*)..").should().beFreeOfCycles();
}
