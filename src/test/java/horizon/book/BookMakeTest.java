package horizon.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.board.San;
import horizon.io.PgnReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Horizon's {@code book make} against Debian's {@code polyglot make-book} (the format's reference writer) on the
 * same PGN: the same entries, moves and weights. The default run compares with the book polyglot made from
 * Horizon's own games ({@link OpeningBookTest#BOOK}, src/test/resources/books/README.md says how); the oracles profile
 * runs polyglot itself.
 */
class BookMakeTest {
    /** The PGN the recorded book was made from. */
    static final Path GAMES = Path.of("src", "test", "resources", "books", "horizon-games.pgn");
    private static final String POLYGLOT = "/usr/games/polyglot";

    /**
     * Games from the start position whose moves are drawn with a strong bias towards the first few legal moves, so
     * that games share openings and transpose (a book needs positions seen in several games), with mixed results.
     */
    static String randomGames(int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        String[] results = {"1-0", "0-1", "1/2-1/2", "*"};
        StringBuilder pgn = new StringBuilder();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        for (int g = 0; g < count; g++) {
            String result = results[random.nextInt(results.length)];
            pgn.append("[Event \"book test\"]\n[Site \"?\"]\n[Date \"2026.11.25\"]\n[Round \"").append(g + 1)
                    .append("\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"").append(result).append("\"]\n\n");
            Position pos = Position.startPosition();
            int plies = 6 + random.nextInt(30);
            StringBuilder text = new StringBuilder();
            for (int ply = 0; ply < plies; ply++) {
                int n = MoveGenerator.generateAll(pos, moves);
                if (n == 0) {
                    break;
                }
                int pick = Math.min(n - 1, Math.min(random.nextInt(n), Math.min(random.nextInt(4),
                        random.nextInt(4))));
                if (ply % 2 == 0) {
                    text.append(ply / 2 + 1).append(". ");
                }
                text.append(San.toSan(pos, moves[pick])).append(' ');
                pos.makeMove(moves[pick]);
            }
            pgn.append(text).append(result).append("\n\n");
        }
        return pgn.toString();
    }

    /** Every entry of a book file as "key move weight", in file order. */
    static List<String> rawEntries(Path book) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(book));
        List<String> entries = new ArrayList<>();
        while (bytes.remaining() >= 16) {
            long key = bytes.getLong();
            int move = Short.toUnsignedInt(bytes.getShort());
            int weight = Short.toUnsignedInt(bytes.getShort());
            bytes.getInt();
            entries.add(String.format("%016x %04x %d", key, move, weight));
        }
        return entries;
    }

    private static void polyglotMakeBook(Path pgn, Path out, int minGames, int maxPly) throws Exception {
        Process p = new ProcessBuilder(POLYGLOT, "make-book", "-pgn", pgn.toString(), "-bin", out.toString(),
                "-min-game", Integer.toString(minGames), "-max-ply", Integer.toString(maxPly))
                .redirectErrorStream(true).start();
        String output;
        try (InputStream in = p.getInputStream()) {
            output = new String(in.readAllBytes());
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "polyglot make-book did not finish");
        assertEquals(0, p.exitValue(), "polyglot make-book failed: " + output);
    }

    private static BookBuilder horizonBook(Path pgn, int maxPly) throws IOException {
        List<String> problems = new ArrayList<>();
        BookBuilder builder = new BookBuilder(maxPly);
        for (PgnReader.Game game : PgnReader.read(pgn, problems::add)) {
            builder.addGame(Position.fromFen(game.startFen()), game.moves(), game.result());
        }
        assertEquals(List.of(), problems);
        return builder;
    }

    @Test
    void sameBookAsPolyglotsRecordedBookOfHorizonsGames() throws Exception {
        BookBuilder builder = horizonBook(GAMES, 1024);
        Path ours = Files.createTempFile("horizon-games", ".bin");
        try {
            int written = builder.write(ours, 1);
            List<String> expected = rawEntries(OpeningBookTest.BOOK), actual = rawEntries(ours);
            assertEquals(expected.size(), written);
            assertEquals(byPosition(expected), byPosition(actual));
            assertEquals(expected.stream().map(e -> e.substring(0, 16)).toList(),
                    actual.stream().map(e -> e.substring(0, 16)).toList());
        } finally {
            Files.delete(ours);
        }
    }

    @Test
    @Tag("oracle")
    void sameBookAsPolyglotMakeBook(@TempDir Path dir) throws Exception {
        Path pgn = dir.resolve("games.pgn");
        Files.writeString(pgn, randomGames(400, 20261125));
        int[][] settings = {{1, 1024}, {3, 1024}, {2, 12}};
        for (int[] s : settings) {
            int minGames = s[0], maxPly = s[1];
            Path reference = dir.resolve("polyglot-" + minGames + "-" + maxPly + ".bin");
            Path ours = dir.resolve("horizon-" + minGames + "-" + maxPly + ".bin");
            polyglotMakeBook(pgn, reference, minGames, maxPly);
            BookBuilder builder = horizonBook(pgn, maxPly);
            assertEquals(400, builder.games());
            int written = builder.write(ours, minGames);
            List<String> expected = rawEntries(reference), actual = rawEntries(ours);
            assertTrue(expected.size() > 50, "the reference book is too small to compare: " + expected.size());
            assertEquals(expected.size(), written);
            // Polyglot's qsort leaves equal weights of one position in any order: compare position by position.
            assertEquals(byPosition(expected), byPosition(actual), "min-games " + minGames + ", max-ply " + maxPly);
            // and both are sorted as the format requires: by key, the highest weight first
            assertEquals(expected.stream().map(e -> e.substring(0, 16)).toList(),
                    actual.stream().map(e -> e.substring(0, 16)).toList());
        }
    }

    @Test
    @Tag("oracle")
    void readerGivesBothBooksTheSameMovesForEveryPositionOfTheGames(@TempDir Path dir) throws Exception {
        Path pgn = dir.resolve("games.pgn");
        Files.writeString(pgn, randomGames(200, 7));
        Path reference = dir.resolve("polyglot.bin"), ours = dir.resolve("horizon.bin");
        polyglotMakeBook(pgn, reference, 1, 1024);
        horizonBook(pgn, 1024).write(ours, 1);
        OpeningBook theirs = OpeningBook.open(reference), mine = OpeningBook.open(ours);
        int positions = 0, moves = 0, played = 0;
        for (PgnReader.Game game : PgnReader.read(pgn, p -> { })) {
            Position pos = Position.fromFen(game.startFen());
            for (int move : game.moves()) {
                Map<Integer, Integer> a = weights(theirs.entries(pos)), b = weights(mine.entries(pos));
                assertEquals(a, b, pos.toFen());
                // with min-games 1 a played move is left out only when it scored nothing (lost every game)
                played += b.containsKey(move) ? 1 : 0;
                positions++;
                moves += b.size();
                pos.makeMove(move);
            }
        }
        assertTrue(positions > 1000 && moves > positions && played > positions / 2,
                positions + " positions, " + moves + " book moves, " + played + " of the games' moves in the book");
    }

    private static Map<Integer, Integer> weights(List<BookEntry> entries) {
        Map<Integer, Integer> map = new TreeMap<>();
        for (BookEntry e : entries) {
            map.put(e.move(), e.weight());
        }
        return map;
    }

    private static Map<String, List<String>> byPosition(List<String> entries) {
        Map<String, List<String>> map = new TreeMap<>();
        for (String e : entries) {
            map.computeIfAbsent(e.substring(0, 16), k -> new ArrayList<>()).add(e.substring(17));
        }
        map.values().forEach(list -> list.sort(null));
        return map;
    }
}
