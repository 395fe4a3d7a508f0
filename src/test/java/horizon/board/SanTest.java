package horizon.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.io.EpdRecord;
import horizon.testing.PerftSuite;
import horizon.testing.RandomWalk;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SanTest {
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    /** Every legal move of every perft-suite position and of random walks: SAN is unique and reads back. */
    @Test
    void everyLegalMoveRoundTrips() {
        SplittableRandom random = new SplittableRandom(7);
        int checked = 0;
        for (EpdRecord record : PerftSuite.records()) {
            checked += roundTripAll(Position.fromFen(record.fen()));
            for (int walk = 0; walk < 20; walk++) {
                checked += roundTripAll(RandomWalk.walk(record.fen(), 1 + random.nextInt(40), random));
            }
        }
        assertTrue(checked > 20_000, "moves checked: " + checked);
    }

    private static int roundTripAll(Position pos) {
        String before = pos.toFen();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateAll(pos, moves);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < n; i++) {
            String san = San.toSan(pos, moves[i]);
            assertTrue(seen.add(san), () -> "duplicate SAN " + san + " in " + before);
            assertEquals(moves[i], San.parse(pos, san), () -> san + " in " + before);
        }
        assertEquals(before, pos.toFen(), "toSan must leave the position as it was");
        return n;
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // position | written | expected UCI move
        KIWIPETE + "| O-O | e1g1",
        KIWIPETE + "| 0-0-0 | e1c1",
        KIWIPETE + "| O-O-O+ | e1c1",
        KIWIPETE + "| Nxf7 | e5f7",
        KIWIPETE + "| Ne5xf7!! | e5f7",
        KIWIPETE + "| Qxf6 | f3f6",
        KIWIPETE + "| Bxa6? | e2a6",
        KIWIPETE + "| dxe6 | d5e6",
        KIWIPETE + "| d5:e6 | d5e6",
        KIWIPETE + "| gxh3 | g2h3",
        KIWIPETE + "| Ng4 | e5g4",
        KIWIPETE + "| e2a6 | e2a6",
        "8/2P5/8/8/8/8/8/k6K w - - 0 1 | c8=Q | c7c8q",
        "8/2P5/8/8/8/8/8/k6K w - - 0 1 | c8N | c7c8n",
        "8/2P5/8/8/8/8/8/k6K w - - 0 1 | c8(R) | c7c8r",
        "8/2P5/8/8/8/8/8/k6K w - - 0 1 | c8/B | c7c8b",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3 | exf6 e.p. | e5f6",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3 | exf6ep | e5f6",
        // Two knights reach d2: file disambiguation; two rooks on one file: rank disambiguation.
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1 | Nbd2 | b1d2",
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1 | Nfd2 | f1d2",
        "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1 | R1a4 | a1a4",
        "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1 | R7a4 | a7a4",
        // Three queens attack e4 from squares that share a file and a rank: square disambiguation.
        "k7/8/8/8/2Q5/8/2Q1Q3/K7 w - - 0 1 | Qc2e4 | c2e4",
        // Hand-written suites sometimes use lower-case piece letters; "b" stays a pawn file.
        "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 | nc3 | b1c3",
    })
    void readsWhatSuitesWrite(String fen, String written, String uci) {
        Position pos = Position.fromFen(fen.trim());
        assertEquals(uci.trim(), Move.toUci(San.parse(pos, written.trim())), written);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        KIWIPETE + "| Nd2",     // neither knight reaches d2
        KIWIPETE + "| Qh8",     // not reachable
        KIWIPETE + "| e4e5",    // blocked
        KIWIPETE + "| Zf3",     // not a piece letter
        KIWIPETE + "| ",        // nothing
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1 | Nd2",   // ambiguous: refused, not guessed
        "8/2P5/8/8/8/8/8/k6K w - - 0 1 | c8",        // promotion piece missing
        "8/2P5/8/8/8/8/8/k6K w - - 0 1 | c8=K",      // not a promotion piece
    })
    void refusesWhatIsNotOneLegalMove(String fen, String written) {
        Position pos = Position.fromFen(fen.trim());
        assertEquals(Move.NONE, San.parse(pos, written == null ? "" : written.trim()), String.valueOf(written));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1 | b1d2 | Nbd2",
        "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1 | a1a4 | R1a4",
        "k7/8/8/8/2Q5/8/2Q1Q3/K7 w - - 0 1 | c2e4 | Qc2e4+",
        "k7/8/8/8/2Q5/8/2Q1Q3/K7 w - - 0 1 | c4e4 | Q4e4+",
        "k7/8/8/8/2Q5/8/2Q1Q3/K7 w - - 0 1 | e2e4 | Qee4+",
        "8/2P5/8/8/8/8/8/k6K w - - 0 1 | c7c8q | c8=Q",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 | a1a8 | Ra8#",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3 | e5f6 | exf6",
        KIWIPETE + "| e1g1 | O-O",
        KIWIPETE + "| e1c1 | O-O-O",
    })
    void writesStandardSan(String fen, String uci, String san) {
        Position pos = Position.fromFen(fen.trim());
        assertEquals(san.trim(), San.toSan(pos, UciMove.parse(pos, uci.trim(), false)));
    }

    @Test
    void chess960CastlingIsWrittenByDirection() {
        // King on b1, rooks on a1 and h1: O-O-O is king-takes-a1-rook, O-O king-takes-h1-rook.
        Position pos = Position.fromFen("r5kr/8/8/8/8/8/8/RK5R w HAha - 0 1");
        int queenside = San.parse(pos, "O-O-O");
        int kingside = San.parse(pos, "O-O");
        assertEquals("b1a1", Move.toUci(queenside, true));
        assertEquals("b1h1", Move.toUci(kingside, true));
        assertEquals("O-O", San.toSan(pos, kingside));
    }
}
