package horizon.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Move;
import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.board.UciMove;
import horizon.testing.RandomWalk;
import horizon.testing.UciSession;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Lazy SMP through the protocol: legal answers from many threads, clean thread life cycles, stop storms. */
class LazySmpTest {
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    /**
     * This session's search threads still alive, after giving the main search thread a moment to end: it prints
     * "bestmove" as its very last act (its helpers were joined before), so a test that has just read that line may
     * see it alive. Only the session's own engine counts: threads of the same names left by other tests do not.
     */
    private static long liveSearchThreads(UciSession uci) throws InterruptedException {
        long deadline = System.nanoTime() + 2_000_000_000L;
        long alive;
        while ((alive = uci.liveThreads(LazySmpTest::isSearchThread).size()) > 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        return alive;
    }

    private static boolean isSearchThread(String name) {
        return name.startsWith("horizon-helper") || name.equals("horizon-search");
    }

    @Test
    @Timeout(120)
    void fourThreadsAlwaysGiveALegalMoveAndALegalPrincipalVariation() throws Exception {
        SplittableRandom random = new SplittableRandom(44);
        UciSession uci = new UciSession();
        try (uci) {
            uci.send("setoption name Threads value 4");
            uci.send("isready");
            assertNotNull(uci.expectPrefix("readyok", 10_000));
            for (int i = 0; i < 60; i++) {
                String start = random.nextBoolean() ? Position.START_FEN : KIWIPETE;
                Position pos = RandomWalk.walk(start, 1 + random.nextInt(60), random);
                if (MoveGenerator.countLegal(pos) == 0) {
                    continue;
                }
                String fen = pos.toFen();
                uci.send("position fen " + fen);
                uci.send(i % 2 == 0 ? "go movetime 40" : "go depth 7");
                String lastInfo = null;
                String line;
                while ((line = uci.expect(l -> l.startsWith("info depth") || l.startsWith("bestmove"), 10_000))
                        != null && !line.startsWith("bestmove")) {
                    if (line.contains(" pv ")) {
                        lastInfo = line;
                        assertPvLegal(fen, line);
                    }
                }
                assertNotNull(line, "no bestmove for " + fen);
                assertNotEquals(Move.NONE, UciMove.parse(Position.fromFen(fen), line.split(" ")[1], false),
                        line + " in " + fen);
                assertNotNull(lastInfo, "no info line for " + fen);
            }
        }
        assertEquals(0, liveSearchThreads(uci), "a search thread outlived its search");
    }

    private static void assertPvLegal(String fen, String info) {
        Position pos = Position.fromFen(fen);
        String[] words = info.substring(info.indexOf(" pv ") + 4).trim().split("\\s+");
        for (String word : words) {
            int m = UciMove.parse(pos, word, false);
            assertNotEquals(Move.NONE, m, "illegal " + word + " in pv of " + fen + ": " + info);
            pos.makeMove(m);
        }
    }

    @Test
    @Timeout(120)
    void changingThreadsBetweenSearchesStartsAndStopsWorkersCleanly() throws Exception {
        try (UciSession uci = new UciSession()) {
            for (int threads : new int[] {1, 8, 2, 256, 3, 1}) {
                uci.send("setoption name Threads value " + threads);
                uci.send("position startpos moves e2e4 e7e5");
                uci.send("go depth 6");
                String best = uci.expectPrefix("bestmove", 30_000);
                assertNotNull(best, threads + " threads");
                assertTrue(best.matches("bestmove [a-h][1-8][a-h][1-8].*"), best);
                assertEquals(0, liveSearchThreads(uci), "threads left running after a search with " + threads);
            }
            uci.send("setoption name Threads value 1025");
            assertNotNull(uci.expect(l -> l.contains("Threads must be between 1 and 1024"), 2000));
        }
    }

    @Test
    @Timeout(120)
    void goStopStormsWithFourThreadsNeverDeadlock() throws Exception {
        UciSession uci = new UciSession();
        try (uci) {
            uci.send("setoption name Threads value 4");
            uci.send("position fen " + KIWIPETE);
            // The count below sees this engine's threads: while it searches, the search thread and three helpers.
            uci.send("go infinite");
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (uci.liveThreads(LazySmpTest::isSearchThread).size() < 4 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(4, uci.liveThreads(LazySmpTest::isSearchThread).size(), "search threads while searching");
            uci.send("stop");
            assertNotNull(uci.expectPrefix("bestmove", 2000), "no bestmove after the first stop");
            for (int cycle = 0; cycle < 300; cycle++) {
                uci.send("go infinite");
                uci.send("stop");
                String best = uci.expectPrefix("bestmove", 2000);
                assertNotNull(best, "no bestmove in cycle " + cycle);
            }
            uci.send("isready");
            assertNotNull(uci.expectPrefix("readyok", 2000));
        }
        assertEquals(0, liveSearchThreads(uci), "a search thread outlived quit");
    }
}
