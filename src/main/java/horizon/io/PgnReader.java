package horizon.io;

import horizon.board.FenException;
import horizon.board.Move;
import horizon.board.Position;
import horizon.board.San;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads the games of a PGN file as tournament managers write them (tag pairs, then SAN movetext with comments,
 * variations, NAGs and move numbers), enough to replay them: the start position (the FEN tag, or the standard
 * start) and the moves. Malformed input is reported, never thrown, each problem naming the file and the line where
 * its game starts: a game with a move that is not legal is cut at that move, a game whose FEN tag does not parse is
 * skipped.
 */
public final class PgnReader {
    /** One game: its tags, its start position and its moves (ints, legal in sequence from the start). */
    public record Game(Map<String, String> tags, String startFen, int[] moves) {
        public String result() {
            return tags.getOrDefault("Result", "*");
        }
    }

    private PgnReader() {
    }

    public static List<Game> read(Path file, Consumer<String> problems) throws IOException {
        List<Game> games = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            Map<String, String> tags = new LinkedHashMap<>();
            StringBuilder movetext = new StringBuilder();
            String line;
            int lineNumber = 0, gameStart = 0;
            while ((line = reader.readLine()) != null) {
                lineNumber++;
                String trimmed = line.strip();
                if (gameStart == 0 && !trimmed.isEmpty()) {
                    gameStart = lineNumber;
                }
                if (trimmed.startsWith("[") && trimmed.endsWith("]")) {
                    if (movetext.length() > 0) {
                        addGame(games, tags, movetext.toString(), file + ":" + gameStart, problems);
                        tags = new LinkedHashMap<>();
                        movetext.setLength(0);
                        gameStart = lineNumber;
                    }
                    int space = trimmed.indexOf(' ');
                    if (space > 1) {
                        String value = trimmed.substring(space + 1, trimmed.length() - 1).strip();
                        if (value.startsWith("\"") && value.endsWith("\"") && value.length() >= 2) {
                            value = value.substring(1, value.length() - 1);
                        }
                        tags.put(trimmed.substring(1, space), value);
                    }
                } else if (!trimmed.isEmpty()) {
                    movetext.append(trimmed).append(' ');
                }
            }
            if (movetext.length() > 0 || !tags.isEmpty()) {
                addGame(games, tags, movetext.toString(), file + ":" + gameStart, problems);
            }
        }
        return games;
    }

    /** Replays one game and adds it; where names the file and the line the game starts on. */
    private static void addGame(List<Game> games, Map<String, String> tags, String movetext, String where,
                                Consumer<String> problems) {
        String fen = tags.getOrDefault("FEN", Position.START_FEN);
        Position pos;
        try {
            pos = Position.fromFen(fen);
        } catch (FenException e) {
            problems.accept(where + ": game skipped, its FEN tag does not parse (" + e.getMessage() + ")");
            return;
        }
        List<Integer> moves = new ArrayList<>();
        for (String token : tokens(movetext)) {
            int m = San.parse(pos, token);
            if (m == Move.NONE) {
                problems.accept(where + ": '" + token + "' is not legal after " + moves.size()
                        + " plies; game cut there");
                break;
            }
            pos.makeMove(m);
            moves.add(m);
        }
        games.add(new Game(tags, fen, moves.stream().mapToInt(Integer::intValue).toArray()));
    }

    /** The SAN tokens of movetext: comments, variations, NAGs, move numbers and the result removed. */
    static List<String> tokens(String movetext) {
        StringBuilder clean = new StringBuilder(movetext.length());
        int comment = 0, variation = 0;
        for (int i = 0; i < movetext.length(); i++) {
            char c = movetext.charAt(i);
            if (comment > 0) {
                comment += c == '}' ? -1 : 0;
            } else if (c == '{') {
                comment = 1;
            } else if (c == '(') {
                variation++;
            } else if (c == ')') {
                variation = Math.max(0, variation - 1);
            } else if (variation == 0) {
                clean.append(c);
            }
        }
        List<String> tokens = new ArrayList<>();
        for (String token : clean.toString().split("\\s+")) {
            String t = token.replaceFirst("^\\d+\\.+", "");
            if (t.isEmpty() || t.startsWith("$") || t.equals("1-0") || t.equals("0-1") || t.equals("1/2-1/2")
                    || t.equals("*")) {
                continue;
            }
            tokens.add(t);
        }
        return tokens;
    }
}
