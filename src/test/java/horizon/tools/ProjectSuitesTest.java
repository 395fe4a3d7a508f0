package horizon.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Position;
import horizon.engine.SearchScore;
import horizon.io.EpdFile;
import horizon.io.UciEngineProcess;
import horizon.search.SearchLimits;
import horizon.search.Searcher;
import horizon.search.TranspositionTable;
import horizon.testing.Stockfish;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The project's own suites in {@code epd/} hold what they claim, checked again by Horizon and by Stockfish. */
class ProjectSuitesTest {
    private static List<SuitePosition> load(String name) throws IOException {
        List<String> problems = new ArrayList<>();
        List<SuitePosition> positions = new ArrayList<>();
        for (EpdFile.Line line : EpdFile.read(Path.of("epd", name), problems::add)) {
            positions.add(SuitePosition.of(line));
        }
        assertEquals(List.of(), problems);
        return positions;
    }

    @Test
    void matesSuiteHasTwentyMatesOfEachLengthAndHorizonFindsEachExactly() throws IOException {
        List<SuitePosition> mates = load("mates.epd");
        Map<Integer, Integer> perLength = new TreeMap<>();
        // The generator's settings (SuiteMiner): a 64 MB table, emptied before each position.
        TranspositionTable table = new TranspositionTable(64);
        Searcher searcher = new Searcher(table);
        MateProver prover = new MateProver(20_000_000L);
        for (SuitePosition p : mates) {
            int n = p.mateIn();
            perLength.merge(n, 1, Integer::sum);
            SearchLimits limits = new SearchLimits();
            // Pruning can show a longer mate first, and where depends on the weights: 2N+4 (the generator's depth,
            // round-1 weights) left two mates in 5 reading mate 6; 2N+8 left mate3.001 reading mate 4 with the
            // round-3 weights; 2N+10 left mate5.013 reading +24 pawns at depth 20 with the 10 cp aspiration window
            // (it reads mate 5 from depth 21). 2N+12 finds every shortest mate with the shipped weights and search.
            limits.depth = 2 * n + 12;
            table.clear();
            searcher.clearHistory();
            searcher.search(Position.fromFen(p.fen()), limits, null);
            assertEquals("mate " + n, SearchScore.toText(searcher.bestScore()), p.id());
            if (n <= 3) { // the exhaustive proof is cheap up to mate in 3; the generator proved the rest
                assertEquals(n, prover.shortestMate(Position.fromFen(p.fen()), n), p.id());
            }
        }
        assertEquals(Map.of(1, 20, 2, 20, 3, 20, 4, 20, 5, 20), perLength);
    }

    /** Stockfish 15.1's exact output (Debian's package): slow profile, so that an upgrade cannot fail a build. */
    @Tag("oracle")
    @Test
    @Tag("slow")
    void stockfishAgreesOnEveryMateLength() throws IOException {
        try (UciEngineProcess sf = Stockfish.start()) {
            sf.setOption("Threads", "1");
            sf.setOption("Hash", "64"); // as the generator ran it: Stockfish's depth-22 mate length depends on it
            for (SuitePosition p : load("mates.epd")) {
                sf.send("ucinewgame");
                List<String> lines = sf.search(p.fen(), "depth 22");
                String last = lines.stream().filter(l -> l.contains(" score ") && !l.contains("bound"))
                        .reduce((a, b) -> b).orElse("");
                assertTrue(last.contains(" score mate " + p.mateIn() + " "), p.id() + ": " + last);
            }
        }
    }

    /**
     * Every tenth-or-so tactic again through Stockfish as the generator ran it (depth 18, MultiPV 2, 64 MB, fresh
     * table): the listed move is still best and by at least 150 cp. All 220 would take minutes; CI checks a
     * spread sample and the generator's log has the rest. Stockfish 15.1's exact output: slow profile.
     */
    @Tag("oracle")
    @Test
    @Tag("slow")
    void stockfishStillSeesOneMoveFarAheadInSampledTactics() throws IOException {
        List<SuitePosition> tactics = load("tactics.epd");
        assertTrue(tactics.size() >= 200, "tactics: " + tactics.size());
        try (UciEngineProcess sf = Stockfish.start()) {
            sf.setOption("Threads", "1");
            sf.setOption("Hash", "64");
            sf.setOption("MultiPV", "2");
            for (int i = 0; i < tactics.size(); i += 22) {
                SuitePosition p = tactics.get(i);
                sf.send("ucinewgame");
                int[] cp = new int[3];
                String[] first = new String[3];
                for (String line : sf.search(p.fen(), "depth 18")) {
                    String[] t = line.split("\\s+");
                    if (!line.startsWith("info") || !line.contains(" cp ") || line.contains("bound")) {
                        continue;
                    }
                    int k = Integer.parseInt(t[java.util.Arrays.asList(t).indexOf("multipv") + 1]);
                    cp[k] = Integer.parseInt(t[java.util.Arrays.asList(t).indexOf("cp") + 1]);
                    first[k] = t[java.util.Arrays.asList(t).indexOf("pv") + 1];
                }
                int best = horizon.board.UciMove.parse(Position.fromFen(p.fen()), first[1], false);
                assertTrue(p.isSolvedBy(best, 0), p.id() + ": Stockfish now prefers " + first[1]);
                assertTrue(cp[1] - cp[2] >= 150, p.id() + ": gap " + (cp[1] - cp[2]));
            }
        }
    }
}
