package horizon.tb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.MoveGenerator;
import horizon.board.Position;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * WDL and DTZ of random legal 3- and 4-piece positions (with en-passant positions among them) against Debian's
 * fathom. fathom prints the DTZ without its sign and derives its WDL word from the DTZ; for a checkmated side to
 * move it prints "Win" and DTZ 0 (its root probe reports mate that way), where the format's probe_dtz gives -1:
 * those positions are compared as a loss with DTZ -1 after checking that fathom found no legal move.
 *
 * <p>The default run compares 300 positions of the repository's tables with fathom's answers kept in
 * {@value Fathom#RECORDED}; the oracles profile asks fathom itself, on those positions and on every 3- and 4-piece
 * table of {@code ../shared/syzygy}.
 */
class SyzygyFathomTest {
    /** What fathom answers for a position. */
    private interface Oracle {
        Fathom.Result probe(String fen) throws Exception;
    }

    @Test
    void agreesWithFathomsRecordedAnswers() throws Exception {
        Map<String, Fathom.Result> recorded = Fathom.recorded();
        compare(20261201L, 300, 0.10, TestTables.FOLDER, TestTables.SAMPLED, fen -> {
            Fathom.Result answer = recorded.get(fen);
            assertNotNull(answer, fen + " is not in " + Fathom.RECORDED + " (its README says how it is made)");
            return answer;
        });
    }

    @Test
    @Tag("oracle")
    void recordedAnswersAreFathomsOwn() throws Exception {
        Fathom fathom = Fathom.require(TestTables.FOLDER);
        Map<String, Fathom.Result> recorded = Fathom.recorded();
        assertEquals(300, recorded.size());
        for (Map.Entry<String, Fathom.Result> e : recorded.entrySet()) {
            Fathom.Result live = fathom.probe(e.getKey());
            assertEquals(Fathom.line(e.getKey(), e.getValue()), Fathom.line(e.getKey(), live));
        }
    }

    @Test
    @Tag("oracle")
    void agreesWithFathomOnRandomPositions() throws Exception {
        Fathom fathom = Fathom.require();
        SyzygyTables all = SyzygyTables.open(Fathom.TABLES.toString());
        compare(20261201L, 300, 0.10, Fathom.TABLES, all.tableNames(), fathom::probe);
    }

    @Test
    @Tag("slow")
    @Tag("oracle")
    void agreesWithFathomOnFiveThousandPositions() throws Exception {
        Fathom fathom = Fathom.require();
        SyzygyTables all = SyzygyTables.open(Fathom.TABLES.toString());
        compare(20261202L, 5000, 0.10, Fathom.TABLES, all.tableNames(), fathom::probe);
    }

    /** Positions and the oracle's answers side by side; fails listing the first disagreements. */
    private static void compare(long seed, int count, double enPassantShare, Path folder, List<String> materials,
            Oracle fathom) throws Exception {
        SyzygyTables tables = SyzygyTables.open(folder.toString());
        assertEquals(List.of(), tables.problems());
        assertEquals(4, tables.maxPieces());
        List<String> fens = RandomEndgames.generate(seed, count, materials, enPassantShare);
        SyzygyProber prober = tables.newProber();

        int wdlAgree = 0, dtzAgree = 0, enPassant = 0, mates = 0;
        List<String> mismatches = new ArrayList<>();
        for (String fen : fens) {
            Position pos = Position.fromFen(fen);
            String before = pos.toFen();
            int wdl = prober.probeWdl(pos);
            int dtz = prober.probeDtz(pos);
            assertEquals(before, pos.toFen(), "a probe must leave the position as it found it");
            Fathom.Result expected = fathom.probe(fen);
            int expectedWdl = expected.wdl();
            int expectedDtz = expected.dtzMagnitude();
            boolean mated = pos.inCheck() && MoveGenerator.countLegal(pos) == 0;
            if (mated) {
                mates++;
                assertTrue(expected.wdl() == SyzygyTables.WIN && expected.dtzMagnitude() == 0
                        && expected.noLegalMoves(), "fathom's way of reporting mate changed:\n" + expected.output());
                expectedWdl = SyzygyTables.LOSS;
                expectedDtz = 1;
            }
            if (pos.epSquare() != horizon.board.Square.NONE) {
                enPassant++;
            }
            boolean wdlOk = wdl == expectedWdl;
            boolean dtzOk = dtz != SyzygyTables.FAILED && Math.abs(dtz) == expectedDtz
                    && Integer.signum(dtz) == Integer.signum(expectedWdl);
            wdlAgree += wdlOk ? 1 : 0;
            dtzAgree += dtzOk ? 1 : 0;
            if ((!wdlOk || !dtzOk) && mismatches.size() < 20) {
                mismatches.add(fen + ": Horizon WDL " + wdl + " DTZ " + dtz + ", fathom WDL " + expected.wdl()
                        + " DTZ " + expected.dtzMagnitude() + (mated ? " (mate)" : ""));
            }
        }
        System.out.printf("Syzygy vs fathom, %d positions (%d with en passant, %d checkmates): WDL agree %d/%d, "
                + "DTZ agree %d/%d%n", fens.size(), enPassant, mates, wdlAgree, fens.size(), dtzAgree, fens.size());
        assertTrue(enPassant > 0, "the sample has no en-passant position");
        assertEquals(List.of(), mismatches);
    }
}
