package horizon.tune.fit.nnue;

import horizon.board.MoveGenerator;
import horizon.board.Piece;
import horizon.board.Position;
import horizon.tune.data.TrainingRecord;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;

/**
 * Test positions: random games from the start position, every position after the first move visited, a new game
 * when one ends or reaches its (random) length. Random play hangs pieces, so material is often unequal.
 */
final class RandomPlayouts {
    private static final int[] PAWNS = {0, 1, 3, 3, 5, 9, 0};

    private RandomPlayouts() {
    }

    /** Visits count positions; the visitor must not keep the position (it keeps changing). */
    static void visit(int count, long seed, Consumer<Position> visitor) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int visited = 0;
        while (visited < count) {
            Position pos = Position.startPosition();
            int length = 20 + random.nextInt(180);
            for (int ply = 0; ply < length && visited < count; ply++) {
                int n = MoveGenerator.generateAll(pos, moves);
                if (n == 0) {
                    break;
                }
                pos.makeMove(moves[random.nextInt(n)]);
                visitor.accept(pos);
                visited++;
            }
        }
    }

    /** Material balance in pawns (1, 3, 3, 5, 9) from the side to move's view. */
    static int materialBalance(Position pos) {
        int balance = 0;
        for (long b = pos.occupied(); b != 0; b &= b - 1) {
            int piece = pos.pieceAt(Long.numberOfTrailingZeros(b));
            balance += (Piece.color(piece) == pos.sideToMove() ? 1 : -1) * PAWNS[Piece.type(piece)];
        }
        return balance;
    }

    /** Writes count records, each scored by score (side to move's view, cp) and a drawn result. */
    static Path write(Path file, int count, long seed, ToIntFunction<Position> score) throws IOException {
        ByteBuffer out = ByteBuffer.allocate(count * TrainingRecord.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        visit(count, seed, pos -> TrainingRecord.write(pos, score.applyAsInt(pos), 0.5, out));
        Files.write(file, out.array());
        return file;
    }
}
