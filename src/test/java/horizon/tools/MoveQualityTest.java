package horizon.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.Main;
import horizon.io.PgnReader;
import horizon.io.UciEngineProcess;
import horizon.testing.ConsoleCapture;
import horizon.testing.Stockfish;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MoveQualityTest {
    /** Black walks into the scholar's mate: 3...Nf6?? allows 4.Qxf7#. */
    private static final String SCHOLARS_MATE = """
            [Event "test"]
            [White "attacker"]
            [Black "victim"]
            [Result "1-0"]

            1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
            """;

    @Test
    void lossesAreGradedByTheDropInWinningChancesAsLichessGradesThem() {
        assertEquals(0, MoveQuality.winningChances(0), 1e-12);
        assertEquals(-MoveQuality.winningChances(300), MoveQuality.winningChances(-300), 1e-12);
        MoveQuality.Tally best = MoveQuality.Tally.ofMove(40, 40, true);
        assertEquals(List.of(1, 1, 0, 0, 0, 0L), fields(best));
        // From a level position: 60 cp lost is an inaccuracy, 120 a mistake, 200 a blunder.
        assertEquals(List.of(1, 0, 1, 0, 0, 60L), fields(MoveQuality.Tally.ofMove(0, -60, false)));
        assertEquals(List.of(1, 0, 0, 1, 0, 120L), fields(MoveQuality.Tally.ofMove(0, -120, false)));
        assertEquals(List.of(1, 0, 0, 0, 1, 200L), fields(MoveQuality.Tally.ofMove(0, -200, false)));
        // Far ahead, 300 cp given back still wins: no error; beyond 1000 cp nothing more counts.
        assertEquals(List.of(1, 0, 0, 0, 0, 300L), fields(MoveQuality.Tally.ofMove(1000, 700, false)));
        assertEquals(List.of(1, 0, 0, 0, 0, 0L), fields(MoveQuality.Tally.ofMove(3000, 1500, false)));
        // The judge's second search may score the played move a little higher than its first: no negative loss.
        assertEquals(0L, MoveQuality.Tally.ofMove(20, 35, false).centipawnLoss());
        MoveQuality.Tally sum = best.plus(MoveQuality.Tally.ofMove(0, -200, false));
        assertEquals(100.0, sum.averageCentipawnLoss(), 1e-9);
        assertTrue(sum.describe().contains("2 moves, 50.0 % the judge's best, average loss 100 cp"), sum.describe());
    }

    @Test
    void theJudgesLastExactScoreCountsAndAMateIsTheClamp() throws IOException {
        MoveQuality.Verdict v = MoveQuality.verdict(List.of("info depth 1 score cp 13 nodes 20 pv e2e4",
                "info depth 2 score cp 90 lowerbound nodes 50 pv d2d4", "info depth 2 score cp 25 nodes 80 pv d2d4",
                "bestmove d2d4 ponder d7d5"));
        assertEquals(new MoveQuality.Verdict("d2d4", 25), v);
        assertEquals(-1000, MoveQuality.verdict(List.of("info depth 9 score mate -3 pv h7h6",
                "bestmove h7h6")).cp());
        assertThrows(IOException.class, () -> MoveQuality.verdict(List.of("bestmove (none)")));
    }

    @Tag("oracle")
    @Test
    void stockfishSeesTheBlunderAndTheMate(@TempDir Path dir) throws Exception {
        Path pgn = dir.resolve("games.pgn");
        Files.writeString(pgn, SCHOLARS_MATE, StandardCharsets.UTF_8);
        PgnReader.Game game = PgnReader.read(pgn, p -> {
            throw new AssertionError(p);
        }).get(0);
        try (UciEngineProcess stockfish = Stockfish.start()) {
            MoveQuality quality = new MoveQuality(stockfish, 20_000);
            MoveQuality.Tally victim = quality.judge(game, false), attacker = quality.judge(game, true);
            assertEquals(3, victim.moves());
            assertTrue(victim.blunders() >= 1, "3...Nf6 allows mate in one: " + victim.describe());
            assertEquals(4, attacker.moves());
            assertTrue(attacker.best() >= 1 && attacker.blunders() == 0, "4.Qxf7# is best: " + attacker.describe());
        }
        // The command: one line per file, then the total, for the player named.
        ConsoleCapture.Captured run = ConsoleCapture.run(() -> Main.commandLine(new MoveQualityCommand()).execute(
                "--player", "victim", "--judge", Stockfish.path(), "--nodes", "20000", pgn.toString()));
        String text = run.out();
        assertEquals(0, run.exit(), run.both());
        assertTrue(text.contains(pgn + ": 1 games, 3 moves,") && text.contains("total: 3 moves,"), text);
        assertEquals(2, Main.commandLine(new MoveQualityCommand()).execute("--player", "x", "--nodes", "0",
                pgn.toString()), "a bad budget is refused");
    }

    private static List<Object> fields(MoveQuality.Tally t) {
        return List.of(t.moves(), t.best(), t.inaccuracies(), t.mistakes(), t.blunders(), t.centipawnLoss());
    }
}
