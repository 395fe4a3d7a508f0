package horizon.nnue;

import horizon.board.Piece;
import horizon.board.Position;
import horizon.board.Square;

/**
 * The {@code eval} command's report when the network evaluates, laid out as Stockfish's: a board whose squares
 * show each piece and what it is worth to the network, the score difference with that piece removed (kings have
 * no value: a position without one is not chess), from White's view in pawns, then the score itself.
 */
public final class NetworkReport {
    private NetworkReport() {
    }

    public static String describe(Position pos, Network net) {
        int value = net.evaluate(pos);
        int white = pos.sideToMove() == Piece.WHITE ? value : -value;
        StringBuilder sb = new StringBuilder();
        sb.append("NNUE derived piece values (White's view, pawns):\n");
        String rule = "+-------+-------+-------+-------+-------+-------+-------+-------+\n";
        for (int rank = 7; rank >= 0; rank--) {
            sb.append(rule);
            StringBuilder pieces = new StringBuilder("|");
            StringBuilder values = new StringBuilder("|");
            for (int file = 0; file < 8; file++) {
                int sq = Square.of(file, rank);
                int piece = pos.pieceAt(sq);
                pieces.append("   ").append(piece == Piece.NONE ? ' ' : Piece.letter(piece)).append("   |");
                if (piece == Piece.NONE || Piece.type(piece) == Piece.KING) {
                    values.append("       |");
                } else {
                    int without = net.evaluateWithout(pos, sq);
                    int withoutWhite = pos.sideToMove() == Piece.WHITE ? without : -without;
                    values.append(String.format("%+6.2f |", (white - withoutWhite) / 100.0));
                }
            }
            sb.append(pieces).append('\n').append(values).append('\n');
        }
        sb.append(rule).append('\n');
        sb.append(String.format("Network: %s, kernel %s%n", net.architecture(), Kernel.DEFAULT.name()));
        sb.append(String.format("NNUE evaluation: %+.2f (White's view), %d cp for the side to move", white / 100.0,
                value));
        return sb.toString();
    }
}
