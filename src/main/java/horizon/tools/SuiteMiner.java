package horizon.tools;

import horizon.board.Move;
import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.board.San;
import horizon.board.UciMove;
import horizon.engine.SearchScore;
import horizon.io.PgnReader;
import horizon.io.UciEngineProcess;
import horizon.search.SearchLimits;
import horizon.search.Searcher;
import horizon.search.TranspositionTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * Builds the project's own test suites from Horizon's games (PGN files written by fastchess), with Stockfish as
 * the independent judge. Not part of the engine's command line: it is how {@code epd/mates.epd} and
 * {@code epd/tactics.epd} were made, and the command and parameters are recorded in {@code epd/README.md}.
 *
 * <ul>
 *   <li>{@code mates}: positions 1 to 5 moves before the checkmate that ended a game, kept when Stockfish
 *   reports {@code score mate N} (1 to 5), Horizon's search finds a mate of the same length, and an exhaustive
 *   search ({@link MateProver}) proves mate in N and no shorter one.
 *   <li>{@code tactics}: positions from the games in which Stockfish, with MultiPV 2 at the given depth, sees one
 *   move at least {@code --gap} centipawns better than every other move, while the game is still undecided
 *   (|best| at most {@code --max-eval}). A shallow pass with the same test at a lower threshold picks the
 *   candidates first, since the deep search is where the time goes.
 * </ul>
 */
@Command(name = "suite-miner", mixinStandardHelpOptions = true, sortOptions = false)
public final class SuiteMiner implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "mates|tactics")
    String kind;

    @Parameters(index = "1..*", paramLabel = "PGN", description = "games to take positions from")
    List<Path> pgnFiles;

    @Option(names = "--out", required = true)
    Path out;

    @Option(names = "--depth", defaultValue = "18", description = "Stockfish depth of the deciding search")
    int depth;

    @Option(names = "--gap", defaultValue = "150", description = "tactics: centipawns between best and second")
    int gap;

    @Option(names = "--max-eval", defaultValue = "500", description = "tactics: |best score| at most this")
    int maxEval;

    @Option(names = "--count", defaultValue = "220", description = "positions to write (per mate length)")
    int count;

    @Option(names = "--seed", defaultValue = "1")
    long seed;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SuiteMiner()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        List<PgnReader.Game> games = new ArrayList<>();
        for (Path pgn : pgnFiles) {
            games.addAll(PgnReader.read(pgn, System.err::println));
        }
        System.err.println(games.size() + " games read");
        String stockfish = UciEngineProcess.findStockfish();
        if (stockfish == null) {
            System.err.println("Stockfish not found (apt-get install stockfish)");
            return 1;
        }
        try (UciEngineProcess sf = new UciEngineProcess(stockfish);
             PrintWriter writer = new PrintWriter(Files.newBufferedWriter(out, StandardCharsets.UTF_8))) {
            sf.setOption("Threads", "1");
            sf.setOption("Hash", "64");
            if (kind.equals("mates")) {
                mates(games, sf, writer);
            } else if (kind.equals("tactics")) {
                tactics(games, sf, writer);
            } else {
                System.err.println("unknown kind " + kind + ": mates or tactics");
                return 2;
            }
        }
        return 0;
    }

    private void mates(List<PgnReader.Game> games, UciEngineProcess sf, PrintWriter writer) throws IOException {
        List<String> candidates = new ArrayList<>();
        for (PgnReader.Game game : games) {
            List<String> fens = replay(game);
            Position last = Position.fromFen(fens.get(fens.size() - 1));
            if (!last.inCheck() || MoveGenerator.countLegal(last) != 0) {
                continue;
            }
            for (int moves = 1; moves <= 5; moves++) {
                int index = fens.size() - 2 * moves;
                if (index >= 0) {
                    candidates.add(fens.get(index));
                }
            }
        }
        candidates = shuffledDistinct(candidates);
        System.err.println(candidates.size() + " candidate positions before a mate");
        Map<Integer, Integer> perLength = new HashMap<>();
        Searcher horizon = new Searcher(new TranspositionTable(64));
        MateProver prover = new MateProver(200_000_000L);
        for (String fen : candidates) {
            if (perLength.size() == 5 && perLength.values().stream().allMatch(k -> k >= count)) {
                break;
            }
            Analysis a = analyse(sf, fen, "depth " + depth).get(1);
            if (a == null || a.mate < 1 || a.mate > 5 || perLength.getOrDefault(a.mate, 0) >= count) {
                continue;
            }
            // A fixed depth with a few plies to spare and an empty table: a "go mate" search stops at the first
            // mate it sees, which need not be the shortest.
            SearchLimits limits = new SearchLimits();
            limits.depth = 2 * a.mate + 4;
            Position pos = Position.fromFen(fen);
            horizon.newGame();
            int move = horizon.search(pos, limits, null);
            int horizonMate = EpdRunner.mateDistance(horizon.bestScore());
            if (move == Move.NONE || horizonMate != a.mate) {
                System.err.println("disagree: " + fen + " stockfish mate " + a.mate + ", horizon "
                        + SearchScore.toText(horizon.bestScore()));
                continue;
            }
            int proven = prover.shortestMate(Position.fromFen(fen), a.mate);
            if (proven != a.mate) {
                System.err.println("not proven: " + fen + " mate " + a.mate + ", exhaustive search: "
                        + (proven == MateProver.UNKNOWN ? "over budget" : proven == 0 ? "none" : "mate " + proven));
                continue;
            }
            int n = perLength.merge(a.mate, 1, Integer::sum);
            writer.printf(Locale.ROOT, "%s dm %d; pv %s; id \"mate%d.%03d\"; c1 \"stockfish depth %d: %s, "
                            + "horizon: %s, exhaustive search: mate %d\";%n", epdFields(fen), a.mate, San.toSan(pos, a.move), a.mate, n, depth,
                    San.toSan(pos, a.move), San.toSan(pos, move), a.mate);
            writer.flush();
        }
        System.err.println("mates written per length: " + perLength);
    }

    private void tactics(List<PgnReader.Game> games, UciEngineProcess sf, PrintWriter writer) throws IOException {
        List<String> candidates = new ArrayList<>();
        for (PgnReader.Game game : games) {
            List<String> fens = replay(game);
            candidates.addAll(fens.subList(0, Math.max(0, fens.size() - 1)));
        }
        candidates = shuffledDistinct(candidates);
        System.err.println(candidates.size() + " distinct positions from the games");
        sf.setOption("MultiPV", "2");
        int written = 0, screened = 0, deep = 0;
        for (String fen : candidates) {
            if (written >= count) {
                break;
            }
            screened++;
            Map<Integer, Analysis> shallow = analyse(sf, fen, "depth 10");
            if (!isTactic(shallow, gap * 2 / 3, maxEval + 100)) {
                continue;
            }
            deep++;
            Map<Integer, Analysis> lines = analyse(sf, fen, "depth " + depth);
            if (!isTactic(lines, gap, maxEval)) {
                continue;
            }
            written++;
            Position pos = Position.fromFen(fen);
            Analysis best = lines.get(1), second = lines.get(2);
            writer.printf(Locale.ROOT, "%s bm %s; ce %d; id \"tactics.%03d\"; c1 \"stockfish depth %d: %s %+d, "
                            + "next best %s %+d\";%n", epdFields(fen), San.toSan(pos, best.move), best.cp, written,
                    depth, San.toSan(pos, best.move), best.cp, San.toSan(pos, second.move), second.cp);
            writer.flush();
            if (written % 10 == 0) {
                System.err.printf("%d written, %d screened, %d searched deep%n", written, screened, deep);
            }
        }
        System.err.printf("tactics: %d written from %d positions screened, %d searched at depth %d%n", written,
                screened, deep, depth);
    }

    private static boolean isTactic(Map<Integer, Analysis> lines, int minGap, int maxAbs) {
        Analysis best = lines.get(1), second = lines.get(2);
        return best != null && second != null && best.mate == 0 && second.mate == 0
                && Math.abs(best.cp) <= maxAbs && best.cp - second.cp >= minGap;
    }

    /** The FEN before every move of the game, then the final position. */
    private static List<String> replay(PgnReader.Game game) {
        Position pos = Position.fromFen(game.startFen());
        List<String> fens = new ArrayList<>();
        fens.add(pos.toFen());
        for (int m : game.moves()) {
            pos.makeMove(m);
            fens.add(pos.toFen());
        }
        return fens;
    }

    private List<String> shuffledDistinct(List<String> fens) {
        Set<String> seen = new LinkedHashSet<>();
        for (String fen : fens) {
            seen.add(epdFields(fen)); // the same position reached at another move number is the same test
        }
        List<String> list = new ArrayList<>();
        for (String f : seen) {
            list.add(f + " 0 1");
        }
        Collections.shuffle(list, new Random(seed));
        return list;
    }

    private static String epdFields(String fen) {
        String[] f = fen.trim().split("\\s+");
        return f[0] + " " + f[1] + " " + f[2] + " " + f[3];
    }

    /** The last exact score and first move Stockfish gave for a MultiPV line. */
    private record Analysis(int cp, int mate, int move) {
    }

    private static Map<Integer, Analysis> analyse(UciEngineProcess sf, String fen, String go) throws IOException {
        Position pos = Position.fromFen(fen);
        Map<Integer, Analysis> lines = new HashMap<>();
        // A table filled by other positions can make Stockfish report a longer mate than the shortest one.
        sf.send("ucinewgame");
        for (String line : sf.search(fen, go)) {
            if (!line.startsWith("info") || !line.contains(" score ") || !line.contains(" pv ")
                    || line.contains("bound")) {
                continue;
            }
            String[] t = line.split("\\s+");
            int multipv = 1, cp = 0, mate = 0, move = Move.NONE;
            for (int i = 0; i < t.length - 1; i++) {
                switch (t[i]) {
                    case "multipv" -> multipv = Integer.parseInt(t[i + 1]);
                    case "cp" -> cp = Integer.parseInt(t[i + 1]);
                    case "mate" -> mate = Integer.parseInt(t[i + 1]);
                    case "pv" -> move = UciMove.parse(pos, t[i + 1], false);
                    default -> { }
                }
            }
            if (move != Move.NONE) {
                lines.put(multipv, new Analysis(cp, mate, move));
            }
        }
        return lines;
    }
}
