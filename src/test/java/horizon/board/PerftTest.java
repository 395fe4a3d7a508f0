package horizon.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.io.EpdRecord;
import horizon.testing.PerftSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every position of epd/perft.epd up to depth {@value #FAST_DEPTH} (counts verified against the published suite and
 * Stockfish when the file was written), grouped by theme. Each position belongs to the first theme it fits. The
 * deeper counts (5 and 6, most of the nodes) are {@link DeepPerftTest}'s, in the slow profile.
 */
class PerftTest {
    static final int FAST_DEPTH = 4;
    private static final List<EpdRecord> SUITE = PerftSuite.records();

    private static final Predicate<Position> START_OR_KIWIPETE = pos -> false;
    private static final Predicate<Position> CASTLING = pos -> pos.castlingRights() != 0;
    private static final Predicate<Position> EN_PASSANT = pos -> pos.epSquare() != Square.NONE;
    private static final Predicate<Position> PROMOTION = pos ->
            (pos.pieces(Piece.WHITE, Piece.PAWN) & Bitboards.RANK_7) != 0
                    || (pos.pieces(Piece.BLACK, Piece.PAWN) & Bitboards.RANK_2) != 0;
    private static final List<Predicate<Position>> THEMES = List.of(START_OR_KIWIPETE, CASTLING, EN_PASSANT, PROMOTION);

    /** Suite lines of one theme: the first two lines are the start position and Kiwipete. */
    private static Stream<Arguments> theme(Predicate<Position> theme) {
        List<Arguments> selected = new ArrayList<>();
        for (int i = 0; i < SUITE.size(); i++) {
            EpdRecord record = SUITE.get(i);
            Position pos = Position.fromFen(record.fen());
            Predicate<Position> first = i < 2 ? START_OR_KIWIPETE
                    : THEMES.stream().filter(t -> t != START_OR_KIWIPETE && t.test(pos)).findFirst().orElse(null);
            if (first == theme) {
                selected.add(Arguments.of(i + 1, record));
            }
        }
        return selected.stream();
    }

    static void assertPerft(int line, EpdRecord record) {
        assertPerft(line, record, 1, FAST_DEPTH);
    }

    /** Checks the counts the record carries for depths from minDepth to maxDepth; at least one must be there. */
    static void assertPerft(int line, EpdRecord record, int minDepth, int maxDepth) {
        int checked = 0;
        for (Map.Entry<Integer, Long> entry : record.perftCounts().entrySet()) {
            if (entry.getKey() < minDepth || entry.getKey() > maxDepth) {
                continue;
            }
            checked++;
            Position pos = Position.fromFen(record.fen());
            long nodes = new Perft(pos).count(entry.getKey());
            assertEquals(entry.getValue(), nodes, () -> "line " + line + " " + record.fen() + " depth "
                    + entry.getKey() + ", divide:\n" + divide(record.fen(), entry.getKey()));
        }
        assertTrue(checked > 0, "no counts from depth " + minDepth + " to " + maxDepth + " on line " + line);
    }

    private static String divide(String fen, int depth) {
        StringBuilder sb = new StringBuilder();
        new Perft(Position.fromFen(fen)).divide(depth, false, s -> sb.append(s).append('\n'));
        return sb.toString();
    }

    @Test
    void suiteHasEveryPublishedPosition() {
        assertEquals(127, SUITE.size());
        assertEquals(Position.START_FEN, SUITE.get(0).fen());
        assertEquals(119060324L, SUITE.get(0).perftCounts().get(6));
    }

    @Nested
    class StartAndKiwipete {
        @ParameterizedTest(name = "line {0}: {1}")
        @MethodSource("horizon.board.PerftTest#startOrKiwipete")
        void perft(int line, EpdRecord record) {
            assertPerft(line, record);
        }
    }

    @Nested
    class Castling {
        @ParameterizedTest(name = "line {0}: {1}")
        @MethodSource("horizon.board.PerftTest#castling")
        void perft(int line, EpdRecord record) {
            assertPerft(line, record);
        }
    }

    @Nested
    class EnPassant {
        @ParameterizedTest(name = "line {0}: {1}")
        @MethodSource("horizon.board.PerftTest#enPassant")
        void perft(int line, EpdRecord record) {
            assertPerft(line, record);
        }
    }

    @Nested
    class Promotion {
        @ParameterizedTest(name = "line {0}: {1}")
        @MethodSource("horizon.board.PerftTest#promotion")
        void perft(int line, EpdRecord record) {
            assertPerft(line, record);
        }
    }

    /** Pawn and piece endings, mates and stalemates: whatever fits no theme above. */
    @Nested
    class Other {
        @ParameterizedTest(name = "line {0}: {1}")
        @MethodSource("horizon.board.PerftTest#other")
        void perft(int line, EpdRecord record) {
            assertPerft(line, record);
        }
    }

    static Stream<Arguments> startOrKiwipete() {
        return theme(START_OR_KIWIPETE);
    }

    static Stream<Arguments> castling() {
        return theme(CASTLING);
    }

    static Stream<Arguments> enPassant() {
        return theme(EN_PASSANT);
    }

    static Stream<Arguments> promotion() {
        return theme(PROMOTION);
    }

    static Stream<Arguments> other() {
        return theme(null);
    }
}
