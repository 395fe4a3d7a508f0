package horizon.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Fen;
import horizon.board.FenException;
import horizon.board.Perft;
import horizon.board.Piece;
import horizon.board.Position;
import horizon.io.EpdRecord;
import horizon.io.UciEngineProcess;
import horizon.testing.PerftSuite;
import horizon.testing.Stockfish;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * 6,000 mutated FENs - fields swapped or replaced, random piece placements, impossible castling and en-passant
 * rights, both kings in check, too many pieces, characters dropped, doubled or replaced. Each one is either
 * accepted as a position (and then perft 2 must agree with Stockfish's) or rejected with a {@link FenException}
 * that has a message; any other exception, or a hang, fails the test.
 */
@Tag("oracle")
class FenFuzzTest {
    private static final int MUTANTS = 6_000;
    private static final String PIECES = "PNBRQKpnbrqk";

    private final SplittableRandom random = new SplittableRandom(5000);

    @Test
    @Timeout(240)
    void everyMutantIsAcceptedAndCorrectOrRejectedWithAMessage() throws IOException {
        List<String> seeds = new ArrayList<>();
        for (EpdRecord record : PerftSuite.records()) {
            seeds.add(record.fen());
        }
        int accepted = 0, rejected = 0;
        try (UciEngineProcess sf = Stockfish.start()) {
            sf.setOption("UCI_Chess960", "true"); // counts do not depend on it; it lets any castling rook through
            for (int i = 0; i < MUTANTS; i++) {
                String fen = mutate(seeds.get(random.nextInt(seeds.size())));
                Position pos;
                try {
                    pos = Position.fromFen(fen);
                } catch (FenException e) {
                    assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), "no message for " + fen);
                    rejected++;
                    continue;
                }
                accepted++;
                String normalised = pos.toFen();
                assertEquals(normalised, Position.fromFen(normalised).toFen(), "FEN output must round-trip");
                long ours = new Perft(pos).count(2);
                long theirs = sf.perft(normalised, 2);
                assertEquals(theirs, ours, "perft 2 of " + fen + " (read as " + normalised + ")");
            }
        }
        assertEquals(MUTANTS, accepted + rejected);
        // Both outcomes must be exercised, or the mutations are too tame or too wild to test anything.
        assertTrue(accepted > 500, "accepted " + accepted);
        assertTrue(rejected > 2000, "rejected " + rejected);
    }

    private String mutate(String fen) {
        String[] f = fen.split(" ");
        switch (random.nextInt(10)) {
            case 0: // a random placement: any pieces, any number of them, kings optional
                f[0] = randomPlacement(random.nextInt(40));
                break;
            case 1: // castling rights in any notation, for any files
                f[2] = pickCastling();
                break;
            case 2: // en passant anywhere
                f[3] = random.nextInt(4) == 0 ? "-" : "" + (char) ('a' + random.nextInt(9)) + (char) ('0' + random.nextInt(10));
                break;
            case 3: // side to move flipped or garbage: often puts the side not to move in check
                f[1] = new String[] {"w", "b", "W", "x", ""}[random.nextInt(5)];
                break;
            case 4: // move counters
                f[f.length - 1] = new String[] {"0", "-1", "99999999999", "x", "1"}[random.nextInt(5)];
                break;
            case 5: // drop a field, or add one
                return random.nextBoolean() ? String.join(" ", java.util.Arrays.copyOf(f, random.nextInt(f.length)))
                        : fen + " extra";
            case 6: // swap two fields
                int a = random.nextInt(f.length), b = random.nextInt(f.length);
                String t = f[a];
                f[a] = f[b];
                f[b] = t;
                break;
            default: // character-level damage to the placement
                f[0] = damage(f[0]);
                break;
        }
        return String.join(" ", f);
    }

    private String randomPlacement(int pieces) {
        byte[] board = new byte[64]; // Piece.NONE
        if (random.nextInt(4) != 0) { // usually one king each, so many placements are legal positions
            board[random.nextInt(64)] = (byte) Piece.fromLetter('K');
            board[random.nextInt(64)] = (byte) Piece.fromLetter('k');
        }
        for (int i = 0; i < pieces; i++) {
            board[random.nextInt(64)] = (byte) Piece.fromLetter(PIECES.charAt(random.nextInt(PIECES.length())));
        }
        return Fen.placement(board);
    }

    private String pickCastling() {
        String[] forms = {"-", "KQkq", "K", "q", "HAha", "BGbg", "KQkqKQ", "Kk", "A", "h", "KQkqx", "EHeh", "Qk"};
        return forms[random.nextInt(forms.length)];
    }

    private String damage(String placement) {
        StringBuilder sb = new StringBuilder(placement);
        int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits && sb.length() > 0; e++) {
            int at = random.nextInt(sb.length());
            switch (random.nextInt(4)) {
                case 0 -> sb.deleteCharAt(at);
                case 1 -> sb.insert(at, sb.charAt(at));
                case 2 -> sb.setCharAt(at, "PNBRQKpnbrqk12345678/x9".charAt(random.nextInt(23)));
                default -> sb.insert(at, PIECES.charAt(random.nextInt(PIECES.length())));
            }
        }
        return sb.toString();
    }
}
