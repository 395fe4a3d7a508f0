package horizon.eval;

import horizon.board.Piece;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

/**
 * The text format of a weight set, written by the tuner and read by the engine (its default set is a resource;
 * users can load their own). Lines starting with '#' are comments, used for provenance (data set, K, losses).
 *
 * <pre>
 * horizon-weights 1
 * name tuned-1
 * material P 100 100          (type letter, middlegame, endgame; P N B R Q K)
 * pst P mg                    (then 8 rows of 8 integers, rank 8 first, files a to h, White's view)
 * pst P eg
 * ...
 * </pre>
 */
public final class WeightsFile {
    private static final String MAGIC = "horizon-weights 1";
    private static final String TYPES = " PNBRQK";

    private WeightsFile() {
    }

    public static String format(Weights w, List<String> comments) {
        StringBuilder sb = new StringBuilder(MAGIC).append('\n');
        for (String comment : comments) {
            sb.append("# ").append(comment).append('\n');
        }
        sb.append("name ").append(w.name).append('\n');
        for (int type = Piece.PAWN; type <= Piece.KING; type++) {
            sb.append("material ").append(TYPES.charAt(type)).append(' ').append(Score.mg(w.material[type]))
                    .append(' ').append(Score.eg(w.material[type])).append('\n');
        }
        for (int type = Piece.PAWN; type <= Piece.KING; type++) {
            for (int phase = 0; phase < 2; phase++) {
                sb.append("pst ").append(TYPES.charAt(type)).append(phase == 0 ? " mg" : " eg").append('\n');
                for (int rank = 7; rank >= 0; rank--) {
                    for (int file = 0; file < 8; file++) {
                        int s = w.pieceSquare[type][rank * 8 + file];
                        sb.append(String.format("%5d", phase == 0 ? Score.mg(s) : Score.eg(s)));
                    }
                    sb.append('\n');
                }
            }
        }
        return sb.toString();
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
        if (lines.isEmpty() || !lines.get(0).equals(MAGIC)) {
            throw new IllegalArgumentException("line 1: expected '" + MAGIC + "'");
        }
        int[][] mg = new int[7][64], eg = new int[7][64];
        int[] materialMg = new int[7], materialEg = new int[7];
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
                    materialMg[type] = Integer.parseInt(t[2]);
                    materialEg[type] = Integer.parseInt(t[3]);
                    i++;
                } else if (t[0].equals("pst") && t.length == 3 && (t[2].equals("mg") || t[2].equals("eg"))) {
                    int[] table = (t[2].equals("mg") ? mg : eg)[type(t[1])];
                    for (int rank = 7; rank >= 0; rank--) {
                        i++;
                        String[] row = i < lines.size() ? lines.get(i).split("\\s+") : new String[0];
                        if (row.length != 8) {
                            throw new IllegalArgumentException("expected 8 numbers");
                        }
                        for (int file = 0; file < 8; file++) {
                            table[rank * 8 + file] = Integer.parseInt(row[file]);
                        }
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
        Weights w = new Weights(name);
        for (int type = Piece.PAWN; type <= Piece.KING; type++) {
            w.material[type] = Score.of(materialMg[type], materialEg[type]);
            for (int sq = 0; sq < 64; sq++) {
                w.pieceSquare[type][sq] = Score.of(mg[type][sq], eg[type][sq]);
            }
        }
        return w;
    }

    private static int type(String letter) {
        int type = letter.length() == 1 ? TYPES.indexOf(letter.charAt(0)) : -1;
        if (type < 1) {
            throw new IllegalArgumentException("unknown piece type '" + letter + "'");
        }
        return type;
    }
}
