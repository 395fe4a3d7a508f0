package horizon.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.io.UciEngineProcess;
import horizon.testing.RandomWalk;
import horizon.testing.Stockfish;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Horizon's perft against Stockfish's, root move by root move ("divide"), on positions reached by random legal
 * walks: from the start, from Kiwipete, from positions full of en-passant, promotion and castling tension, and
 * from Chess960 starts (where castling is written king-takes-rook on both sides).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StockfishDifferentialTest {
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    private static final String[] TENSION = {
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", // en passant with a choice
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", // en-passant pins along the rank
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", // promotions and castling
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", // promotions with captures for both sides
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", // bare castling
        "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", // castling through attacked squares
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    };
    private static final int DEPTH = 3;

    private UciEngineProcess stockfish;
    private final List<String> mismatches = new ArrayList<>();
    private int compared;

    @BeforeAll
    void startStockfish() throws IOException {
        stockfish = Stockfish.start();
    }

    @AfterAll
    void stopStockfish() {
        if (stockfish != null) {
            stockfish.close();
        }
    }

    @Test
    void randomWalksAgreeWithStockfishMoveByMove() throws IOException {
        SplittableRandom random = new SplittableRandom(20261122);
        stockfish.setOption("UCI_Chess960", "false");
        for (int i = 0; i < 120; i++) {
            compare(RandomWalk.walk(Position.START_FEN, random.nextInt(60), random), false, i % 10 == 0 ? 4 : DEPTH);
        }
        for (int i = 0; i < 60; i++) {
            compare(RandomWalk.walk(KIWIPETE, random.nextInt(30), random), false, DEPTH);
        }
        for (int i = 0; i < 96; i++) {
            compare(RandomWalk.walk(TENSION[i % TENSION.length], random.nextInt(12), random), false, DEPTH);
        }
        stockfish.setOption("UCI_Chess960", "true");
        for (int i = 0; i < 48; i++) {
            int number = random.nextInt(Chess960.COUNT);
            // Walks of 10-40 plies: long enough for both sides to have the chance to castle.
            compare(RandomWalk.walk(Chess960.startFen(number), 10 + random.nextInt(30), random), true, DEPTH);
        }
        assertTrue(compared >= 300, "compared only " + compared + " positions");
        assertEquals(List.of(), mismatches);
    }

    private void compare(Position pos, boolean chess960, int depth) throws IOException {
        String fen = Fen.toFen(pos, chess960);
        Map<String, Long> ours = new TreeMap<>();
        new Perft(Position.fromFen(fen)).divide(depth, chess960, line -> {
            int colon = line.indexOf(": ");
            ours.put(line.substring(0, colon), Long.parseLong(line.substring(colon + 2)));
        });
        Map<String, Long> theirs = new TreeMap<>(stockfish.perftDivide(fen, depth));
        if (!ours.equals(theirs)) {
            mismatches.add(fen + " depth " + depth + "\n  Horizon:   " + ours + "\n  Stockfish: " + theirs);
        }
        compared++;
    }
}
