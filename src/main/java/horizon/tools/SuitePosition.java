package horizon.tools;

import horizon.board.FenException;
import horizon.board.Move;
import horizon.board.Position;
import horizon.board.San;
import horizon.io.EpdFile;
import horizon.io.EpdRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One test-suite position and what counts as solving it, read from the EPD opcodes that public suites use:
 * {@code bm} (best moves), {@code am} (moves to avoid), {@code dm} (mate in N), Strategic Test Suite points
 * ({@code c0 "f5=10, Bf2=4"}, or the moves of {@code c7}/{@code c9} paired with the points of {@code c8}) and perft
 * counts ({@code D1}..{@code D6}, {@code perftN}). Moves are checked against the position when read, so a suite
 * whose expected move is illegal is reported at load time rather than silently never solved.
 */
public final class SuitePosition {
    private final int lineNumber;
    private final String id;
    private final String fen;
    private final int[] bestMoves;
    private final int[] avoidMoves;
    private final Map<Integer, Integer> points;
    private final int mateIn;
    private final Map<Integer, Long> perft;

    private SuitePosition(int lineNumber, String id, String fen, int[] bestMoves, int[] avoidMoves,
                          Map<Integer, Integer> points, int mateIn, Map<Integer, Long> perft) {
        this.lineNumber = lineNumber;
        this.id = id;
        this.fen = fen;
        this.bestMoves = bestMoves;
        this.avoidMoves = avoidMoves;
        this.points = points;
        this.mateIn = mateIn;
        this.perft = perft;
    }

    /** Builds the task of one EPD line; throws IllegalArgumentException naming what is wrong. */
    public static SuitePosition of(EpdFile.Line line) {
        EpdRecord record = line.record();
        Position pos;
        try {
            pos = Position.fromFen(record.fen());
        } catch (FenException e) {
            throw new IllegalArgumentException("bad position: " + e.getMessage());
        }
        String id = record.operation("id");
        if (id == null || id.isBlank()) {
            id = "line " + line.number();
        }
        int[] best = moves(pos, record.operation("bm"), "bm");
        int[] avoid = moves(pos, record.operation("am"), "am");
        Map<Integer, Integer> points = points(pos, record);
        int mateIn = 0;
        String dm = record.operation("dm");
        if (dm != null) {
            try {
                mateIn = Integer.parseInt(dm.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("dm is not a number: " + dm);
            }
            if (mateIn <= 0) {
                throw new IllegalArgumentException("dm must be positive: " + dm);
            }
        }
        Map<Integer, Long> perft;
        try {
            perft = record.perftCounts();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("perft count is not a number");
        }
        if (best.length == 0 && avoid.length == 0 && points.isEmpty() && mateIn == 0 && perft.isEmpty()) {
            throw new IllegalArgumentException("nothing to test: no bm, am, dm, points (c0/c8) or perft (D1..)");
        }
        return new SuitePosition(line.number(), id, record.fen(), best, avoid, points, mateIn, perft);
    }

    private static int[] moves(Position pos, String operand, String opcode) {
        if (operand == null) {
            return new int[0];
        }
        List<Integer> list = new ArrayList<>();
        for (String token : operand.split("[\\s,]+")) {
            if (token.isEmpty()) {
                continue;
            }
            int m = San.parse(pos, token);
            if (m == Move.NONE) {
                throw new IllegalArgumentException(opcode + " move '" + token + "' is not a legal move here");
            }
            list.add(m);
        }
        return list.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Points per move: {@code c0 "f5=10, Bf2=4"} or the moves of c7 (SAN) / c9 (UCI) with the points of c8. */
    private static Map<Integer, Integer> points(Position pos, EpdRecord record) {
        Map<Integer, Integer> points = new LinkedHashMap<>();
        String c0 = record.operation("c0");
        if (c0 != null && c0.contains("=") && c0.matches(".*=\\s*-?\\d+.*")) {
            for (String item : c0.split(",")) {
                int eq = item.lastIndexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("c0 item '" + item.trim() + "' is not move=points");
                }
                String move = item.substring(0, eq).trim();
                int m = San.parse(pos, move);
                if (m == Move.NONE) {
                    throw new IllegalArgumentException("c0 move '" + move + "' is not a legal move here");
                }
                points.put(m, parsePoints(item.substring(eq + 1).trim()));
            }
            return points;
        }
        String pointList = record.operation("c8");
        String moveList = record.operation("c7") != null ? record.operation("c7") : record.operation("c9");
        if (pointList == null || moveList == null) {
            return points;
        }
        String[] movesText = moveList.trim().split("\\s+");
        String[] pointsText = pointList.trim().split("\\s+");
        if (movesText.length != pointsText.length) {
            throw new IllegalArgumentException("c8 has " + pointsText.length + " points for "
                    + movesText.length + " moves");
        }
        for (int i = 0; i < movesText.length; i++) {
            int m = San.parse(pos, movesText[i]);
            if (m == Move.NONE) {
                throw new IllegalArgumentException("points move '" + movesText[i] + "' is not a legal move here");
            }
            points.put(m, parsePoints(pointsText[i]));
        }
        return points;
    }

    private static int parsePoints(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("points '" + text + "' is not a number");
        }
    }

    public int lineNumber() {
        return lineNumber;
    }

    public String id() {
        return id;
    }

    /** The id without its running number: "WAC.001" is theme "WAC", "STS(v1.0) Undermine.001" theme "STS(v1.0) Undermine". */
    public String theme() {
        return id.replaceFirst("[.\\s_-]*\\d+$", "");
    }

    public String fen() {
        return fen;
    }

    public boolean isPerftOnly() {
        return bestMoves.length == 0 && avoidMoves.length == 0 && points.isEmpty() && mateIn == 0;
    }

    public Map<Integer, Long> perftCounts() {
        return perft;
    }

    public int mateIn() {
        return mateIn;
    }

    public boolean hasPoints() {
        return !points.isEmpty();
    }

    public int maxPoints() {
        return points.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    public int pointsFor(int move) {
        return points.getOrDefault(move, 0);
    }

    /**
     * Whether {@code move} (with the search's score, from the side to move's view, and the mate distance in moves
     * it implies, 0 for none) solves the position: it is a best move, not a move to avoid, worth full points, and
     * mates in no more than dm moves, for each of those the position names.
     */
    public boolean isSolvedBy(int move, int mateDistance) {
        if (bestMoves.length > 0 && !contains(bestMoves, move)) {
            return false;
        }
        if (contains(avoidMoves, move)) {
            return false;
        }
        if (!points.isEmpty() && pointsFor(move) < maxPoints()) {
            return false;
        }
        return mateIn == 0 || (mateDistance > 0 && mateDistance <= mateIn);
    }

    private static boolean contains(int[] moves, int move) {
        for (int m : moves) {
            if (m == move) {
                return true;
            }
        }
        return false;
    }

    /** What the position expects, in SAN, as the report prints it ("bm Qg6", "am Bxh7", "dm 3", "c0 f5=10,..."). */
    public String expected() {
        Position pos = Position.fromFen(fen);
        StringBuilder sb = new StringBuilder();
        if (bestMoves.length > 0) {
            sb.append("bm");
            for (int m : bestMoves) {
                sb.append(' ').append(San.toSan(pos, m));
            }
        }
        if (avoidMoves.length > 0) {
            sb.append(sb.length() > 0 ? "; " : "").append("am");
            for (int m : avoidMoves) {
                sb.append(' ').append(San.toSan(pos, m));
            }
        }
        if (mateIn > 0) {
            sb.append(sb.length() > 0 ? "; " : "").append("dm ").append(mateIn);
        }
        if (!points.isEmpty() && bestMoves.length == 0) {
            sb.append(sb.length() > 0 ? "; " : "").append("points");
            points.forEach((m, p) -> sb.append(' ').append(San.toSan(pos, m)).append('=').append(p));
        }
        if (sb.length() == 0 && !perft.isEmpty()) {
            sb.append("perft D1-D").append(perft.keySet().stream().mapToInt(Integer::intValue).max().orElse(0));
        }
        return sb.toString();
    }
}
