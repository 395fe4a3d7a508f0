package horizon.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.testing.RandomWalk;
import horizon.testing.RandomWeights;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EvaluatorTest {
    /** The same position with colours swapped and the board mirrored top to bottom. */
    static String flip(String fen) {
        String[] f = fen.split(" ");
        String[] ranks = f[0].split("/");
        StringBuilder placement = new StringBuilder();
        for (int i = 7; i >= 0; i--) {
            placement.append(swapCase(ranks[i])).append(i > 0 ? "/" : "");
        }
        String castling = f[2].equals("-") ? "-" : swapCase(f[2]);
        String ep = f[3].equals("-") ? "-" : f[3].charAt(0) + String.valueOf((char) ('1' + '8' - f[3].charAt(1)));
        return placement + " " + (f[1].equals("w") ? "b" : "w") + " " + castling + " " + ep + " " + f[4] + " " + f[5];
    }

    private static String swapCase(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            sb.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
        }
        return sb.toString();
    }

    @Test
    void evaluationIsColourSymmetric() {
        Evaluator evaluator = new Evaluator(RandomWeights.create(3));
        SplittableRandom random = new SplittableRandom(17);
        for (int i = 0; i < 3000; i++) {
            Position pos = RandomWalk.walk(Position.START_FEN, random.nextInt(120), random);
            Position flipped = Position.fromFen(flip(pos.toFen()));
            assertEquals(evaluator.evaluate(pos), evaluator.evaluate(flipped), pos::toFen);
        }
    }

    @Test
    void pawnHashGivesWhatTheWalkGives() {
        // A second evaluator sees every position once (no hit); the first one sees most pawn structures again, and
        // their kings' shelters (kept in the same entry) after king moves on an unchanged structure.
        Weights weights = RandomWeights.create(4);
        Evaluator cached = new Evaluator(weights);
        SplittableRandom random = new SplittableRandom(18);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        for (int game = 0; game < 100; game++) {
            Position pos = Position.startPosition();
            for (int ply = 0; ply < 150; ply++) {
                int n = MoveGenerator.generateAll(pos, moves);
                if (n == 0) {
                    break;
                }
                assertEquals(new Evaluator(weights).evaluate(pos), cached.evaluate(pos), pos::toFen);
                pos.makeMove(moves[random.nextInt(n)]);
            }
        }
    }

    @Test
    void evaluationCacheHitsGiveWhatAFreshEvaluationGives() {
        // The traced path never reads the cache, so the second evaluator computes every position afresh.
        // Each walk is played forward, then unmade back to the start and evaluated again on the way: the second
        // visit of every position is a cache hit unless a later position took its slot.
        Weights weights = RandomWeights.create(5);
        Evaluator cached = new Evaluator(weights), uncached = new Evaluator(weights);
        SplittableRandom random = new SplittableRandom(19);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int[] played = new int[200];
        int evaluations = 0;
        for (int game = 0; game < 100; game++) {
            Position pos = Position.startPosition();
            int plies = 0;
            while (plies < played.length) {
                int n = MoveGenerator.generateAll(pos, moves);
                if (n == 0) {
                    break;
                }
                assertEquals(uncached.evaluate(pos, Trace.OFF), cached.evaluate(pos), pos::toFen);
                played[plies++] = moves[random.nextInt(n)];
                pos.makeMove(played[plies - 1]);
                evaluations++;
            }
            while (plies > 0) {
                pos.unmakeMove(played[--plies]);
                assertEquals(uncached.evaluate(pos, Trace.OFF), cached.evaluate(pos), pos::toFen);
                evaluations++;
            }
        }
        assertTrue(cached.cacheHits() > evaluations / 3, cached.cacheHits() + " hits in " + evaluations);
    }

    @Test
    void reportTotalsEqualTheEvaluation() {
        Evaluator evaluator = new Evaluator(RandomWeights.create(12));
        SplittableRandom random = new SplittableRandom(13);
        for (int i = 0; i < 200; i++) {
            Position pos = RandomWalk.walk(Position.START_FEN, random.nextInt(100), random);
            String text = EvalReport.describe(pos, evaluator);
            String total = text.substring(text.indexOf("White's view), ") + 15);
            assertEquals(evaluator.evaluate(pos), Integer.parseInt(total.substring(0, total.indexOf(" cp"))), text);
            for (Term term : Term.values()) {
                assertTrue(text.contains("\n" + term.fileName() + " "), term + " missing from\n" + text);
            }
        }
    }

    @Test
    void classicWeightsCountMaterial() {
        Evaluator classic = new Evaluator(Weights.CLASSIC);
        assertEquals(500 + 300 + 300 + 900 - 100,
                classic.evaluate(Position.fromFen("4k3/4p3/8/8/8/8/8/RNBQK3 w - - 0 1")));
        assertEquals(Evaluator.MAX_PHASE, Evaluator.phase(Position.startPosition()));
    }

    @Test
    void endingsThatCannotBeWonAreScaledToADraw() {
        Evaluator evaluator = new Evaluator(Weights.builtIn());
        // Lone minor pieces and two knights (300-700 cp of material): only the middlegame share (phase 1 or 2 of 24)
        // of the score is left.
        for (String fen : new String[] {"4k3/8/8/8/8/8/8/3NK3 w - - 0 1", "4k3/8/8/8/8/8/8/3BK3 w - - 0 1",
            "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1"}) {
            assertTrue(Math.abs(evaluator.evaluate(Position.fromFen(fen))) < 100, fen);
        }
        // Opposite-coloured bishops with an extra pawn count for much less than same-coloured ones.
        // c1 and f8 are dark squares, g8 a light one.
        int opposite = evaluator.evaluate(Position.fromFen("4k1b1/8/8/3P4/8/8/5P2/2B1K3 w - - 0 1"));
        int same = evaluator.evaluate(Position.fromFen("4kb2/8/8/3P4/8/8/5P2/2B1K3 w - - 0 1"));
        assertTrue(opposite < same, opposite + " vs " + same);
    }

    @Test
    void kbnkDrivesTheKingToTheBishopsCorner() {
        Evaluator evaluator = new Evaluator(Weights.builtIn());
        // Dark-squared bishop (c1): a1 and h8 are the mating corners, a8 is not.
        int rightCorner = evaluator.evaluate(Position.fromFen("7k/8/6K1/8/8/8/8/2B1N3 w - - 0 1"));
        int wrongCorner = evaluator.evaluate(Position.fromFen("k7/8/1K6/8/8/8/8/2B1N3 w - - 0 1"));
        int centre = evaluator.evaluate(Position.fromFen("8/8/8/3k4/8/2K5/8/2B1N3 w - - 0 1"));
        assertTrue(rightCorner > centre && centre > 0 && rightCorner > wrongCorner,
                rightCorner + " " + wrongCorner + " " + centre);
    }

    @Test
    void packedScoresUnpackWithTheirSigns() {
        for (int mg = -3000; mg <= 3000; mg += 37) {
            for (int eg = -3000; eg <= 3000; eg += 41) {
                int s = Score.of(mg, eg);
                assertEquals(mg, Score.mg(s));
                assertEquals(eg, Score.eg(s));
                assertEquals(mg + 5, Score.mg(s + Score.of(5, -7)));
                assertEquals(eg - 7, Score.eg(s + Score.of(5, -7)));
            }
        }
    }
}
