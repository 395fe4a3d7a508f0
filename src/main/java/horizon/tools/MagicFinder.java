package horizon.tools;

import horizon.board.SlidingRays;
import java.util.SplittableRandom;

/** Prints the magic numbers of {@code horizon.board.MagicNumbers}: java -cp horizon.jar horizon.tools.MagicFinder */
public final class MagicFinder {
    private MagicFinder() {
    }

    public static void main(String[] args) {
        SplittableRandom random = new SplittableRandom(args.length > 0 ? Long.parseLong(args[0]) : 20261122L);
        for (boolean bishop : new boolean[] {false, true}) {
            StringBuilder sb = new StringBuilder("    static final long[] " + (bishop ? "BISHOP" : "ROOK") + " = {\n");
            for (int sq = 0; sq < 64; sq++) {
                sb.append(sq % 4 == 0 ? "        " : " ")
                        .append(String.format("0x%016XL,", SlidingRays.findMagic(sq, bishop, random)));
                if (sq % 4 == 3) {
                    sb.append('\n');
                }
            }
            System.out.print(sb.append("    };\n"));
        }
    }
}
