package horizon.uci;

import horizon.board.FenException;
import horizon.board.Move;
import horizon.board.Perft;
import horizon.board.Position;
import horizon.board.UciMove;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The UCI text protocol: reads commands line by line and answers on one writer. Bad input is answered with an
 * {@code info string} naming the problem; the previous valid state is kept and the loop goes on.
 */
public final class UciLoop {
    public static final String NAME = "Horizon";
    public static final String AUTHOR = "the Horizon developers";

    private final BufferedReader in;
    private final PrintStream out;
    private Position position = Position.startPosition();
    private boolean chess960;

    public UciLoop(InputStream in, PrintStream out) {
        this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        this.out = out;
    }

    /** Runs until "quit" or end of input. */
    public void run() throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            try {
                if (!handle(line.trim())) {
                    break;
                }
            } catch (RuntimeException e) { // never let one bad line end the engine
                send("info string error: " + e);
            }
        }
        out.flush();
    }

    /** Handles one command; false means quit. */
    boolean handle(String line) {
        if (line.isEmpty()) {
            return true;
        }
        String[] tokens = line.split("\\s+");
        switch (tokens[0]) {
            case "uci":
                send("id name " + NAME);
                send("id author " + AUTHOR);
                send("option name UCI_Chess960 type check default false");
                send("uciok");
                break;
            case "isready":
                send("readyok");
                break;
            case "ucinewgame":
                position = Position.startPosition();
                break;
            case "setoption":
                setOption(line);
                break;
            case "position":
                position(tokens);
                break;
            case "go":
                go(tokens);
                break;
            case "d":
                send(position.toDiagram(chess960));
                break;
            case "perft":
                perft(tokens, 1);
                break;
            case "quit":
                return false;
            default:
                send("info string unknown command '" + tokens[0] + "'");
        }
        return true;
    }

    private void setOption(String line) {
        String rest = line.substring("setoption".length()).trim();
        int nameAt = rest.indexOf("name ");
        int valueAt = rest.indexOf(" value ");
        if (nameAt != 0) {
            send("info string setoption needs 'name <id> [value <x>]'");
            return;
        }
        String name = (valueAt < 0 ? rest.substring(5) : rest.substring(5, valueAt)).trim();
        String value = valueAt < 0 ? "" : rest.substring(valueAt + 7).trim();
        if (name.equalsIgnoreCase("UCI_Chess960")) {
            if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
                send("info string UCI_Chess960 takes true or false, not '" + value + "'");
                return;
            }
            chess960 = value.equalsIgnoreCase("true");
        } else {
            send("info string unknown option '" + name + "'");
        }
    }

    /** position startpos|fen FEN [moves m1 m2 ...]: all or nothing, the old position stays on any error. */
    private void position(String[] tokens) {
        int i = 1;
        Position next;
        if (tokens.length > 1 && tokens[1].equals("startpos")) {
            next = Position.startPosition();
            i = 2;
        } else if (tokens.length > 1 && tokens[1].equals("fen")) {
            StringBuilder fen = new StringBuilder();
            for (i = 2; i < tokens.length && !tokens[i].equals("moves"); i++) {
                fen.append(tokens[i]).append(' ');
            }
            try {
                next = Position.fromFen(fen.toString());
            } catch (FenException e) {
                send("info string bad FEN: " + e.getMessage());
                return;
            }
        } else {
            send("info string position needs 'startpos' or 'fen <FEN>'");
            return;
        }
        if (i < tokens.length) {
            if (!tokens[i].equals("moves")) {
                send("info string expected 'moves', got '" + tokens[i] + "'");
                return;
            }
            for (i++; i < tokens.length; i++) {
                int move = UciMove.parse(next, tokens[i], chess960);
                if (move == Move.NONE) {
                    send("info string illegal move '" + tokens[i] + "' in position " + next.toFen()
                            + "; position unchanged");
                    return;
                }
                next.makeMove(move);
            }
        }
        position = next;
    }

    private void go(String[] tokens) {
        if (tokens.length >= 2 && tokens[1].equals("perft")) {
            perft(tokens, 2);
            return;
        }
        send("info string only 'go perft N' is available in this version");
    }

    private void perft(String[] tokens, int at) {
        int depth;
        try {
            depth = Integer.parseInt(tokens[at]);
        } catch (RuntimeException e) {
            send("info string perft needs a depth from 1 to 20");
            return;
        }
        if (depth < 1 || depth > 20) {
            send("info string perft needs a depth from 1 to 20");
            return;
        }
        long start = System.nanoTime();
        long nodes = new Perft(position).divide(depth, chess960, this::send);
        long ms = Math.max(1, (System.nanoTime() - start) / 1_000_000);
        send("");
        send("Nodes searched: " + nodes);
        send("info string perft " + depth + " took " + ms + " ms, " + nodes * 1000 / ms + " nodes/s");
    }

    private void send(String text) {
        synchronized (out) {
            out.println(text);
            out.flush();
        }
    }
}
