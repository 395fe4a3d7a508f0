package horizon.tools;

import horizon.board.FenException;
import horizon.board.Move;
import horizon.board.Position;
import horizon.board.San;
import horizon.book.BookBuilder;
import horizon.book.BookEntry;
import horizon.book.OpeningBook;
import horizon.book.PolyglotKey;
import horizon.io.CommandException;
import horizon.io.PgnReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code book make} and {@code book show}: Polyglot opening books from PGN games, and what a book says. */
@Command(name = "book", description = "Make a Polyglot opening book from PGN games, or show a book's moves.",
        subcommands = {BookCommand.Make.class, BookCommand.Show.class})
public final class BookCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw CommandException.usage("say 'make' or 'show' (see horizon book --help)");
    }

    @Command(name = "make", description = "Build a Polyglot book from PGN games, with polyglot make-book's rules.")
    static final class Make implements Callable<Integer> {
        @Parameters(paramLabel = "GAMES.pgn", arity = "1..*", description = "PGN files")
        List<Path> pgnFiles;

        @Option(names = "--out", required = true, paramLabel = "BOOK.bin", description = "book file to write")
        Path out;

        @Option(names = "--max-ply", description = "plies of each game to use (default: ${DEFAULT-VALUE})")
        int maxPly = BookBuilder.DEFAULT_MAX_PLY;

        @Option(names = "--min-games", description = "keep moves played in at least this many games"
                + " (default: ${DEFAULT-VALUE})")
        int minGames = BookBuilder.DEFAULT_MIN_GAMES;

        @Override
        public Integer call() {
            if (maxPly < 1 || minGames < 1) {
                throw CommandException.usage("--max-ply and --min-games must be at least 1");
            }
            BookBuilder builder = new BookBuilder(maxPly);
            int problems = 0;
            for (Path pgn : pgnFiles) {
                List<PgnReader.Game> games;
                int[] count = {0};
                try {
                    games = PgnReader.read(pgn, problem -> {
                        count[0]++;
                        System.err.println("book make: " + problem);
                    });
                } catch (IOException e) {
                    throw CommandException.input("cannot read " + pgn + ": " + e.getMessage());
                }
                problems += count[0];
                for (PgnReader.Game game : games) {
                    builder.addGame(Position.fromFen(game.startFen()), game.moves(), game.result());
                }
            }
            try {
                int entries = builder.write(out, minGames);
                System.out.println("book make: " + builder.games() + " games, " + entries + " entries (moves played"
                        + " in at least " + minGames + " games, first " + maxPly + " plies) -> " + out
                        + (problems > 0 ? "; " + problems + " problems reported above" : ""));
            } catch (IOException e) {
                throw CommandException.input("cannot write " + out + ": " + e.getMessage());
            }
            return 0;
        }
    }

    @Command(name = "show", description = "List a book's moves and weights for a position.")
    static final class Show implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "BOOK.bin", description = "Polyglot book")
        Path bookFile;

        @Parameters(index = "1..*", paramLabel = "FEN", description = "position (default: the start position)")
        String[] fen;

        @Override
        public Integer call() {
            OpeningBook book;
            Position pos;
            try {
                book = OpeningBook.open(bookFile);
            } catch (IllegalArgumentException e) {
                throw CommandException.input(bookFile + " is not usable: " + e.getMessage());
            }
            try {
                pos = fen == null ? Position.startPosition() : Position.fromFen(String.join(" ", fen));
            } catch (FenException e) {
                throw CommandException.usage("bad FEN: " + e.getMessage());
            }
            List<BookEntry> entries = book.entries(pos);
            long total = entries.stream().mapToLong(BookEntry::weight).sum();
            System.out.printf("%s: %d entries; key %016x, %d book moves for %s%n", bookFile, book.size(),
                    PolyglotKey.of(pos), entries.size(), pos.toFen());
            for (BookEntry e : entries) {
                System.out.printf("%-6s %-7s weight %5d  %5.1f %%  learn %d%n", Move.toUci(e.move(), false),
                        San.toSan(pos, e.move()), e.weight(), total == 0 ? 0.0 : 100.0 * e.weight() / total,
                        e.learn());
            }
            return 0;
        }
    }
}
