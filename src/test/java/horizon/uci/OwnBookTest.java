package horizon.uci;

import static horizon.uci.UciLoopTest.transcript;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Move;
import horizon.board.Position;
import horizon.book.BookEntry;
import horizon.book.OpeningBook;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** OwnBook, BookFile, BookMoves and BookVariety through the protocol, with a public Polyglot book. */
class OwnBookTest {
    private static final Path BOOK = Path.of("src", "test", "resources", "books", "horizon-games.bin");

    private static List<String> bestMoves(List<String> out) {
        return out.stream().filter(l -> l.startsWith("bestmove ")).collect(Collectors.toList());
    }

    private static boolean hasBookLine(List<String> out) {
        return out.stream().anyMatch(l -> l.startsWith("info string book move "));
    }

    @Test
    void optionsAreAnnounced() throws IOException {
        List<String> out = transcript("uci", "quit");
        assertTrue(out.contains("option name OwnBook type check default false"), out.toString());
        assertTrue(out.contains("option name BookFile type string default <empty>"), out.toString());
        assertTrue(out.contains("option name BookMoves type spin default 1000 min 0 max 1000"), out.toString());
        assertTrue(out.contains("option name BookVariety type spin default 100 min 0 max 100"), out.toString());
    }

    @Test
    void aBookMoveIsPlayedAtOnceAndNamed() throws IOException {
        BookEntry best = OpeningBook.open(BOOK).entries(Position.startPosition()).get(0);
        String bestUci = Move.toUci(best.move());
        List<String> out = transcript("setoption name BookFile value " + BOOK, "setoption name OwnBook value true",
                "setoption name BookVariety value 0", "position startpos", "go wtime 600000 btime 600000",
                "isready");
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string BookFile: " + BOOK + ", 5198 entries")),
                out.toString());
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string book move " + bestUci + " (weight "
                + best.weight() + " of ")), out.toString());
        assertEquals(List.of("bestmove " + bestUci), bestMoves(out));
        assertTrue(out.stream().noneMatch(l -> l.startsWith("info depth")), "no search for a book move");
    }

    @Test
    void weightedChoiceStaysInTheBook() throws IOException {
        OpeningBook book = OpeningBook.open(BOOK);
        Position afterE4 = Position.startPosition();
        afterE4.makeMove(horizon.board.UciMove.parse(afterE4, "e2e4", false));
        List<String> replies = book.entries(afterE4).stream().map(e -> "bestmove " + Move.toUci(e.move()))
                .collect(Collectors.toList());
        String[] commands = new String[2 + 2 * 12];
        commands[0] = "setoption name BookFile value " + BOOK;
        commands[1] = "setoption name OwnBook value true";
        for (int i = 0; i < 12; i++) {
            commands[2 + 2 * i] = "position startpos moves e2e4";
            commands[3 + 2 * i] = "go movetime 5000";
        }
        List<String> out = transcript(commands);
        List<String> played = bestMoves(out);
        assertEquals(12, played.size(), out.toString());
        assertTrue(replies.containsAll(played), played + " not all in " + replies);
    }

    @Test
    void outOfBookBeyondBookMovesAndWhileAnalysingTheEngineSearches() throws IOException {
        List<String> out = transcript("setoption name BookFile value " + BOOK, "setoption name OwnBook value true",
                "position fen 4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1", "go depth 3",
                "setoption name BookMoves value 0", "position startpos", "go depth 3",
                "setoption name BookMoves value 1000", "go infinite", "stop", "isready");
        assertEquals(3, bestMoves(out).size(), out.toString());
        assertTrue(!hasBookLine(out), out.toString());
    }

    @Test
    void aBadBookIsRefusedAndTheEnginePlaysOn(@TempDir Path dir) throws IOException {
        Path truncated = dir.resolve("cut.bin");
        Files.write(truncated, java.util.Arrays.copyOf(Files.readAllBytes(BOOK), 1000));
        List<String> out = transcript("setoption name OwnBook value true",
                "setoption name BookFile value " + dir.resolve("missing.bin"),
                "setoption name BookFile value " + truncated, "position startpos", "go depth 2",
                "setoption name BookFile value " + BOOK, "setoption name BookFile value <empty>", "go depth 2",
                "setoption name BookVariety value 101", "isready");
        assertTrue(out.contains("info string OwnBook is on but no book is loaded: set BookFile to a Polyglot"
                + " .bin file"), out.toString());
        assertTrue(out.contains("info string BookFile " + dir.resolve("missing.bin")
                + " not loaded (no such file); playing without a book"), out.toString());
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string BookFile " + truncated
                + " not loaded (1000 bytes is not a whole number of 16-byte entries")), out.toString());
        assertTrue(out.contains("info string BookFile: no book"), out.toString());
        assertTrue(out.contains("info string BookVariety must be between 0 and 100, not 101"), out.toString());
        assertEquals(2, bestMoves(out).size(), out.toString());
        assertTrue(!hasBookLine(out), out.toString());
        assertTrue(out.contains("readyok"));
    }
}
