package horizon.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.board.Move;
import horizon.board.MoveGenerator;
import horizon.board.Position;
import horizon.board.UciMove;
import horizon.testing.UciSession;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Feeds the UCI loop 20,000 generated lines - random bytes, truncated and reordered commands, huge and negative
 * numbers, {@code go} without {@code position}, {@code position} with thousands of moves, options with odd spacing
 * and case - and after every batch checks that the engine still answers {@code isready} and still plays a legal
 * move from a known position. Commands that only take long by design (a deep perft, {@code bench}, {@code quit})
 * are left out of the vocabulary; everything else a GUI or a careless user could send is in.
 *
 * <p>Reproducible from its seed ({@code -Dhorizon.fuzz.seed=N}, printed with every failure): the lines are drawn
 * from it, and each line is followed by a unique unknown command whose answer the test waits for, so every line is
 * handled before the next one is sent, in the same order on every run. Only the searches the lines start run
 * beside them, as they would under a GUI.
 */
class UciFuzzTest {
    private static final int LINES = 20_000;
    private static final int BATCH = 250;
    private static final String[] COMMANDS = {"uci", "isready", "ucinewgame", "position", "go", "stop", "ponderhit",
        "setoption", "debug", "register", "d", "eval", "perft"};
    private static final String[] GO_WORDS = {"wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes",
        "movetime", "mate", "infinite", "ponder", "searchmoves", "perft"};
    private static final String[] OPTIONS = {"Hash", "hash", "HASH", "Clear Hash", "Threads", "MultiPV", "Ponder",
        "Move Overhead", "UCI_Chess960", "UCI_ShowWDL", "NoSuchOption", ""};
    private static final String[] NUMBERS = {"0", "1", "-1", "7", "64", "100", "-5000", "2147483647", "2147483648",
        "-2147483649", "99999999999999999999999", "1e9", "0x10", "3.5", "", "abc", "NaN", "+12", "00012"};
    private static final String[] FENS = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "8/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "k7/8/KQ6/8/8/8/8/8 b - - 0 1", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP w"};

    private static final long SEED = Long.getLong("horizon.fuzz.seed", 20261122);
    private final SplittableRandom random = new SplittableRandom(SEED);

    @Test
    @Timeout(300)
    void engineSurvivesTwentyThousandGeneratedLines() throws Exception {
        int sent = 0;
        try (UciSession uci = new UciSession()) {
            for (int batch = 0; sent < LINES; batch++) {
                for (int i = 0; i < BATCH; i++, sent++) {
                    String line = line();
                    uci.send(line);
                    String sync = "sync-" + sent;
                    uci.send(sync);
                    assertNotNull(uci.expect(l -> l.contains("'" + sync + "'"), 20_000),
                            "seed " + SEED + ": no answer after line " + sent + ": " + line);
                }
                checkStillWorking(uci, batch);
            }
            List<String> traces = uci.transcript().stream()
                    .filter(l -> l.contains("Exception") || l.contains("\tat ")).limit(5).toList();
            assertEquals(List.of(), traces, "seed " + SEED + ": a stack trace reached the output");
        }
        assertTrue(sent >= LINES);
    }

    /** After a batch: stop whatever runs, then the engine must answer and play a legal move from a fresh position. */
    private static void checkStillWorking(UciSession uci, int batch) throws InterruptedException {
        uci.send("stop");
        uci.send("ucinewgame"); // waits until a stopped search has printed its bestmove, so none comes later
        // A position no fuzz line uses (its move number is the batch), shown with "d": once its FEN is printed,
        // every earlier line has been handled, so the next readyok and bestmove answer the lines below.
        String marker = "4k3/8/8/8/8/8/8/4K2R w - - 0 " + (1000 + batch); // no castling: "d" writes it the same in Chess960
        uci.send("position fen " + marker);
        uci.send("d");
        assertNotNull(uci.expect(l -> l.contains(marker), 20_000), "no answer to d after batch " + batch);
        uci.send("isready");
        assertNotNull(uci.expectPrefix("readyok", 5_000), "no readyok after batch " + batch);
        uci.send("setoption name MultiPV value 1");
        uci.send("setoption name Threads value 1");
        uci.send("setoption name UCI_Chess960 value false");
        uci.send("ucinewgame");
        uci.send("position startpos moves e2e4 c7c5");
        uci.send("go depth 4");
        String bestmove = uci.expectPrefix("bestmove", 10_000);
        assertNotNull(bestmove, "no bestmove after batch " + batch);
        Position pos = Position.fromFen("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2");
        String move = bestmove.split("\\s+")[1];
        assertNotEquals(Move.NONE, UciMove.parse(pos, move, false), "illegal bestmove " + bestmove);
    }

    private String line() {
        switch (random.nextInt(12)) {
            case 0:
                return randomBytes();
            case 1:
                return truncate(validCommand());
            case 2:
                return reorder(validCommand());
            case 3:
                return longPosition();
            case 4:
                return oddSpacingAndCase(setoption());
            default:
                return validCommand();
        }
    }

    private String validCommand() {
        switch (random.nextInt(10)) {
            case 0:
            case 1:
                return position();
            case 2:
            case 3:
            case 4:
                return go();
            case 5:
            case 6:
                return setoption();
            case 7:
                return random.nextBoolean() ? "perft " + pick(new String[] {"1", "2", "-3", "x", ""}) : "go perft 2";
            default:
                return pick(COMMANDS);
        }
    }

    private String position() {
        String base = random.nextBoolean() ? "position startpos" : "position fen " + pick(FENS);
        if (random.nextInt(3) == 0) {
            return base;
        }
        StringBuilder sb = new StringBuilder(base).append(" moves");
        Position pos = Position.fromFen(Position.START_FEN);
        boolean fromStart = base.endsWith("startpos");
        int plies = random.nextInt(12);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        for (int i = 0; i < plies; i++) {
            if (!fromStart || random.nextInt(15) == 0) {
                sb.append(' ').append(pick(new String[] {"e2e4", "e7e5", "e1g1", "a7a8q", "zz", "e2e9", "0000",
                    "O-O", "Nf3", "e2e4e5"}));
                continue;
            }
            if (!appendRandomMove(pos, moves, sb)) {
                break;
            }
        }
        return sb.toString();
    }

    /** Plays a random legal move on pos and appends it in UCI; false when the game is over. */
    private boolean appendRandomMove(Position pos, int[] moves, StringBuilder sb) {
        int n = MoveGenerator.generateAll(pos, moves);
        if (n == 0) {
            return false;
        }
        int m = moves[random.nextInt(n)];
        pos.makeMove(m);
        sb.append(' ').append(Move.toUci(m));
        return true;
    }

    /** A legal game of up to a few thousand plies (random moves until it ends), sometimes with garbage at the end. */
    private String longPosition() {
        StringBuilder sb = new StringBuilder("position startpos moves");
        Position pos = Position.fromFen(Position.START_FEN);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int plies = 500 + random.nextInt(3000);
        for (int i = 0; i < plies && appendRandomMove(pos, moves, sb); i++) {
            // each iteration plays one move
        }
        if (random.nextBoolean()) {
            sb.append(" e2e5");
        }
        return sb.toString();
    }

    private String go() {
        StringBuilder sb = new StringBuilder("go");
        int words = random.nextInt(5);
        for (int i = 0; i < words; i++) {
            String word = pick(GO_WORDS);
            if (word.equals("perft")) {
                continue; // a deep perft is work by request, not bad input
            }
            sb.append(' ').append(word);
            if (word.equals("searchmoves")) {
                sb.append(' ').append(pick(new String[] {"e2e4", "e2e4 d2d4", "xx", "e7e5"}));
            } else if (!word.equals("infinite") && !word.equals("ponder")) {
                String number = pick(NUMBERS);
                // Keep the searches the fuzzer asks for short; stop ends the long ones at each batch's end.
                if (word.equals("depth") && number.length() > 1) {
                    number = "3";
                }
                sb.append(' ').append(number);
            }
        }
        if (random.nextInt(3) == 0) {
            sb.append(" movetime 5");
        }
        return sb.toString();
    }

    private String setoption() {
        String name = pick(OPTIONS);
        String value = name.equalsIgnoreCase("Hash") ? pick(new String[] {"1", "8", "16", "64", "0", "-5",
            "99999999", "abc", ""}) : pick(NUMBERS);
        if (name.equals("Threads")) {
            // Accepted values stay small: a hundred threads on a 2-core machine are slow by request, not broken.
            value = pick(new String[] {"1", "2", "4", "0", "-1", "1025", "abc", "99999999999", ""});
        }
        if (name.equals("MultiPV") && value.length() > 2) {
            value = "3";
        }
        switch (random.nextInt(4)) {
            case 0:
                return "setoption name " + name;
            case 1:
                return "setoption name " + name + " value";
            case 2:
                return "setoption value " + value + " name " + name;
            default:
                return "setoption name " + name + " value " + (random.nextBoolean() ? value : pick(new String[] {
                    "true", "false", "TRUE", "maybe"}));
        }
    }

    private String oddSpacingAndCase(String command) {
        StringBuilder sb = new StringBuilder();
        for (String word : command.split(" ")) {
            sb.append(random.nextBoolean() ? " " : "   \t ").append(random.nextInt(4) == 0 ? word.toUpperCase() : word);
        }
        return sb.toString();
    }

    private String randomBytes() {
        int length = random.nextInt(200);
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            int c = random.nextInt(4) == 0 ? random.nextInt(0x3000) : 32 + random.nextInt(95);
            if (c != '\n' && c != '\r' && !Character.isSurrogate((char) c)) {
                sb.append((char) c);
            }
        }
        String s = sb.toString();
        return s.strip().equalsIgnoreCase("quit") ? "" : s;
    }

    private String truncate(String command) {
        return command.substring(0, random.nextInt(command.length() + 1));
    }

    private String reorder(String command) {
        List<String> words = new ArrayList<>(List.of(command.split(" ")));
        for (int i = words.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            String w = words.get(i);
            words.set(i, words.get(j));
            words.set(j, w);
        }
        String s = String.join(" ", words);
        return s.startsWith("quit") ? "" : s;
    }

    private String pick(String[] options) {
        return options[random.nextInt(options.length)];
    }
}
