package horizon.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Move;
import horizon.board.Position;
import horizon.board.UciMove;
import horizon.search.StrengthLimit;
import horizon.testing.UciSession;
import org.junit.jupiter.api.Test;

/** The protocol around a running search: info lines, bestmove, stop, isready, ponder. */
class UciSearchTest {
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    /** The move of a "bestmove" line, checked to be legal in the position. */
    private static String legalBestMove(String line, String fen) {
        assertNotNull(line, "no bestmove");
        String move = line.split(" ")[1];
        assertTrue(UciMove.parse(Position.fromFen(fen), move, false) != Move.NONE, "illegal bestmove " + line);
        return move;
    }

    @Test
    void goDepthPrintsInfoLinesThenALegalBestMove() throws Exception {
        try (UciSession uci = new UciSession()) {
            uci.send("position fen " + KIWIPETE);
            uci.send("go depth 6");
            String best = uci.expectPrefix("bestmove", 20_000);
            legalBestMove(best, KIWIPETE);
            String lastInfo = uci.transcript().stream().filter(l -> l.startsWith("info depth 6 ")).reduce((a, b) -> b)
                    .orElseThrow();
            assertTrue(lastInfo.matches("info depth 6 seldepth \\d+ multipv 1 score cp -?\\d+ nodes \\d+ nps \\d+ "
                    + "hashfull \\d+ tbhits \\d+ time \\d+ pv( [a-h][1-8][a-h][1-8][qrbn]?)+"), lastInfo);
        }
    }

    /**
     * "go depth 10" followed at once by "quit" (or "stop") once answered "info depth 1 ... nodes 0 ... pv b1a3" and
     * "bestmove b1a3": a move no search had looked at, reported as depth 1. Depth 1 now always finishes: every
     * report claims a search that was made, and the move played is that search's.
     */
    @Test
    void aStopRightAfterGoStillPlaysTheMoveOfAFinishedDepthOne() throws Exception {
        for (int i = 0; i < 20; i++) {
            java.util.List<String> out = UciLoopTest.transcript("go depth 10", i % 2 == 0 ? "quit" : "stop");
            java.util.List<String> infos = out.stream().filter(l -> l.startsWith("info depth")).toList();
            assertTrue(!infos.isEmpty(), out.toString());
            for (String info : infos) {
                java.util.regex.Matcher nodes = java.util.regex.Pattern.compile(" nodes (\\d+) ").matcher(info);
                assertTrue(nodes.find() && Long.parseLong(nodes.group(1)) > 0, "a depth claimed with no search: "
                        + info);
            }
            String last = infos.get(infos.size() - 1);
            String best = out.stream().filter(l -> l.startsWith("bestmove")).findFirst().orElseThrow();
            assertEquals(last.substring(last.indexOf(" pv ") + 4).split(" ")[0], best.split(" ")[1], out.toString());
        }
    }

    /**
     * "go infinite" at once followed by "stop" or by another "go", hundreds of times: a stop that arrives before
     * the search thread has started must still end the search (it once was lost, and the infinite search ran on).
     */
    @Test
    void goStopStormsAlwaysEndWithALegalBestMove() throws Exception {
        try (UciSession uci = new UciSession()) {
            uci.send("position startpos moves e2e4");
            for (int cycle = 0; cycle < 300; cycle++) {
                uci.send("go infinite");
                uci.send(cycle % 3 == 0 ? "go depth 1" : "stop");
                if (cycle % 3 == 0) {
                    // the second go ended the infinite one, whose bestmove comes first; then its own
                    assertNotNull(uci.expectPrefix("bestmove", 2000), "cycle " + cycle);
                }
                String best = uci.expectPrefix("bestmove", 2000);
                assertNotNull(best, "no bestmove in cycle " + cycle);
                assertTrue(best.matches("bestmove [a-h][1-8][a-h][1-8].*"), best);
            }
            uci.send("isready");
            assertNotNull(uci.expectPrefix("readyok", 2000));
        }
    }

    /** UCI_LimitStrength: a node budget, only the first line reported, and the move drawn among the best four. */
    @Test
    void limitStrengthPlaysLegalVariedMovesWithinItsNodeBudget() throws Exception {
        try (UciSession uci = new UciSession()) {
            uci.send("setoption name UCI_LimitStrength value true");
            uci.send("setoption name UCI_Elo value " + StrengthLimit.MIN_ELO);
            java.util.Set<String> moves = new java.util.HashSet<>();
            Position start = Position.startPosition();
            for (int i = 0; i < 30; i++) {
                uci.send("ucinewgame");
                uci.send("position startpos");
                uci.send("go movetime 2000");
                String line, lastPv = null;
                // currmove lines (after the first second, as on a loaded machine) carry no line number or nodes
                while ((line = uci.expect(l -> (l.startsWith("info depth") && !l.contains(" currmove "))
                        || l.startsWith("bestmove"), 5000)) != null && !line.startsWith("bestmove")) {
                    assertTrue(line.contains(" multipv 1 "), line);
                    long nodes = Long.parseLong(line.replaceFirst(".* nodes (\\d+) .*", "$1"));
                    assertTrue(nodes <= new StrengthLimit(StrengthLimit.MIN_ELO, 0).nodesPerMove(), line);
                    lastPv = line.replaceFirst(".* pv ", "");
                }
                assertNotNull(line, "no bestmove");
                String move = line.split(" ")[1];
                assertTrue(UciMove.parse(start, move, false) != Move.NONE, line);
                // The last line reported is the one played, also when it is not the best (GUIs show it as the
                // engine's choice; fastchess warns otherwise), and the ponder move is its reply.
                assertNotNull(lastPv, "no info line before " + line);
                String[] pv = lastPv.split(" ");
                assertEquals(move, pv[0], "the last line reported begins with the move played: " + line);
                if (line.contains(" ponder ")) {
                    assertTrue(pv.length >= 2 && line.endsWith(" ponder " + pv[1]), lastPv + " / " + line);
                }
                moves.add(move);
            }
            assertTrue(moves.size() >= 3, "a weak setting should vary its moves: " + moves);
            uci.send("setoption name UCI_Elo value 4000");
            assertNotNull(uci.expect(l -> l.contains("UCI_Elo 4000 is outside the calibrated " + StrengthLimit.MIN_ELO
                    + "-" + StrengthLimit.MAX_ELO + "; playing at " + StrengthLimit.MAX_ELO), 2000));
        }
    }

    /** The top of the UCI_Elo range is no handicap at all: the same search, node for node, as without the limit. */
    @Test
    void theHighestUciEloSearchesAsFullStrength() throws Exception {
        try (UciSession uci = new UciSession()) {
            String[] results = new String[2];
            for (int run = 0; run < 2; run++) {
                uci.send("setoption name UCI_LimitStrength value " + (run == 0));
                uci.send("setoption name UCI_Elo value " + StrengthLimit.MAX_ELO);
                uci.send("ucinewgame");
                uci.send("position fen " + KIWIPETE);
                uci.send("go depth 9");
                String last = null, line;
                while ((line = uci.expect(l -> l.startsWith("info depth 9 ") || l.startsWith("bestmove"), 20000))
                        != null && !line.startsWith("bestmove")) {
                    last = line;
                }
                assertNotNull(line, "no bestmove");
                assertNotNull(last, "no depth 9 line");
                results[run] = last.replaceFirst(".* nodes (\\d+) .* pv (\\S+).*", "$1 $2") + " " + line;
            }
            assertEquals(results[1], results[0], "nodes, first move and bestmove with and without the limit");
        }
    }

    @Test
    void isreadyAndStopAreAnsweredAtOnceDuringAnInfiniteSearch() throws Exception {
        try (UciSession uci = new UciSession()) {
            uci.send("position fen " + KIWIPETE);
            uci.send("go infinite");
            assertNotNull(uci.expectPrefix("info depth 3", 5000), "search did not start");
            assertEquals(null, uci.expectPrefix("bestmove", 300), "infinite search must not end by itself");

            // Answered while the search runs (the protocol thread never waits for it). The bound is loose on
            // purpose: CI machines are shared, and how fast the answer comes is a benchmark's question.
            uci.send("isready");
            assertNotNull(uci.expect("readyok"::equals, 2000), "isready not answered during the search");

            uci.send("stop");
            String best = uci.expectPrefix("bestmove", 2000);
            assertNotNull(best, "stop not answered");
            legalBestMove(best, KIWIPETE);
        }
    }

    @Test
    void ponderThenPonderhitPlaysOnOurClock() throws Exception {
        try (UciSession uci = new UciSession()) {
            uci.send("position startpos moves e2e4");
            uci.send("go ponder wtime 2000 btime 2000");
            assertEquals(null, uci.expectPrefix("bestmove", 300), "pondering must wait for ponderhit or stop");
            uci.send("ponderhit");
            String best = uci.expectPrefix("bestmove", 2000);
            legalBestMove(best, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        }
    }

    /**
     * Cute Chess sends "go ponder" and "ponderhit" back to back when the opponent answers at once. The ponderhit
     * once arrived before the search thread had set up its clock and was lost: the engine pondered on until its
     * flag fell. With 300 ms on the clock the move must come well inside the 225 ms hard limit plus start-up.
     */
    @Test
    void ponderhitRightAfterGoPonderStillStartsOurClock() throws Exception {
        try (UciSession uci = new UciSession()) {
            for (int i = 0; i < 30; i++) {
                uci.send("position startpos moves e2e4");
                uci.send("go ponder wtime 300 btime 300 winc 10 binc 10");
                uci.send("ponderhit");
                String best = uci.expectPrefix("bestmove", 3000);
                legalBestMove(best, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
                uci.send("isready");
                uci.expectPrefix("readyok", 3000);
            }
        }
    }

    @Test
    void ponderThenStopGivesAMove() throws Exception {
        try (UciSession uci = new UciSession()) {
            uci.send("position startpos moves e2e4");
            uci.send("go ponder wtime 60000 btime 60000");
            assertEquals(null, uci.expectPrefix("bestmove", 200));
            uci.send("stop");
            legalBestMove(uci.expectPrefix("bestmove", 2000), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        }
    }

    @Test
    void goMateReportsTheMateInMoves() throws Exception {
        try (UciSession uci = new UciSession()) {
            uci.send("position fen 2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1");
            uci.send("go mate 2");
            assertEquals("bestmove g3g6 ponder f7g6", uci.expectPrefix("bestmove", 20_000));
            assertTrue(uci.transcript().stream().anyMatch(l -> l.contains(" score mate 2 ")), uci.transcript().toString());
        }
    }

    @Test
    void noLegalMoveGivesBestmove0000() throws Exception {
        try (UciSession uci = new UciSession()) {
            uci.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
            uci.send("go movetime 100");
            assertEquals("bestmove 0000", uci.expectPrefix("bestmove", 2000));
            assertTrue(uci.transcript().contains("info depth 0 score mate 0"));
            uci.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
            uci.send("go depth 5");
            assertEquals("bestmove 0000", uci.expectPrefix("bestmove", 2000), () -> uci.transcript().toString());
        }
    }

    /**
     * Searches cut off by a node limit in the middle of an iteration, which may already have changed its mind:
     * the last main line printed must start with the move played (fastchess warns when it does not).
     */
    @Test
    void theLastPrintedLineStartsWithTheBestMove() throws Exception {
        String[] fens = {KIWIPETE, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
            "2r3k1/pp3ppp/2n1b3/3p4/3P4/2PB1N2/P4PPP/R5K1 b - - 1 20"};
        try (UciSession uci = new UciSession()) {
            for (String fen : fens) {
                for (int nodes = 2000; nodes <= 60_000; nodes += 2900) {
                    uci.send("ucinewgame");
                    uci.send("position fen " + fen);
                    int before = uci.transcript().size();
                    uci.send("go nodes " + nodes);
                    String best = legalBestMove(uci.expectPrefix("bestmove", 10_000), fen);
                    java.util.List<String> lines = uci.transcript();
                    String lastPv = lines.subList(before, lines.size()).stream()
                            .filter(l -> l.startsWith("info depth") && l.contains(" pv ")).reduce((a, b) -> b)
                            .orElseThrow();
                    assertEquals(best, lastPv.substring(lastPv.indexOf(" pv ") + 4).split(" ")[0],
                            fen + " nodes " + nodes + ": " + lastPv);
                }
            }
        }
    }

    @Test
    void clockAndNodeLimitsEndTheSearch() throws Exception {
        try (UciSession uci = new UciSession()) {
            uci.send("position fen " + KIWIPETE);
            uci.send("go wtime 300 btime 300 winc 0 binc 0");
            legalBestMove(uci.expectPrefix("bestmove", 2000), KIWIPETE);
            uci.send("go nodes 5000");
            legalBestMove(uci.expectPrefix("bestmove", 5000), KIWIPETE);
            uci.send("go movetime 200");
            legalBestMove(uci.expectPrefix("bestmove", 2000), KIWIPETE);
        }
    }

    @Test
    void garbageInGoIsExplainedAndTheSearchStillAnswers() throws Exception {
        try (UciSession uci = new UciSession()) {
            uci.send("position startpos");
            uci.send("go depth banana wtime -5 frobnicate movetime 100");
            assertNotNull(uci.expect("info string go: 'depth' needs a number, not 'banana'"::equals, 2000));
            assertNotNull(uci.expect("info string go: unknown parameter 'frobnicate' ignored"::equals, 2000));
            legalBestMove(uci.expectPrefix("bestmove", 2000), Position.START_FEN);
        }
    }

    @Test
    void searchmovesRestrictsTheRoot() throws Exception {
        try (UciSession uci = new UciSession()) {
            uci.send("position startpos");
            uci.send("go depth 5 searchmoves a2a3 h2h3");
            String best = uci.expectPrefix("bestmove", 5000);
            assertTrue(best.startsWith("bestmove a2a3") || best.startsWith("bestmove h2h3"), best);
        }
    }

    @Test
    void multiPvThreeGivesThreeDistinctLegalLines() throws Exception {
        try (UciSession uci = new UciSession()) {
            uci.send("setoption name MultiPV value 3");
            uci.send("position fen " + KIWIPETE);
            uci.send("go depth 6");
            legalBestMove(uci.expectPrefix("bestmove", 20_000), KIWIPETE);
            java.util.List<String> last = new java.util.ArrayList<>();
            for (int k = 1; k <= 3; k++) {
                String prefix = "info depth 6 seldepth";
                String tag = " multipv " + k + " score ";
                last.add(uci.transcript().stream().filter(l -> l.startsWith(prefix) && l.contains(tag)
                        && !l.contains("bound")).reduce((a, b) -> b).orElseThrow(() -> new AssertionError(tag)));
            }
            java.util.Set<String> firstMoves = new java.util.HashSet<>();
            for (String line : last) {
                String[] pv = line.substring(line.indexOf(" pv ") + 4).split(" ");
                firstMoves.add(pv[0]);
                Position pos = Position.fromFen(KIWIPETE);
                for (String move : pv) {
                    int m = UciMove.parse(pos, move, false);
                    assertTrue(m != Move.NONE, "illegal " + move + " in " + line);
                    pos.makeMove(m);
                }
            }
            assertEquals(3, firstMoves.size(), last.toString());
        }
    }

    @Test
    void showWdlAddsAWinDrawLossEstimate() throws Exception {
        try (UciSession uci = new UciSession()) {
            uci.send("setoption name UCI_ShowWDL value true");
            uci.send("position fen 4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1");
            uci.send("go depth 3");
            uci.expectPrefix("bestmove", 5000);
            String info = uci.transcript().stream().filter(l -> l.startsWith("info depth 3 ")).findFirst().orElseThrow();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(" wdl (\\d+) (\\d+) (\\d+)").matcher(info);
            assertTrue(m.find(), info);
            int w = Integer.parseInt(m.group(1)), d = Integer.parseInt(m.group(2)), l = Integer.parseInt(m.group(3));
            assertEquals(1000, w + d + l);
            assertTrue(w > 900, "three queens up should read as won: " + info);
        }
    }
}
