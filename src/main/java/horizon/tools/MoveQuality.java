package horizon.tools;

import horizon.board.Move;
import horizon.board.Piece;
import horizon.board.Position;
import horizon.io.PgnReader;
import horizon.io.UciEngineProcess;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * How good one player's moves were, as a stronger engine (the judge) sees them: for each of the player's moves the
 * judge searches the position for its own best move and, where the player chose another, that move alone
 * ({@code searchmoves}); the difference is the move's loss. Losses are graded as lichess grades them (its
 * analysis, lila's {@code WinPercent} and {@code Advice}): scores clamped to +-1000 cp (a mate counts as 1000),
 * turned into winning chances 2 / (1 + e^(-0.00368208 cp)) - 1, and a drop in those of 0.1, 0.2 or 0.3 is an
 * inaccuracy, a mistake or a blunder. So a weakened engine's moves can be told apart from a person's by numbers
 * players know: the average centipawn loss and blunders per 100 moves.
 */
public final class MoveQuality {
    /** The most a score counts, in centipawns, as lichess clamps it; a mate counts as this much. */
    static final int CLAMP_CP = 1000;

    /** One player's moves, graded. */
    public record Tally(int moves, int best, int inaccuracies, int mistakes, int blunders, long centipawnLoss) {
        static final Tally NONE = new Tally(0, 0, 0, 0, 0, 0);

        Tally plus(Tally o) {
            return new Tally(moves + o.moves, best + o.best, inaccuracies + o.inaccuracies, mistakes + o.mistakes,
                    blunders + o.blunders, centipawnLoss + o.centipawnLoss);
        }

        /** One move: the judge's score of its own best move and of the move played, from the mover's side. */
        static Tally ofMove(int bestCp, int playedCp, boolean playedTheBest) {
            int best = clamp(bestCp), played = Math.min(best, clamp(playedCp));
            double drop = winningChances(best) - winningChances(played);
            return new Tally(1, playedTheBest ? 1 : 0, drop >= 0.1 && drop < 0.2 ? 1 : 0,
                    drop >= 0.2 && drop < 0.3 ? 1 : 0, drop >= 0.3 ? 1 : 0, best - played);
        }

        public double averageCentipawnLoss() {
            return moves == 0 ? 0 : (double) centipawnLoss / moves;
        }

        public String describe() {
            double per100 = moves == 0 ? 0 : 100.0 / moves;
            return String.format(Locale.ROOT, "%d moves, %.1f %% the judge's best, average loss %.0f cp, "
                            + "per 100 moves %.1f inaccuracies, %.1f mistakes, %.1f blunders", moves,
                    best * per100, averageCentipawnLoss(), inaccuracies * per100, mistakes * per100,
                    blunders * per100);
        }
    }

    private final UciEngineProcess judge;
    private final long nodes;

    /** A judge (a UCI engine, one thread) searching {@code nodes} nodes a position. */
    public MoveQuality(UciEngineProcess judge, long nodes) {
        this.judge = judge;
        this.nodes = nodes;
    }

    /** Lichess's winning chances, -1 to 1, of a score clamped to +-1000 cp. */
    static double winningChances(int cp) {
        return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
    }

    static int clamp(int cp) {
        return Math.max(-CLAMP_CP, Math.min(CLAMP_CP, cp));
    }

    /** The moves of one game that the side named by {@code white} played. */
    public Tally judge(PgnReader.Game game, boolean white) throws IOException {
        judge.send("ucinewgame");
        Position position = Position.fromFen(game.startFen());
        Tally tally = Tally.NONE;
        for (int move : game.moves()) {
            if ((position.sideToMove() == Piece.WHITE) == white) {
                String fen = position.toFen();
                Verdict best = verdict(judge.search(fen, "nodes " + nodes));
                String played = Move.toUci(move);
                if (played.equals(best.move())) {
                    tally = tally.plus(Tally.ofMove(best.cp(), best.cp(), true));
                } else {
                    Verdict alone = verdict(judge.search(fen, "nodes " + nodes + " searchmoves " + played));
                    tally = tally.plus(Tally.ofMove(best.cp(), alone.cp(), false));
                }
            }
            position.makeMove(move);
        }
        return tally;
    }

    /** The judge's best move and its score, from the side to move: the last score it printed before "bestmove". */
    record Verdict(String move, int cp) {
    }

    static Verdict verdict(List<String> lines) throws IOException {
        Integer cp = null;
        String move = null;
        for (String line : lines) {
            if (line.startsWith("info") && line.contains(" score ") && !line.contains(" multipv 2")
                    && !line.contains(" lowerbound") && !line.contains(" upperbound")) {
                String[] t = line.split(" ");
                for (int i = 0; i + 2 < t.length; i++) {
                    if (t[i].equals("score")) {
                        int value = Integer.parseInt(t[i + 2]);
                        cp = t[i + 1].equals("mate") ? (value > 0 ? CLAMP_CP : -CLAMP_CP) : value;
                    }
                }
            } else if (line.startsWith("bestmove")) {
                String[] t = line.split(" ");
                move = t.length > 1 ? t[1] : null;
            }
        }
        if (cp == null || move == null || move.equals("(none)")) {
            throw new IOException("the judge gave no score or no move: " + lines);
        }
        return new Verdict(move, cp);
    }
}
