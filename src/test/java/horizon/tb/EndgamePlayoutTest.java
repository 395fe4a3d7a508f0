package horizon.tb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import horizon.board.Move;
import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.board.UciMove;
import horizon.engine.Engine;
import horizon.engine.EngineListener;
import horizon.engine.SearchResult;
import horizon.io.UciEngineProcess;
import horizon.search.SearchLimits;
import horizon.testing.SharedFiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Won endgames played out against Stockfish (Debian's, defending at 20,000 nodes a move): Horizon must mate before
 * the fifty-move rule or a threefold repetition ends the game. With the Syzygy tables the root keeps only the moves
 * that make progress; without them the evaluation's endgame knowledge (driving the king to the edge, to the right
 * corner in KBNK) must do it. Each move of Horizon's is a fixed node budget, so the games replay exactly.
 */
@Tag("slow")
@Tag("oracle")
class EndgamePlayoutTest {
    private static final int HORIZON_NODES = 50_000;
    private static final String DEFENDER_GO = "nodes 20000";
    private static UciEngineProcess stockfish;

    @BeforeAll
    static void startStockfish() throws IOException {
        String path = UciEngineProcess.findStockfish();
        assertNotNull(path, "Stockfish is needed (apt-get install stockfish)");
        stockfish = new UciEngineProcess(path);
    }

    @AfterAll
    static void stopStockfish() {
        if (stockfish != null) {
            stockfish.close();
        }
    }

    @ParameterizedTest(name = "with tables: {0} {1}")
    @CsvSource({
            "KQK, 8/8/8/4k3/8/8/8/KQ6 w - - 0 1",
            "KRK, 8/8/3k4/8/8/8/8/R3K3 w - - 0 1",
            "KBNK, 8/8/8/4k3/8/8/8/KBN5 w - - 0 1",
            "KPK, 3k4/8/3K4/3P4/8/8/8/8 w - - 0 1",
            "KPK, 5k2/8/4K3/4P3/8/8/8/8 b - - 0 1",
            "KQKR, 8/8/4k3/8/2r5/8/8/3QK3 w - - 0 1",
            "KQKR, 3k4/8/8/8/8/8/5r2/4K2Q b - - 0 1",
    })
    void winsWithTablebases(String name, String fen) throws IOException {
        Engine engine = new Engine();
        List<String> problems = engine.setSyzygyPath(SharedFiles.path("syzygy").toString());
        assertEquals(List.of(), problems);
        int winner = Position.fromFen(fen).sideToMove();
        SyzygyProber prober = engine.tablebases().newProber();
        int wdl = prober.probeWdl(Position.fromFen(fen));
        assertTrue(Math.abs(wdl) == SyzygyTables.WIN, name + " must be a decided start: WDL " + wdl);
        if (wdl < 0) {
            winner = 1 - winner; // the side to move is the one that loses
        }
        playOut(engine, fen, winner, name);
    }

    @ParameterizedTest(name = "without tables: {0} {1}")
    @CsvSource({
            "KQK, 8/8/8/4k3/8/8/8/KQ6 w - - 0 1",
            "KRK, 8/8/3k4/8/8/8/8/R3K3 w - - 0 1",
            "KRK, 7k/8/8/8/8/8/8/R3K3 b - - 0 1",
            "KBNK, 8/8/8/4k3/8/8/8/KBN5 w - - 0 1",
            "KBNK, 7k/8/8/8/8/8/8/1NB1K3 w - - 0 1",
    })
    void winsWithoutTablebases(String name, String fen) throws IOException {
        Engine engine = new Engine();
        int winner = Long.bitCount(Position.fromFen(fen).colorOccupancy(0)) > 1 ? 0 : 1; // not the bare king
        playOut(engine, fen, winner, name);
    }

    /** Plays until mate; Horizon has {@code winner}'s side, Stockfish the other. */
    private static void playOut(Engine engine, String fen, int winner, String name) throws IOException {
        Position pos = Position.fromFen(fen);
        stockfish.send("ucinewgame");
        List<String> moves = new ArrayList<>();
        for (int ply = 0; ply < 400; ply++) {
            int[] legal = new int[MoveGenerator.MAX_MOVES];
            if (MoveGenerator.generateAll(pos, legal) == 0) {
                assertTrue(pos.inCheck() && pos.sideToMove() != winner,
                        name + ": the game ended without Horizon mating: " + pos.toFen() + " after " + moves);
                System.out.println(name + " from " + fen + ": mate after " + moves.size() + " plies: "
                        + String.join(" ", moves));
                return; // mated within the rules
            }
            if (pos.halfmoveClock() >= 100 || pos.repetitionCount() >= 2) {
                fail(name + ": draw by the fifty-move rule or repetition at " + pos.toFen() + " after " + moves);
            }
            int move;
            if (pos.sideToMove() == winner) {
                move = horizonMove(engine, pos);
            } else {
                List<String> lines = stockfish.search(pos.toFen(), DEFENDER_GO);
                String best = lines.get(lines.size() - 1).split(" ")[1];
                move = UciMove.parse(pos, best, false);
            }
            assertTrue(move != Move.NONE, name + ": no legal move came back at " + pos.toFen());
            moves.add(Move.toUci(move));
            pos.makeMove(move);
        }
        fail(name + ": no mate in 400 plies: " + moves);
    }

    private static int horizonMove(Engine engine, Position pos) {
        engine.setPosition(pos);
        SearchLimits limits = new SearchLimits();
        limits.nodes = HORIZON_NODES;
        AtomicInteger best = new AtomicInteger(Move.NONE);
        engine.go(limits, new EngineListener() {
            @Override
            public void finished(SearchResult result) {
                best.set(result.bestMove());
            }
        });
        engine.waitForSearch();
        return best.get();
    }
}
