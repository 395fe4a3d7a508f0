package horizon.tune.data;

import horizon.board.Fen;
import horizon.board.Piece;
import horizon.board.Position;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One training position as bulletformat's 32-byte {@code ChessBoard}, the layout bullet and most community trainers
 * read, so that Horizon's data trains nets with either Horizon's trainer or bullet:
 *
 * <pre>
 *   offset  size  field
 *   0       8     occ       occupied squares (u64, little-endian), in the side to move's view
 *   8       16    pcs       one 4-bit piece per occupied square, ascending square order, low nibble first:
 *                           (colour &lt;&lt; 3) | type, type 0..5 = P N B R Q K, colour 0 = the side to move
 *   24      2     score     search score in centipawns, side to move's view (i16)
 *   26      1     result    game result for the side to move: 0 loss, 1 draw, 2 win
 *   27      1     ksq       the side to move's king square, in the record's view
 *   28      1     opp_ksq   the other king's square in its own view (record view ^ 56)
 *   29      3     padding   zero
 * </pre>
 *
 * The record is always seen from the side to move: with Black to move every square is mirrored (a1 becomes a8)
 * and the colours are swapped, so "colour 0" means "the side to move" in every record. Castling rights, the
 * en-passant square and the move counters are not stored: the network does not see them.
 */
public final class TrainingRecord {
    public static final int BYTES = 32;
    /** Most pieces a record holds (16 bytes of nibbles). */
    public static final int MAX_PIECES = 32;

    private TrainingRecord() {
    }

    /**
     * Writes pos with its score (centipawns, side to move's view) and the game's result (White's view: 1, 0.5 or
     * 0) at the buffer's position, advancing it by {@link #BYTES}. The buffer must be little-endian.
     *
     * @throws IllegalArgumentException when the position holds more than 32 pieces or the score does not fit in
     *                                  16 bits
     */
    public static void write(Position pos, int score, double whiteResult, ByteBuffer out) {
        if (score < Short.MIN_VALUE || score > Short.MAX_VALUE) {
            throw new IllegalArgumentException("score " + score + " does not fit in 16 bits");
        }
        if (Long.bitCount(pos.occupied()) > MAX_PIECES) {
            throw new IllegalArgumentException("more than " + MAX_PIECES + " pieces");
        }
        int stm = pos.sideToMove();
        int flip = stm == Piece.WHITE ? 0 : 56;
        long occ = 0;
        for (long b = pos.occupied(); b != 0; b &= b - 1) {
            occ |= 1L << (Long.numberOfTrailingZeros(b) ^ flip);
        }
        byte[] nibbles = new byte[16];
        int index = 0;
        int ownKing = 0, otherKing = 0;
        for (long b = occ; b != 0; b &= b - 1, index++) {
            int sq = Long.numberOfTrailingZeros(b);
            int piece = pos.pieceAt(sq ^ flip);
            int colour = Piece.color(piece) == stm ? 0 : 1;
            int type = Piece.type(piece) - 1;
            if (type == Piece.KING - 1) {
                if (colour == 0) {
                    ownKing = sq;
                } else {
                    otherKing = sq ^ 56;
                }
            }
            nibbles[index >>> 1] |= (byte) (((colour << 3) | type) << (4 * (index & 1)));
        }
        double result = stm == Piece.WHITE ? whiteResult : 1 - whiteResult;
        ByteBuffer le = out.order() == ByteOrder.LITTLE_ENDIAN ? out : out.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int start = out.position();
        le.position(start);
        le.putLong(occ);
        le.put(nibbles);
        le.putShort((short) score);
        le.put((byte) Math.round(result * 2));
        le.put((byte) ownKing);
        le.put((byte) otherKing);
        le.put((byte) 0).put((byte) 0).put((byte) 0);
        out.position(start + BYTES);
    }

    /** Score of the record at offset (side to move's view, centipawns). */
    public static int score(ByteBuffer data, int offset) {
        return data.order(ByteOrder.LITTLE_ENDIAN).getShort(offset + 24);
    }

    /** Result of the record at offset, for the side to move: 0, 0.5 or 1. */
    public static double result(ByteBuffer data, int offset) {
        return (data.get(offset + 26) & 0xFF) / 2.0;
    }

    /**
     * Replaces the result of the record at offset (0, 0.5 or 1 for its side to move): self-play encodes a game's
     * positions as it plays them and learns their result only at its end.
     */
    public static void setResult(ByteBuffer data, int offset, double sideToMoveResult) {
        data.put(offset + 26, (byte) Math.round(sideToMoveResult * 2));
    }

    /** The game phase of the record at offset, 0 (pawns and kings) to 24: knight and bishop 1, rook 2, queen 4. */
    public static int phase(ByteBuffer data, int offset) {
        int count = pieceCount(data, offset);
        int phase = 0;
        for (int i = 0; i < count; i++) {
            int type = nibble(data, offset, i) & 7;
            phase += PHASE_OF_TYPE[Math.min(type, 6)];
        }
        return Math.min(phase, 24);
    }

    private static final int[] PHASE_OF_TYPE = {0, 1, 1, 2, 4, 0, 0};

    /** The piece on the index-th occupied square of the record at offset: {@code (colour << 3) | type}. */
    private static int nibble(ByteBuffer data, int offset, int index) {
        return (data.get(offset + 8 + (index >>> 1)) >>> (4 * (index & 1))) & 0xF;
    }

    /**
     * What is wrong with the record at offset, or null when it is a record this class could have written: at most
     * 32 pieces, piece types 0..5, one king a side at ksq and opp_ksq, a result of 0, 1 or 2, zero padding. The
     * stats view counts records that fail it (a file that is not training data, or one damaged on disk).
     */
    public static String problem(ByteBuffer data, int offset) {
        ByteBuffer le = data.order(ByteOrder.LITTLE_ENDIAN);
        long occ = le.getLong(offset);
        int count = Long.bitCount(occ);
        if (count > MAX_PIECES) {
            return count + " pieces";
        }
        int result = le.get(offset + 26) & 0xFF;
        if (result > 2) {
            return "result byte " + result;
        }
        if (le.get(offset + 29) != 0 || le.get(offset + 30) != 0 || le.get(offset + 31) != 0) {
            return "padding not zero";
        }
        int ownKings = 0, otherKings = 0;
        int ksq = le.get(offset + 27) & 0xFF, oppKsq = le.get(offset + 28) & 0xFF;
        int index = 0;
        for (long b = occ; b != 0; b &= b - 1, index++) {
            int sq = Long.numberOfTrailingZeros(b);
            int nibble = nibble(le, offset, index);
            int type = nibble & 7;
            if (type > 5) {
                return "piece type " + type + " on square " + sq;
            }
            if (type == 5) {
                if ((nibble >>> 3) == 0) {
                    ownKings++;
                    if (sq != ksq) {
                        return "king on " + sq + ", ksq " + ksq;
                    }
                } else {
                    otherKings++;
                    if ((sq ^ 56) != oppKsq) {
                        return "other king on " + sq + ", opp_ksq " + oppKsq;
                    }
                }
            }
        }
        if (ownKings != 1 || otherKings != 1) {
            return ownKings + " and " + otherKings + " kings";
        }
        for (int i = count; i < MAX_PIECES; i++) {
            if (nibble(le, offset, i) != 0) {
                return "piece nibbles past the last occupied square";
            }
        }
        return null;
    }

    /** Number of pieces in the record at offset. */
    public static int pieceCount(ByteBuffer data, int offset) {
        return Long.bitCount(data.order(ByteOrder.LITTLE_ENDIAN).getLong(offset));
    }

    /**
     * The network's input indices of the record at offset, for the side to move ({@code own}) and the other side
     * ({@code other}), as {@code horizon.nnue.Network.featureIndex} numbers them: own pieces first, squares seen
     * from each side's own back rank. Returns how many pieces were written into each array (at most 32).
     */
    public static int features(ByteBuffer data, int offset, int[] own, int[] other) {
        ByteBuffer le = data.order(ByteOrder.LITTLE_ENDIAN);
        long occ = le.getLong(offset);
        int count = 0;
        for (long b = occ; b != 0; b &= b - 1, count++) {
            int sq = Long.numberOfTrailingZeros(b);
            int nibble = nibble(le, offset, count);
            int colour = nibble >>> 3, type = nibble & 7;
            own[count] = colour * 384 + type * 64 + sq;
            other[count] = (colour ^ 1) * 384 + type * 64 + (sq ^ 56);
        }
        return count;
    }

    /**
     * Turns features into those of the position's mirror image, files a-h swapped: a feature's square is its low
     * six bits, the file the low three, in both perspectives.
     */
    public static void mirrorFiles(int[] own, int[] other, int count) {
        for (int i = 0; i < count; i++) {
            own[i] ^= 7;
            other[i] ^= 7;
        }
    }

    /**
     * The position of the record at offset as a FEN, with the side to move restored (White when the record came
     * from a White-to-move position); castling rights and en passant are not stored, so they read "-". For the
     * stats view and tests.
     *
     * @param blackToMove the original side to move is not stored either: pass true to mirror the record back
     */
    public static String toFen(ByteBuffer data, int offset, boolean blackToMove) {
        long occ = data.order(ByteOrder.LITTLE_ENDIAN).getLong(offset);
        byte[] board = new byte[64]; // Piece.NONE, 0, on every square no record piece fills
        int count = 0;
        for (long b = occ; b != 0; b &= b - 1, count++) {
            int sq = Long.numberOfTrailingZeros(b);
            int nibble = nibble(data, offset, count);
            int colour = nibble >>> 3, type = nibble & 7;
            if (blackToMove) {
                board[sq ^ 56] = (byte) Piece.make(colour ^ 1, type + 1);
            } else {
                board[sq] = (byte) Piece.make(colour, type + 1);
            }
        }
        return Fen.placement(board) + (blackToMove ? " b - - 0 1" : " w - - 0 1");
    }
}
