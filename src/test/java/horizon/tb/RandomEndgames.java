package horizon.tb;

import horizon.board.Fen;
import horizon.board.FenException;
import horizon.board.Piece;
import horizon.board.Position;
import horizon.board.Square;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random legal positions of given materials, from a seed: both sides to move, either colour holding the named
 * first side, no castling rights, the side not to move not in check (the FEN reader rejects the rest). Some are
 * en-passant positions: a pawn has just moved two squares beside an enemy pawn, from a position that was legal
 * too (the capturing side was not in check before the push).
 */
final class RandomEndgames {
    private RandomEndgames() {
    }

    /** FENs; enPassantShare of them (as a fraction) are en-passant positions of the materials that allow one. */
    static List<String> generate(long seed, int count, List<String> materials, double enPassantShare) {
        SplittableRandom random = new SplittableRandom(seed);
        List<String> withBothPawns = new ArrayList<>();
        for (String name : materials) {
            String[] sides = name.split("v");
            if (sides[0].contains("P") && sides[1].contains("P")) {
                withBothPawns.add(name);
            }
        }
        List<String> fens = new ArrayList<>();
        while (fens.size() < count) {
            String fen = !withBothPawns.isEmpty() && random.nextDouble() < enPassantShare
                    ? enPassantPosition(random, withBothPawns.get(random.nextInt(withBothPawns.size())))
                    : randomPosition(random, materials.get(random.nextInt(materials.size())));
            if (fen != null) {
                fens.add(fen);
            }
        }
        return fens;
    }

    /** Piece codes of a table name; the named first side is white unless swapped. */
    private static List<Integer> pieces(String name, boolean swap) {
        List<Integer> codes = new ArrayList<>();
        String[] sides = name.split("v");
        for (int s = 0; s < 2; s++) {
            int color = (s == 0) ^ swap ? Piece.WHITE : Piece.BLACK;
            for (char c : sides[s].toCharArray()) {
                codes.add(Piece.make(color, Piece.type(Piece.fromLetter(c))));
            }
        }
        return codes;
    }

    private static String randomPosition(SplittableRandom random, String name) {
        for (int attempt = 0; attempt < 1000; attempt++) {
            byte[] board = new byte[64];
            boolean ok = true;
            for (int code : pieces(name, random.nextBoolean())) {
                int sq = Piece.type(code) == Piece.PAWN ? 8 + random.nextInt(48) : random.nextInt(64);
                if (board[sq] != Piece.NONE) {
                    ok = false;
                    break;
                }
                board[sq] = (byte) code;
            }
            if (!ok) {
                continue;
            }
            String fen = Fen.placement(board) + (random.nextBoolean() ? " w" : " b") + " - - 0 1";
            if (legal(fen)) {
                return fen;
            }
        }
        return null;
    }

    private static String enPassantPosition(SplittableRandom random, String name) {
        for (int attempt = 0; attempt < 1000; attempt++) {
            int pusher = random.nextBoolean() ? Piece.WHITE : Piece.BLACK;
            int capturer = pusher ^ 1;
            int file = random.nextInt(8);
            int captureFile = file == 0 ? 1 : file == 7 ? 6 : file + (random.nextBoolean() ? 1 : -1);
            int rank = pusher == Piece.WHITE ? 3 : 4;
            int forward = pusher == Piece.WHITE ? 8 : -8;
            int pushed = Square.of(file, rank), origin = pushed - 2 * forward, passed = pushed - forward;
            byte[] board = new byte[64];
            board[pushed] = (byte) Piece.make(pusher, Piece.PAWN);
            board[Square.of(captureFile, rank)] = (byte) Piece.make(capturer, Piece.PAWN);
            // The named first side may be either colour; its pawns must include one of each.
            boolean swap = random.nextBoolean();
            List<Integer> rest = pieces(name, swap);
            rest.remove(Integer.valueOf(Piece.make(pusher, Piece.PAWN)));
            rest.remove(Integer.valueOf(Piece.make(capturer, Piece.PAWN)));
            boolean ok = true;
            for (int code : rest) {
                int sq = Piece.type(code) == Piece.PAWN ? 8 + random.nextInt(48) : random.nextInt(64);
                if (board[sq] != Piece.NONE || sq == origin || sq == passed) {
                    ok = false;
                    break;
                }
                board[sq] = (byte) code;
            }
            if (!ok) {
                continue;
            }
            String side = capturer == Piece.WHITE ? " w " : " b ";
            String fen = Fen.placement(board) + side + "- " + Square.name(passed) + " 0 1";
            board[origin] = board[pushed];
            board[pushed] = Piece.NONE;
            String before = Fen.placement(board) + (pusher == Piece.WHITE ? " w" : " b") + " - - 0 1";
            if (legal(fen) && legal(before) && Position.fromFen(fen).epSquare() == passed) {
                return fen;
            }
        }
        return null;
    }

    private static boolean legal(String fen) {
        try {
            Position.fromFen(fen);
            return true;
        } catch (FenException e) {
            return false;
        }
    }
}
