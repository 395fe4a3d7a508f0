package horizon.testing;

import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.board.San;
import horizon.engine.Engine;
import horizon.engine.EngineListener;
import horizon.engine.SearchResult;
import horizon.search.SearchLimits;
import java.io.FileWriter;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Not a test: writes the PGN of Horizon against itself that src/test/resources/books/horizon-games.pgn holds (its
 * README gives the command). Both sides play at UCI_Elo 2000 (a node budget and a random choice among the best
 * lines, seeded per game and side), at most 20,000 nodes a move; games end by the rules or by fastchess's usual
 * adjudication (a side 600 cp ahead for 3 moves each, or within 10 cp for 8 moves each after move 40).
 */
public class SelfPlayPgn {
    public static void main(String[] a) throws Exception {
        int games = Integer.parseInt(a[0]);
        long seed = Long.parseLong(a[1]);
        try (PrintWriter out = new PrintWriter(new FileWriter(a[2]))) {
            for (int g = 0; g < games; g++) {
                Engine[] side = {new Engine(), new Engine()};
                for (int s = 0; s < 2; s++) {
                    side[s].setStrength(true, 2000);
                    side[s].setRandomSeed(seed + 2L * g + s);
                    side[s].newGame();
                }
                Position pos = Position.startPosition();
                List<String> sans = new ArrayList<>();
                String result = null;
                int bigFor = 0, bigSign = 0, small = 0;
                int[] moves = new int[MoveGenerator.MAX_MOVES];
                while (result == null) {
                    int n = MoveGenerator.generateAll(pos, moves);
                    if (n == 0) {
                        result = pos.inCheck() ? (pos.sideToMove() == 0 ? "0-1" : "1-0") : "1/2-1/2";
                        break;
                    }
                    if (pos.halfmoveClock() >= 100 || pos.repetitionCount() >= 2) {
                        result = "1/2-1/2";
                        break;
                    }
                    Engine e = side[pos.sideToMove()];
                    e.setPosition(pos.copy());
                    SearchLimits limits = new SearchLimits();
                    limits.nodes = 20000;
                    AtomicReference<SearchResult> r = new AtomicReference<>();
                    e.go(limits, new EngineListener() { @Override public void finished(SearchResult x) { r.set(x); } });
                    e.waitForSearch();
                    int move = r.get().bestMove();
                    int score = r.get().score(); // side to move's view
                    int white = pos.sideToMove() == 0 ? score : -score;
                    // fastchess's adjudication: -resign movecount=3 score=600 -draw movenumber=40 movecount=8 score=10
                    if (Math.abs(white) >= 600) {
                        bigFor = Integer.signum(white) == bigSign ? bigFor + 1 : 1;
                        bigSign = Integer.signum(white);
                    } else {
                        bigFor = 0;
                    }
                    small = Math.abs(white) <= 10 ? small + 1 : 0;
                    sans.add(San.toSan(pos, move));
                    pos.makeMove(move);
                    if (bigFor >= 6) result = bigSign > 0 ? "1-0" : "0-1";
                    else if (sans.size() >= 80 && small >= 16) result = "1/2-1/2";
                }
                out.printf("[Event \"Horizon self-play, UCI_Elo 2000\"]%n[Site \"?\"]%n[Date \"2026.12.07\"]%n"
                        + "[Round \"%d\"]%n[White \"Horizon\"]%n[Black \"Horizon\"]%n[Result \"%s\"]%n%n",
                        g + 1, result);
                StringBuilder text = new StringBuilder();
                for (int i = 0; i < sans.size(); i++) {
                    if (i % 2 == 0) text.append(i / 2 + 1).append(". ");
                    text.append(sans.get(i)).append(' ');
                }
                text.append(result);
                // wrap at 80 columns
                StringBuilder line = new StringBuilder();
                for (String w : text.toString().split(" ")) {
                    if (line.length() + w.length() + 1 > 80) { out.println(line.toString().trim()); line.setLength(0); }
                    line.append(w).append(' ');
                }
                out.println(line.toString().trim());
                out.println();
                System.err.println("game " + (g + 1) + " " + result + " " + sans.size());
            }
        }
        System.exit(0);
    }
}
