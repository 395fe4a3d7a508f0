package horizon.book;

import horizon.board.Piece;
import horizon.board.Position;
import horizon.board.Square;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The Polyglot book key of a position: the XOR of the format's published random numbers for every piece on its
 * square, every castling right, the en-passant file and white to move. It is not the engine's own Zobrist key (the
 * numbers and the en-passant rule differ), so a book stays readable by every Polyglot program.
 *
 * <p>The en-passant file counts only when a pawn of the side to move stands beside the pawn that just made the
 * double step (whether the capture is legal does not matter), as the format defines it.
 */
public final class PolyglotKey {
    private static final int CASTLING = 768, EN_PASSANT = 772, TURN = 780, COUNT = 781;
    private static final long[] RANDOM = load();

    private PolyglotKey() {
    }

    public static long of(Position pos) {
        long key = 0;
        for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
            for (int type = Piece.PAWN; type <= Piece.KING; type++) {
                // Polyglot orders its kinds black pawn, white pawn, black knight, ..., white king.
                int kind = 2 * (type - Piece.PAWN) + (color == Piece.WHITE ? 1 : 0);
                for (long bb = pos.pieces(color, type); bb != 0; bb &= bb - 1) {
                    key ^= RANDOM[64 * kind + Long.numberOfTrailingZeros(bb)];
                }
            }
        }
        int rights = pos.castlingRights(); // same bit order as Polyglot: white short, white long, black short, long
        for (int i = 0; i < 4; i++) {
            if ((rights & (1 << i)) != 0) {
                key ^= RANDOM[CASTLING + i];
            }
        }
        if (enPassantCounts(pos)) {
            key ^= RANDOM[EN_PASSANT + Square.file(pos.epSquare())];
        }
        if (pos.sideToMove() == Piece.WHITE) {
            key ^= RANDOM[TURN];
        }
        return key;
    }

    private static boolean enPassantCounts(Position pos) {
        int ep = pos.epSquare();
        if (ep == Square.NONE) {
            return false;
        }
        int us = pos.sideToMove();
        // The pawn that double-stepped stands one rank behind the en-passant square, seen from the side to move.
        int pushed = us == Piece.WHITE ? ep - 8 : ep + 8;
        long beside = 0;
        int file = Square.file(pushed);
        if (file > 0) {
            beside |= 1L << (pushed - 1);
        }
        if (file < 7) {
            beside |= 1L << (pushed + 1);
        }
        return (pos.pieces(us, Piece.PAWN) & beside) != 0;
    }

    private static long[] load() {
        long[] values = new long[COUNT];
        int n = 0;
        try (InputStream in = PolyglotKey.class.getResourceAsStream("polyglot-random.txt")) {
            if (in == null) {
                throw new IllegalStateException("the resource horizon/book/polyglot-random.txt is missing");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            for (String line; (line = reader.readLine()) != null; ) {
                line = line.trim();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                if (n == COUNT) {
                    throw new IllegalStateException("polyglot-random.txt has more than " + COUNT + " numbers");
                }
                values[n++] = Long.parseUnsignedLong(line, 16);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (n != COUNT) {
            throw new IllegalStateException("polyglot-random.txt has " + n + " numbers, not " + COUNT);
        }
        return values;
    }
}
