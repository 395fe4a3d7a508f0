package horizon.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Move;
import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.testing.ConsoleCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading a book another program wrote (polyglot make-book's book of Horizon's own games, {@link #BOOK}) and refusing
 * files that are not books.
 */
class OpeningBookTest {
    /** Written by Debian's polyglot from {@link BookMakeTest#GAMES}; src/test/resources/books/README.md says how. */
    static final Path BOOK = Path.of("src", "test", "resources", "books", "horizon-games.bin");
    /** Its entries. */
    static final int BOOK_ENTRIES = 5_198;


    @Test
    void startPositionOfABookPolyglotWrote() {
        OpeningBook book = OpeningBook.open(BOOK);
        assertEquals(BOOK_ENTRIES, book.size());
        List<BookEntry> moves = book.entries(Position.startPosition());
        assertTrue(moves.size() >= 3, moves.toString());
        Set<String> uci = new HashSet<>();
        for (BookEntry e : moves) {
            uci.add(Move.toUci(e.move()));
        }
        assertTrue(uci.contains("e2e4") && uci.contains("d2d4"), uci.toString());
        for (int i = 1; i < moves.size(); i++) {
            assertTrue(moves.get(i - 1).weight() >= moves.get(i).weight(), "highest weight first");
        }
    }

    /**
     * Walks the book from the start position through every book move up to move 60: every entry stored for a
     * position decodes to a legal move of it (counted against the raw entries with that key), castling included.
     */
    @Test
    void everyBookMoveAlongTheBookTreeIsLegal() {
        OpeningBook book = OpeningBook.open(BOOK);
        ArrayDeque<Position> queue = new ArrayDeque<>();
        Set<Long> seen = new HashSet<>();
        queue.add(Position.startPosition());
        int positions = 0, moves = 0;
        boolean castled = false;
        while (!queue.isEmpty() && positions < 3000) {
            Position pos = queue.poll();
            long key = PolyglotKey.of(pos);
            if (!seen.add(key)) {
                continue;
            }
            List<BookEntry> entries = book.entries(pos);
            assertEquals(book.rawCount(key), entries.size(), "an entry that is not a legal move in " + pos.toFen());
            positions++;
            for (BookEntry e : entries) {
                moves++;
                castled |= Move.isCastling(e.move());
                if (pos.fullmoveNumber() <= 60) { // a book of 77 games is narrow but deep
                    Position next = pos.copy();
                    next.makeMove(e.move());
                    queue.add(next);
                }
            }
        }
        assertTrue(positions > 1000 && moves > positions, positions + " positions, " + moves + " moves");
        assertTrue(castled, "castling (stored king-takes-rook) reached");
    }

    @Test
    void varietyZeroPlaysTheHighestWeightAndVarietyDrawsByWeight() {
        OpeningBook book = OpeningBook.open(BOOK);
        Position start = Position.startPosition();
        List<BookEntry> entries = book.entries(start);
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 20; i++) {
            assertEquals(entries.get(0).move(), OpeningBook.choose(entries, 0, random, null).move());
        }
        Set<Integer> drawn = new HashSet<>();
        for (int i = 0; i < 400; i++) {
            drawn.add(OpeningBook.choose(entries, 100, random, null).move());
        }
        assertTrue(drawn.size() >= 2, "weighted random play varies");
        int[] onlyD4 = {entries.stream().filter(e -> Move.toUci(e.move()).equals("d2d4")).findFirst()
                .orElseThrow().move()};
        assertEquals(onlyD4[0], OpeningBook.choose(entries, 100, random, onlyD4).move(),
                "searchmoves restricts the book");
        assertNull(OpeningBook.choose(book.entries(Position.fromFen("8/8/8/4k3/8/8/8/4K2R w K - 0 1")), 100, random,
                null),
                "no book move for a position the book does not know");
    }

    @Test
    void bookShowListsTheStartPositionMoves() {
        Path book = BOOK;
        ConsoleCapture.Captured run = ConsoleCapture.run(
                () -> horizon.Main.commandLine().execute("book", "show", book.toString()));
        String out = run.out();
        assertEquals(0, run.exit(), run.both());
        assertTrue(out.contains("key 463b96181691fc9c"), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("e2e4   e4 ")), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("d2d4   d4 ")), out);
    }

    @Test
    void filesThatAreNotBooksAreRefused(@TempDir Path dir) throws Exception {
        byte[] real = Files.readAllBytes(BOOK);
        Path truncated = dir.resolve("truncated.bin");
        Files.write(truncated, Arrays.copyOf(real, 16 * 1000 + 7));
        Path empty = Files.createFile(dir.resolve("empty.bin"));
        Path text = dir.resolve("text.bin");
        Files.writeString(text, "this is a text file, not a Polyglot opening book!\n".repeat(16));
        Path random = dir.resolve("random.bin");
        byte[] noise = new byte[16 * 64];
        new SplittableRandom(3).nextBytes(noise);
        Files.write(random, noise);
        Path badMove = dir.resolve("bad-move.bin");
        byte[] damaged = Arrays.copyOf(real, 16 * 10);
        damaged[16 * 5 + 8] = (byte) 0x70; // promotion field 7: no Polyglot writer makes that
        Files.write(badMove, damaged);

        assertMessage(dir.resolve("missing.bin"), "no such file");
        assertMessage(truncated, "not a whole number of 16-byte entries");
        assertMessage(empty, "empty file");
        assertMessage(text, "not a Polyglot book");
        assertMessage(random, "not a Polyglot book");
        assertMessage(badMove, "entry 5 holds no move");
        assertMessage(dir, "unreadable");
        // a prefix that ends on an entry boundary is still a valid (smaller) book
        Path prefix = dir.resolve("prefix.bin");
        Files.write(prefix, Arrays.copyOf(real, 16 * 1000));
        assertEquals(1000, OpeningBook.open(prefix).size());
    }

    private static void assertMessage(Path file, String part) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OpeningBook.open(file));
        assertNotNull(e.getMessage());
        assertTrue(e.getMessage().contains(part), file + ": " + e.getMessage());
    }

    @Test
    void decodeFindsOnlyLegalMoves() {
        Position start = Position.startPosition();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateAll(start, moves);
        for (int i = 0; i < n; i++) {
            assertEquals(moves[i], PolyglotMove.decode(start, PolyglotMove.encode(moves[i])));
        }
        // e2e5 (from e2 = 12, to e5 = 36) is well formed but not legal
        assertEquals(Move.NONE, PolyglotMove.decode(start, 36 | 12 << 6));
        Position promotion = Position.fromFen("8/1P6/8/8/8/8/6k1/4K3 w - - 0 1");
        int queen = 57 | 49 << 6 | 4 << 12, knight = 57 | 49 << 6 | 1 << 12;
        assertEquals("b7b8q", Move.toUci(PolyglotMove.decode(promotion, queen)));
        assertEquals("b7b8n", Move.toUci(PolyglotMove.decode(promotion, knight)));
        Position castle = Position.fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assertEquals("e1g1", Move.toUci(PolyglotMove.decode(castle, 7 | 4 << 6)), "e1h1 is short castling");
        assertEquals("e1c1", Move.toUci(PolyglotMove.decode(castle, 0 | 4 << 6)), "e1a1 is long castling");
    }
}
