package horizon.tune.data;

import horizon.board.Move;
import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.io.EpdRecord;
import horizon.search.SearchLimits;
import horizon.search.Searcher;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Where self-play games start: the start position or a book position, then {@code randomPlies} or one more (chosen
 * at random per game) uniformly random legal moves, so that a run's games differ. A start that a short search
 * scores beyond {@link #MAX_SCORE} for either side is drawn again: its game would be decided before it began, and
 * its positions would teach little but "a piece up wins".
 */
public final class Openings {
    /** Centipawns beyond which an opening is drawn again. */
    public static final int MAX_SCORE = 1000;
    /** Nodes of the search that scores an opening (a hard limit: a few iterations, some milliseconds). */
    public static final long CHECK_NODES = 5000;
    private static final int MAX_TRIES = 1000;

    private final List<String> fens;
    private final int randomPlies;

    private Openings(List<String> fens, int randomPlies) {
        this.fens = fens;
        this.randomPlies = randomPlies;
    }

    public static Openings startPosition(int randomPlies) {
        return new Openings(List.of(Position.START_FEN), randomPlies);
    }

    /**
     * A book of EPD or FEN lines (blank lines and # comments skipped).
     *
     * @throws IllegalArgumentException naming the first line that is not a position
     */
    public static Openings read(Path book, int randomPlies) throws IOException {
        List<String> fens = new ArrayList<>();
        List<String> lines = Files.readAllLines(book, StandardCharsets.ISO_8859_1);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                String fen = EpdRecord.parse(line).fen();
                Position.fromFen(fen);
                fens.add(fen);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(book + " line " + (i + 1) + ": " + e.getMessage());
            }
        }
        if (fens.isEmpty()) {
            throw new IllegalArgumentException(book + ": no positions");
        }
        return new Openings(fens, randomPlies);
    }

    /**
     * The start of one game, drawn from the game's own random stream; searcher scores it (and is left dirty: the
     * caller clears it before the game).
     *
     * @throws IllegalStateException when a thousand draws in a row all fail (a book of lost or finished positions)
     */
    public Position pick(SplittableRandom random, Searcher searcher) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        SearchLimits limits = new SearchLimits();
        limits.nodes = CHECK_NODES;
        for (int attempt = 0; attempt < MAX_TRIES; attempt++) {
            Position pos = Position.fromFen(fens.get(random.nextInt(fens.size())));
            int plies = randomPlies + random.nextInt(2);
            boolean ended = false;
            for (int i = 0; i < plies && !ended; i++) {
                int n = MoveGenerator.generateAll(pos, moves);
                if (n == 0) {
                    ended = true;
                } else {
                    pos.makeMove(moves[random.nextInt(n)]);
                }
            }
            if (ended || MoveGenerator.countLegal(pos) == 0) {
                continue;
            }
            searcher.newGame();
            if (searcher.search(pos, limits, null) != Move.NONE && Math.abs(searcher.bestScore()) <= MAX_SCORE) {
                return pos;
            }
        }
        throw new IllegalStateException("no opening within +-" + MAX_SCORE + " cp in " + MAX_TRIES + " tries");
    }

    public int randomPlies() {
        return randomPlies;
    }

    /** How many book positions there are (1 for the start position). */
    public int size() {
        return fens.size();
    }
}
