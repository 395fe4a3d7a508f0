package horizon.eval;

/**
 * Every tunable number of the evaluation: material and piece-square tables, middlegame and endgame, packed with
 * {@link Score}. Index by piece type (1..6); squares are from White's side (a1 = 0), Black reads them mirrored.
 *
 * <p>{@link #CLASSIC} is the untuned starting point (pawn 1, knight 3, bishop 3, rook 5, queen 9, i.e.
 * 100/300/300/500/900 cp; all piece-square entries zero), kept so that the gain of tuning can be measured.
 */
public final class Weights {
    public static final Weights CLASSIC = classic();
    /** The engine's default: the tuned set shipped as a resource, or CLASSIC if the jar has none. */
    public static final Weights DEFAULT = loadDefault();
    static final String DEFAULT_RESOURCE = "/horizon/eval/default.weights";

    /** Packed material value by piece type. */
    public final int[] material = new int[7];
    /** Packed piece-square bonus by piece type and square. */
    public final int[][] pieceSquare = new int[7][64];
    public final String name;

    public Weights(String name) {
        this.name = name;
    }

    private static Weights loadDefault() {
        try (java.io.InputStream in = Weights.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            if (in == null) {
                return CLASSIC;
            }
            return WeightsFile.parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Weights classic() {
        Weights w = new Weights("classic");
        int[] values = {0, 100, 300, 300, 500, 900, 0};
        for (int type = 1; type <= 6; type++) {
            w.material[type] = Score.of(values[type], values[type]);
        }
        return w;
    }
}
