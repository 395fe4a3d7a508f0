package horizon.book;

import horizon.board.Position;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Makes a Polyglot book from games, with the rules of Polyglot's own {@code make-book}, so that both tools give the
 * same book from the same PGN: every move of a game up to the ply limit counts one game for its (position, move)
 * and adds 2 points for a win of the side that played it, 1 for a draw (or an unknown result), 0 for a loss; a
 * move's weight is its points. Moves seen in fewer games than the minimum, or with no points, are left out. When a
 * move reaches 16,384 games, the games and points of every move of that position are halved, so that weights stay
 * within 16 bits. Entries are written sorted by key, the highest weight first within a position.
 *
 * <p>One difference: Polyglot starts every game from the standard position, this builder from the game's FEN tag
 * when it has one (fastchess and datagen games start from opening-book positions).
 */
public final class BookBuilder {
    /** Polyglot's defaults for {@code -max-ply} and {@code -min-game}. */
    public static final int DEFAULT_MAX_PLY = 1024, DEFAULT_MIN_GAMES = 3;
    private static final int HALVE_AT = 16384;

    private final int maxPly;
    /** Per position key: per Polyglot move code, {games, points}. */
    private final Map<Long, Map<Integer, int[]>> stats = new HashMap<>();
    private int games;

    public BookBuilder(int maxPly) {
        this.maxPly = maxPly;
    }

    /**
     * Adds one game.
     *
     * @param start  the position before the first move (it is not changed)
     * @param moves  the game's moves, legal in sequence
     * @param result "1-0", "0-1", anything else counts as a draw (as in Polyglot)
     */
    public void addGame(Position start, int[] moves, String result) {
        Position pos = start.copy();
        int whitePoints = result.equals("1-0") ? 2 : result.equals("0-1") ? 0 : 1;
        for (int ply = 0; ply < moves.length && ply < maxPly; ply++) {
            int points = pos.sideToMove() == 0 ? whitePoints : 2 - whitePoints;
            long key = PolyglotKey.of(pos);
            Map<Integer, int[]> moveStats = stats.computeIfAbsent(key, k -> new HashMap<>());
            int[] entry = moveStats.computeIfAbsent(PolyglotMove.encode(moves[ply]), k -> new int[2]);
            entry[0]++;
            entry[1] += points;
            if (entry[0] >= HALVE_AT) {
                for (int[] e : moveStats.values()) {
                    e[0] = (e[0] + 1) / 2;
                    e[1] = (e[1] + 1) / 2;
                }
            }
            pos.makeMove(moves[ply]);
        }
        games++;
    }

    public int games() {
        return games;
    }

    /** The entries kept with at least {@code minGames} games, sorted as the file stores them. */
    public List<Entry> entries(int minGames) {
        List<Entry> kept = new ArrayList<>();
        for (Map.Entry<Long, Map<Integer, int[]>> position : stats.entrySet()) {
            for (Map.Entry<Integer, int[]> move : position.getValue().entrySet()) {
                int[] s = move.getValue();
                if (s[0] >= minGames && s[1] > 0) {
                    kept.add(new Entry(position.getKey(), move.getKey(), s[1]));
                }
            }
        }
        kept.sort((a, b) -> a.key != b.key ? Long.compareUnsigned(a.key, b.key)
                : a.weight != b.weight ? Integer.compare(b.weight, a.weight) : Integer.compare(a.move, b.move));
        return kept;
    }

    /** Writes the book; returns the number of entries written. */
    public int write(Path file, int minGames) throws IOException {
        List<Entry> kept = entries(minGames);
        try (OutputStream raw = Files.newOutputStream(file);
             DataOutputStream out = new DataOutputStream(new BufferedOutputStream(raw))) {
            for (Entry e : kept) { // DataOutputStream writes big-endian, as the format wants
                out.writeLong(e.key);
                out.writeShort(e.move);
                out.writeShort(e.weight);
                out.writeInt(0); // learn
            }
        }
        return kept.size();
    }

    /** One entry as written: Polyglot key, Polyglot move code and weight. */
    public record Entry(long key, int move, int weight) {
    }
}
