package horizon.board;

import static org.junit.jupiter.api.Assertions.assertEquals;

import horizon.io.EpdRecord;
import horizon.testing.PerftSuite;
import horizon.testing.RandomWalk;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MakeUnmakeTest {
    /** Everything a position holds, so that "restored" means restored in every field. */
    private static String snapshot(Position pos) {
        StringBuilder sb = new StringBuilder(Fen.toFen(pos, true));
        sb.append(" key=").append(pos.key()).append(" checkers=").append(pos.checkers())
                .append(" ep=").append(pos.epSquare()).append(" history=").append(pos.historyLength())
                .append(" occ=").append(pos.occupied());
        for (int piece = 0; piece < Piece.CODES; piece++) {
            sb.append(' ').append(pos.pieces(piece));
        }
        for (int color = 0; color < 2; color++) {
            sb.append(' ').append(pos.colorOccupancy(color)).append(' ').append(pos.kingSquare(color));
        }
        for (int i = 0; i < 4; i++) {
            sb.append(' ').append(pos.castlingRookSquare(i));
        }
        for (int sq = 0; sq < 64; sq++) {
            sb.append(pos.pieceAt(sq));
        }
        return sb.toString();
    }

    @Test
    void everyMoveAndItsUnmakeRestoreThePositionAlongRandomWalks() {
        SplittableRandom random = new SplittableRandom(7);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int checked = 0;
        for (int game = 0; game < 200; game++) {
            String start = game % 4 == 3 ? Chess960.startFen(random.nextInt(Chess960.COUNT)) : Position.START_FEN;
            Position pos = Position.fromFen(start);
            for (int ply = 0; ply < 120; ply++) {
                int n = MoveGenerator.generateAll(pos, moves);
                if (n == 0) {
                    break;
                }
                String before = snapshot(pos);
                for (int i = 0; i < n; i++) {
                    pos.makeMove(moves[i]);
                    assertEquals(pos.keyFromScratch(), pos.key(), () -> "key after a move from " + before);
                    pos.unmakeMove(moves[i]);
                    assertEquals(before, snapshot(pos));
                    checked++;
                }
                if (!pos.inCheck()) {
                    pos.makeNullMove();
                    assertEquals(pos.keyFromScratch(), pos.key());
                    pos.unmakeNullMove();
                    assertEquals(before, snapshot(pos));
                }
                pos.makeMove(moves[random.nextInt(n)]);
            }
        }
        assertEquals(true, checked > 100_000, "only " + checked + " moves checked");
    }

    @Test
    void incrementalKeyEqualsKeyFromScratchAtEveryPerftNode() {
        for (EpdRecord record : PerftSuite.records().subList(0, 40)) {
            Position pos = Position.fromFen(record.fen());
            long nodes = walkTree(pos, 3, new int[4][MoveGenerator.MAX_MOVES]);
            assertEquals((long) record.perftCounts().get(3), nodes, record.fen());
        }
    }

    /** Perft that makes every move down to the leaves and checks the key at each node. */
    private static long walkTree(Position pos, int depth, int[][] lists) {
        assertEquals(pos.keyFromScratch(), pos.key(), pos::toFen);
        if (depth == 0) {
            return 1;
        }
        int n = MoveGenerator.generateAll(pos, lists[depth]);
        long nodes = 0;
        for (int i = 0; i < n; i++) {
            pos.makeMove(lists[depth][i]);
            nodes += walkTree(pos, depth - 1, lists);
            pos.unmakeMove(lists[depth][i]);
        }
        return nodes;
    }

    @Test
    void enPassantIsHashedOnlyWhenACaptureIsPossible() {
        Position pos = Position.startPosition();
        pos.makeMove(UciMove.parse(pos, "e2e4", false));
        assertEquals(Square.NONE, pos.epSquare(), "no black pawn can take on e3");
        assertEquals(Position.fromFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").key(), pos.key());

        Position capturable = Position.fromFen("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        capturable.makeMove(UciMove.parse(capturable, "e2e4", false));
        assertEquals(Square.parse("e3"), capturable.epSquare());
        assertEquals(capturable.keyFromScratch(), capturable.key());
    }

    @Test
    void repetitionsAreCountedWithinTheReversibleWindow() {
        Position pos = Position.startPosition();
        for (String move : new String[] {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}) {
            pos.makeMove(UciMove.parse(pos, move, false));
        }
        assertEquals(2, pos.repetitionCount());
        pos.makeMove(UciMove.parse(pos, "e2e4", false)); // irreversible: earlier positions cannot repeat
        assertEquals(0, pos.repetitionCount());
    }

    @Test
    void copyIsIndependent() {
        Position pos = RandomWalk.walk(Position.START_FEN, 20, new SplittableRandom(3));
        Position copy = pos.copy();
        String original = snapshot(pos);
        assertEquals(original, snapshot(copy));
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        MoveGenerator.generateAll(copy, moves);
        copy.makeMove(moves[0]);
        assertEquals(original, snapshot(pos), "a move on the copy changed the original");
        copy.unmakeMove(moves[0]);
        assertEquals(snapshot(pos), snapshot(copy));
    }
}
