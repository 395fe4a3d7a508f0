package horizon.io;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One line of Extended Position Description: the four position fields of a FEN (optionally followed by the two
 * move counters, as perft suites write them), then operations "opcode operand...;". Both styles parse:
 *
 * <pre>
 * 2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";
 * rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400
 * </pre>
 */
public final class EpdRecord {
    private final String fen;
    private final Map<String, String> operations;

    private EpdRecord(String fen, Map<String, String> operations) {
        this.fen = fen;
        this.operations = Collections.unmodifiableMap(operations);
    }

    /** Parses a line; throws IllegalArgumentException saying what is wrong. Positions are not validated here. */
    public static EpdRecord parse(String line) {
        String text = line.trim();
        List<String> head = new ArrayList<>(6);
        int i = 0;
        while (head.size() < 4) {
            while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < text.length() && !Character.isWhitespace(text.charAt(i)) && text.charAt(i) != ';') {
                i++;
            }
            if (start == i) {
                throw new IllegalArgumentException("EPD needs 4 position fields, found " + head.size());
            }
            head.add(text.substring(start, i));
        }
        String rest = text.substring(i).trim();
        // Optional halfmove clock and fullmove number, as FEN-style perft suites carry them.
        String[] maybeCounters = rest.split("\\s+", 3);
        String counters = "0 1";
        if (maybeCounters.length >= 2 && isNumber(maybeCounters[0]) && isNumber(maybeCounters[1].replace(";", ""))) {
            counters = maybeCounters[0] + " " + maybeCounters[1].replace(";", "");
            int skip = rest.indexOf(maybeCounters[1]) + maybeCounters[1].length();
            rest = rest.substring(skip).trim();
        }
        return new EpdRecord(String.join(" ", head) + " " + counters, parseOperations(rest));
    }

    private static boolean isNumber(String s) {
        return !s.isEmpty() && s.chars().allMatch(Character::isDigit);
    }

    private static Map<String, String> parseOperations(String rest) {
        Map<String, String> ops = new LinkedHashMap<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i <= rest.length(); i++) {
            char c = i < rest.length() ? rest.charAt(i) : ';';
            if (c == '"') {
                quoted = !quoted;
                current.append(c);
            } else if (c == ';' && !quoted) {
                String op = current.toString().trim();
                current.setLength(0);
                if (op.isEmpty()) {
                    continue;
                }
                int space = op.indexOf(' ');
                String opcode = space < 0 ? op : op.substring(0, space);
                String operand = space < 0 ? "" : op.substring(space + 1).trim();
                if (operand.length() >= 2 && operand.startsWith("\"") && operand.endsWith("\"")) {
                    operand = operand.substring(1, operand.length() - 1);
                }
                ops.put(opcode, operand);
            } else {
                current.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("unterminated quote in EPD operations");
        }
        return ops;
    }

    /** The position as a six-field FEN (counters "0 1" when the line has none). */
    public String fen() {
        return fen;
    }

    public Map<String, String> operations() {
        return operations;
    }

    public String operation(String opcode) {
        return operations.get(opcode);
    }

    /** Perft counts from "D1 20 ;D2 400" (or "perft1"...) operations, by depth. */
    public Map<Integer, Long> perftCounts() {
        Map<Integer, Long> counts = new TreeMap<>();
        for (Map.Entry<String, String> op : operations.entrySet()) {
            String key = op.getKey();
            String digits = key.startsWith("D") ? key.substring(1) : key.startsWith("perft") ? key.substring(5) : "";
            if (isNumber(digits)) {
                counts.put(Integer.parseInt(digits), Long.parseLong(op.getValue().trim()));
            }
        }
        return counts;
    }
}
