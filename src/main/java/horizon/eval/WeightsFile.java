package horizon.eval;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The text format of a weight set, written by the tuner and read by the engine (its built-in set is a resource;
 * users load their own with the UCI option EvalFile). Lines starting with '#' are comments, used for provenance
 * (data set, K, losses). A block left out is zero; version 1 files (material and tables only) still load.
 *
 * <pre>
 * horizon-weights 2
 * name tuned-1
 * material P 100 100          (type letter, middlegame, endgame; P N B R Q)
 * pst P mg                    (then 8 rows of 8 integers, rank 8 first, files a to h, White's view)
 * pst P eg
 * ...
 * term passed 0 0 5 12 ...    (one line per other {@link Term}: its entries as middlegame endgame pairs)
 * </pre>
 */
public final class WeightsFile {
    private static final String MAGIC = "horizon-weights 2", OLD_MAGIC = "horizon-weights 1";
    private static final String TYPES = " PNBRQK";

    private WeightsFile() {
    }

    public static String format(Weights w, List<String> comments) {
        StringBuilder sb = new StringBuilder(MAGIC).append('\n');
        for (String comment : comments) {
            sb.append("# ").append(comment).append('\n');
        }
        sb.append("name ").append(w.name).append('\n');
        for (int type = 1; type <= Term.MATERIAL.size; type++) {
            int s = w.get(Term.MATERIAL, type - 1);
            sb.append("material ").append(TYPES.charAt(type)).append(' ').append(Score.mg(s)).append(' ')
                    .append(Score.eg(s)).append('\n');
        }
        for (int type = 1; type <= 6; type++) {
            for (int phase = 0; phase < 2; phase++) {
                sb.append("pst ").append(TYPES.charAt(type)).append(phase == 0 ? " mg" : " eg").append('\n');
                for (int rank = 7; rank >= 0; rank--) {
                    for (int file = 0; file < 8; file++) {
                        int s = w.get(Term.PST, (type - 1) * 64 + rank * 8 + file);
                        sb.append(String.format("%5d", phase == 0 ? Score.mg(s) : Score.eg(s)));
                    }
                    sb.append('\n');
                }
            }
        }
        for (Term term : Term.values()) {
            if (term == Term.MATERIAL || term == Term.PST) {
                continue;
            }
            sb.append("term ").append(term.fileName());
            for (int i = 0; i < term.size; i++) {
                int s = w.get(term, i);
                sb.append("  ").append(Score.mg(s)).append(' ').append(Score.eg(s));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /**
     * Reads and parses a weights file: the one loader of EvalFile and of every command's --weights, so that all of
     * them say the same about a bad file.
     *
     * @throws IllegalArgumentException saying what is wrong (no such file, unreadable, or the line that does not
     *                                  parse); the caller names the file
     */
    public static Weights read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException("unreadable: " + e.getMessage());
        }
        return parse(text);
    }

    /** Parses the format; throws IllegalArgumentException naming the line that is wrong. */
    public static Weights parse(String text) {
        List<String> lines = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new StringReader(text))) {
            String line;
            int n = 0;
            while ((line = in.readLine()) != null) {
                n++;
                line = line.trim();
                if (!line.isEmpty() && !line.startsWith("#")) {
                    lines.add(line);
                    numbers.add(n);
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
        if (lines.isEmpty() || !(lines.get(0).equals(MAGIC) || lines.get(0).equals(OLD_MAGIC))) {
            throw new IllegalArgumentException("line " + (numbers.isEmpty() ? 1 : numbers.get(0)) + ": expected '"
                    + MAGIC + "'");
        }
        int[] mg = new int[Term.COUNT], eg = new int[Term.COUNT];
        String name = "unnamed";
        int i = 1;
        try {
            while (i < lines.size()) {
                String[] t = lines.get(i).split("\\s+");
                if (t[0].equals("name") && t.length >= 2) {
                    name = lines.get(i).substring(5).trim();
                    i++;
                } else if (t[0].equals("material") && t.length == 4) {
                    int type = type(t[1]);
                    if (type <= Term.MATERIAL.size) { // version 1 listed the king, whose material always cancels
                        mg[Term.MATERIAL.offset() + type - 1] = Integer.parseInt(t[2]);
                        eg[Term.MATERIAL.offset() + type - 1] = Integer.parseInt(t[3]);
                    }
                    i++;
                } else if (t[0].equals("pst") && t.length == 3 && (t[2].equals("mg") || t[2].equals("eg"))) {
                    int[] half = t[2].equals("mg") ? mg : eg;
                    int base = Term.PST.offset() + (type(t[1]) - 1) * 64;
                    for (int rank = 7; rank >= 0; rank--) {
                        i++;
                        String[] row = i < lines.size() ? lines.get(i).split("\\s+") : new String[0];
                        if (row.length != 8) {
                            throw new IllegalArgumentException("expected 8 numbers");
                        }
                        for (int file = 0; file < 8; file++) {
                            half[base + rank * 8 + file] = Integer.parseInt(row[file]);
                        }
                    }
                    i++;
                } else if (t[0].equals("term") && t.length >= 2) {
                    Term term = term(t[1]);
                    if (t.length != 2 + 2 * term.size) {
                        throw new IllegalArgumentException("term " + t[1] + " needs " + term.size
                                + " middlegame/endgame pairs, found " + (t.length - 2) + " numbers");
                    }
                    for (int e = 0; e < term.size; e++) {
                        mg[term.offset() + e] = Integer.parseInt(t[2 + 2 * e]);
                        eg[term.offset() + e] = Integer.parseInt(t[3 + 2 * e]);
                    }
                    i++;
                } else {
                    throw new IllegalArgumentException("unknown line '" + lines.get(i) + "'");
                }
            }
        } catch (RuntimeException e) {
            int at = numbers.get(Math.min(i, numbers.size() - 1));
            throw new IllegalArgumentException("line " + at + ": " + e.getMessage(), e);
        }
        int[] packed = new int[Term.COUNT];
        for (int k = 0; k < Term.COUNT; k++) {
            if (Math.abs(mg[k]) > 8000 || Math.abs(eg[k]) > 8000) {
                throw new IllegalArgumentException("weight " + Term.of(k).fileName() + " beyond +-8000 cp");
            }
            packed[k] = Score.of(mg[k], eg[k]);
        }
        return new Weights(name, packed);
    }

    private static Term term(String name) {
        for (Term term : Term.values()) {
            if (term.fileName().equals(name) && term != Term.MATERIAL && term != Term.PST) {
                return term;
            }
        }
        throw new IllegalArgumentException("unknown term '" + name + "'");
    }

    private static int type(String letter) {
        int type = letter.length() == 1 ? TYPES.indexOf(letter.charAt(0)) : -1;
        if (type < 1) {
            throw new IllegalArgumentException("unknown piece type '" + letter + "'");
        }
        return type;
    }
}
