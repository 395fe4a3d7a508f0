package horizon.tune.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Position;
import horizon.search.Searcher;
import horizon.search.TranspositionTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where self-play starts: 8 or 9 random plies, book lines, and no start already decided. */
class OpeningsTest {
    @TempDir
    Path dir;

    private final Searcher searcher = new Searcher(new TranspositionTable(1));

    @Test
    void eachGamePlaysTheRandomPliesOrOneMore() {
        Openings openings = Openings.startPosition(8);
        TreeSet<Integer> plies = new TreeSet<>();
        for (int game = 0; game < 20; game++) {
            plies.add(openings.pick(new SplittableRandom(game), searcher).historyLength());
        }
        assertEquals(new TreeSet<>(List.of(8, 9)), plies);
        // The same stream gives the same opening.
        assertEquals(openings.pick(new SplittableRandom(5), searcher).toFen(),
                openings.pick(new SplittableRandom(5), searcher).toFen());
    }

    @Test
    void aBookStartScoredBeyondAThousandIsDrawnAgain() throws Exception {
        Path book = dir.resolve("book.epd");
        Files.write(book, List.of("# two starts, one a queen and a rook up for White",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";",
                "", "1nb1kbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - id \"odds\";"));
        Openings openings = Openings.read(book, 0);
        assertEquals(2, openings.size());
        for (int game = 0; game < 20; game++) {
            // The start position and at most one random ply: 32 pieces (the odds start has 30).
            Position pos = openings.pick(new SplittableRandom(game), searcher);
            assertEquals(32, Long.bitCount(pos.occupied()), pos.toFen());
        }
    }

    @Test
    void aBookLineThatIsNotAPositionIsNamed() throws Exception {
        Path book = dir.resolve("bad.epd");
        Files.write(book, List.of(Position.START_FEN, "rnbqkbnr/pppppppp w KQkq -"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Openings.read(book, 8));
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
        Path empty = dir.resolve("empty.epd");
        Files.write(empty, List.of("# nothing"));
        assertThrows(IllegalArgumentException.class, () -> Openings.read(empty, 8));
    }
}
