package horizon.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.io.UciEngineProcess;
import horizon.testing.RandomWalk;
import horizon.testing.Stockfish;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Horizon's perft against Stockfish's, root move by root move ("divide"), on positions reached by random legal
 * walks: from the start, from Kiwipete, from positions full of en-passant, promotion and castling tension, and
 * from Chess960 starts (where castling is written king-takes-rook on both sides). The default run compares with
 * Stockfish's divides kept in {@link #RECORDED}; the oracles profile asks Stockfish itself, and with
 * {@code -Dhorizon.record=true} writes that file again (src/test/resources/oracles/README.md).
 */
class StockfishDifferentialTest {
    static final Path RECORDED = Path.of("src", "test", "resources", "oracles", "stockfish-divides.txt");
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

    /** A position of the walks, and how deep to divide it. */
    private record Walk(String fen, boolean chess960, int depth) {
        String key() {
            return fen + "|" + depth + "|" + (chess960 ? 1 : 0);
        }
    }

    /** What an oracle answers: the divide of a position. */
    private interface Oracle {
        Map<String, Long> divide(Walk walk) throws IOException;
    }

    private static List<Walk> walks() {
        SplittableRandom random = new SplittableRandom(20261122);
        List<Walk> walks = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            walks.add(walk(RandomWalk.walk(Position.START_FEN, random.nextInt(60), random), false,
                    i % 10 == 0 ? 4 : DEPTH));
        }
        for (int i = 0; i < 60; i++) {
            walks.add(walk(RandomWalk.walk(KIWIPETE, random.nextInt(30), random), false, DEPTH));
        }
        for (int i = 0; i < 96; i++) {
            walks.add(walk(RandomWalk.walk(TENSION[i % TENSION.length], random.nextInt(12), random), false, DEPTH));
        }
        for (int i = 0; i < 48; i++) {
            int number = random.nextInt(Chess960.COUNT);
            // Walks of 10-40 plies: long enough for both sides to have the chance to castle.
            walks.add(walk(RandomWalk.walk(Chess960.startFen(number), 10 + random.nextInt(30), random), true, DEPTH));
        }
        return walks;
    }

    private static Walk walk(Position pos, boolean chess960, int depth) {
        return new Walk(Fen.toFen(pos, chess960), chess960, depth);
    }

    @Test
    void randomWalksAgreeWithStockfishsRecordedDivides() throws IOException {
        Map<String, Map<String, Long>> recorded = new HashMap<>();
        for (String line : Files.readAllLines(RECORDED)) {
            if (!line.isBlank() && !line.startsWith("#")) {
                int last = line.lastIndexOf('|');
                Map<String, Long> divide = new TreeMap<>();
                for (String split : line.substring(last + 1).split(" ")) { // none for a mate or a stalemate
                    if (split.isEmpty()) {
                        continue;
                    }
                    int colon = split.indexOf(':');
                    divide.put(split.substring(0, colon), Long.parseLong(split.substring(colon + 1)));
                }
                recorded.put(line.substring(0, last), divide);
            }
        }
        compareAll(walk -> {
            Map<String, Long> divide = recorded.get(walk.key());
            assertNotNull(divide, walk.key() + " is not in " + RECORDED + " (its README says how it is made)");
            return divide;
        });
    }

    @Test
    @Tag("oracle")
    void randomWalksAgreeWithStockfishMoveByMove() throws IOException {
        List<String> lines = new ArrayList<>();
        try (UciEngineProcess stockfish = Stockfish.start()) {
            boolean[] chess960 = {false};
            stockfish.setOption("UCI_Chess960", "false");
            compareAll(walk -> {
                if (walk.chess960() != chess960[0]) {
                    chess960[0] = walk.chess960();
                    stockfish.setOption("UCI_Chess960", Boolean.toString(chess960[0]));
                }
                Map<String, Long> divide = new TreeMap<>(stockfish.perftDivide(walk.fen(), walk.depth()));
                StringBuilder line = new StringBuilder(walk.key()).append('|');
                divide.forEach((move, count) -> line.append(move).append(':').append(count).append(' '));
                lines.add(line.toString().strip());
                return divide;
            });
        }
        if (Boolean.getBoolean("horizon.record")) {
            lines.add(0, "# Stockfish's divides of StockfishDifferentialTest's walks: "
                    + "FEN|depth|Chess960|move:count ...");
            Files.write(RECORDED, lines);
        }
    }

    private static void compareAll(Oracle oracle) throws IOException {
        List<String> mismatches = new ArrayList<>();
        int compared = 0;
        for (Walk walk : walks()) {
            Map<String, Long> ours = new TreeMap<>();
            new Perft(Position.fromFen(walk.fen())).divide(walk.depth(), walk.chess960(), line -> {
                int colon = line.indexOf(": ");
                ours.put(line.substring(0, colon), Long.parseLong(line.substring(colon + 2)));
            });
            Map<String, Long> theirs = new TreeMap<>(oracle.divide(walk));
            if (!ours.equals(theirs)) {
                mismatches.add(walk.fen() + " depth " + walk.depth() + "\n  Horizon:   " + ours + "\n  Stockfish: "
                        + theirs);
            }
            compared++;
        }
        assertTrue(compared >= 300, "compared only " + compared + " positions");
        assertEquals(List.of(), mismatches);
    }
}
