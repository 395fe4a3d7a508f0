package horizon.board;

import static org.junit.jupiter.api.Assertions.assertEquals;

import horizon.testing.RandomWalk;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class GivesCheckTest {
    @Test
    void givesCheckAndCheckInfoAgreeWithMakingTheMove() {
        SplittableRandom random = new SplittableRandom(5);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int checks = 0;
        CheckInfo checkInfo = new CheckInfo();
        for (int i = 0; i < 4000; i++) {
            String start = i % 4 == 0 ? Chess960.startFen(random.nextInt(Chess960.COUNT))
                    : i % 4 == 1 ? "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
                    : i % 4 == 2 ? "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" : Position.START_FEN;
            Position pos = RandomWalk.walk(start, random.nextInt(60), random);
            int n = MoveGenerator.generateAll(pos, moves);
            checkInfo.set(pos);
            for (int k = 0; k < n; k++) {
                boolean predicted = pos.givesCheck(moves[k]);
                boolean fromCheckInfo = checkInfo.givesCheck(pos, moves[k]);
                pos.makeMove(moves[k]);
                boolean actual = pos.inCheck();
                pos.unmakeMove(moves[k]);
                int move = moves[k];
                assertEquals(actual, predicted, () -> pos.toFen() + " " + Move.toUci(move, true));
                assertEquals(actual, fromCheckInfo, () -> "CheckInfo: " + pos.toFen() + " " + Move.toUci(move, true));
                checks += actual ? 1 : 0;
            }
        }
        assertEquals(true, checks > 1000, "too few checking moves seen: " + checks);
    }
}
