import horizon.board.*;
import horizon.eval.*;
import horizon.search.*;
import java.io.*;
import java.nio.file.*;
import java.util.SplittableRandom;
/**
 * Walk IN OUT SEED, run as {@code java -cp target/horizon.jar tuning/scripts/Walk.java IN OUT SEED} (tuning/README.md,
 * round 13): for each game position of IN, 1-3 uniformly random legal moves away from it; the position reached is
 * kept when it is quiet as datagen means it (not in check, quiescence equal to the shipped static evaluation) and has
 * moves.
 * Writes "FEN c9 RESULT" (the game's result; the tuner is run with --lambda 0, so only the score label counts).
 * These are the positions a search meets beside the game's line, which the game positions themselves never show.
 */
public class Walk {
    public static void main(String[] a) throws Exception {
        SplittableRandom rnd = new SplittableRandom(Long.parseLong(a[2]));
        Evaluator ev = new Evaluator(Weights.builtIn());
        Searcher s = new Searcher(new TranspositionTable(1));
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int in = 0, out = 0;
        try (BufferedReader r = Files.newBufferedReader(Path.of(a[0]));
             PrintWriter w = new PrintWriter(Files.newBufferedWriter(Path.of(a[1])))) {
            String line;
            while ((line = r.readLine()) != null) {
                in++;
                String[] f = line.split(" ");
                String fen = f[0] + " " + f[1] + " " + f[2] + " " + f[3] + " 0 1";
                int c9 = line.indexOf("c9 ");
                Position pos = Position.fromFen(fen);
                int plies = 1 + rnd.nextInt(3);
                boolean ok = true;
                for (int p = 0; p < plies; p++) {
                    int n = MoveGenerator.generate(pos, moves, 0, MoveGenerator.ALL);
                    if (n == 0) { ok = false; break; }
                    pos.makeMove(moves[rnd.nextInt(n)]);
                }
                if (!ok || pos.inCheck() || MoveGenerator.generate(pos, moves, 0, MoveGenerator.ALL) == 0) continue;
                int stat = ev.evaluate(pos);
                s.newGame();
                if (s.quiescenceScore(pos) != stat) continue;
                String[] g = pos.toFen().split(" ");
                w.println(g[0] + " " + g[1] + " " + g[2] + " " + g[3] + " " + line.substring(c9));
                out++;
            }
        }
        System.err.println("Walk: " + in + " game positions in, " + out + " quiet walk positions out");
    }
}
