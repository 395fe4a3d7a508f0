package horizon.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Move;
import horizon.board.Position;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PgnReaderTest {
    @TempDir
    Path dir;

    private Path write(String text) throws IOException {
        Path file = dir.resolve("games.pgn");
        Files.writeString(file, text, StandardCharsets.ISO_8859_1);
        return file;
    }

    @Test
    void readsWhatTournamentManagersWrite() throws IOException {
        Path file = write("""
                [Event "test"]
                [Round "1"]
                [Result "1-0"]

                1. e4 {book} e5 2. Nf3 $1 Nc6 (2... d6 3. d4) 3. Bb5 a6 1-0

                [Event "test"]
                [FEN "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"]
                [SetUp "1"]
                [Result "*"]

                1. O-O-O Kf7 *
                """);
        List<String> problems = new ArrayList<>();
        List<PgnReader.Game> games = PgnReader.read(file, problems::add);
        assertEquals(List.of(), problems);
        assertEquals(2, games.size());
        assertEquals(6, games.get(0).moves().length);
        assertEquals("1-0", games.get(0).result());
        assertEquals("*", games.get(1).result());
        Position pos = Position.fromFen(games.get(1).startFen());
        assertEquals("e1c1", Move.toUci(games.get(1).moves()[0], false));
        pos.makeMove(games.get(1).moves()[0]);
        pos.makeMove(games.get(1).moves()[1]);
        assertEquals("8/5k2/8/8/8/8/8/2KR4", pos.toFen().split(" ")[0]);
    }

    @Test
    void malformedGamesAreReportedWithTheirLineAndTheRestIsRead() throws IOException {
        Path file = write("""
                [Event "bad move"]
                [Result "*"]

                1. e4 e5 2. Ke3 Nc6 *

                [Event "bad fen"]
                [FEN "not a position"]

                1. e4 *

                [Event "garbage"]

                1. e4 %$#@ {an unterminated comment

                [Event "good"]

                1. d4 d5 *
                """);
        List<String> problems = new ArrayList<>();
        List<PgnReader.Game> games = PgnReader.read(file, problems::add);
        assertEquals(3, problems.size(), problems.toString());
        assertTrue(problems.get(0).endsWith(":1: 'Ke3' is not legal after 2 plies; game cut there"), problems.get(0));
        assertTrue(problems.get(1).contains(":6: game skipped, its FEN tag does not parse"), problems.get(1));
        assertTrue(problems.get(2).contains(":11: '%$#@' is not legal after 1 plies"), problems.get(2));
        assertEquals(3, games.size(), "the game with a bad FEN is skipped, the others are kept (cut)");
        assertEquals(2, games.get(0).moves().length);
        assertEquals(1, games.get(1).moves().length);
        assertEquals(2, games.get(2).moves().length, "a game after the broken ones is read whole");
    }
}
