package horizon.eval;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Every tunable number of the evaluation, one packed middlegame/endgame {@link Score} per entry, laid out by
 * {@link Term}. Immutable once built: an {@link Evaluator} reads it, the tuner writes new ones.
 *
 * <p>{@link #CLASSIC} is the untuned starting point (pawn 1, knight 3, bishop 3, rook 5, queen 9, i.e.
 * 100/300/300/500/900 cp; every other weight zero), kept so that the gain of tuning can be measured.
 */
public final class Weights {
    static final String DEFAULT_RESOURCE = "/horizon/eval/default.weights";
    public static final Weights CLASSIC = classic();

    private final int[] packed;
    public final String name;

    public Weights(String name, int[] packed) {
        if (packed.length != Term.COUNT) {
            throw new IllegalArgumentException("expected " + Term.COUNT + " weights, got " + packed.length);
        }
        this.name = name;
        this.packed = packed.clone();
    }

    /** Packed weight at a flat index ({@link Term#offset()} + entry). */
    public int get(int index) {
        return packed[index];
    }

    public int get(Term term, int entry) {
        return packed[term.offset() + entry];
    }

    /** A copy of all entries, flat. */
    public int[] toArray() {
        return packed.clone();
    }

    /** The engine's built-in weights, shipped as a resource; a jar without them is broken, never silently weak. */
    public static Weights builtIn() {
        return BuiltIn.WEIGHTS;
    }

    /** Loaded on first use, so that a broken resource fails where it is needed, loudly. */
    private static final class BuiltIn {
        static final Weights WEIGHTS = load(DEFAULT_RESOURCE);
    }

    static Weights load(String resource) {
        try (InputStream in = Weights.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("built-in weights " + resource + " missing from the jar");
            }
            return WeightsFile.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("built-in weights " + resource + " unreadable", e);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("built-in weights " + resource + " malformed: " + e.getMessage(), e);
        }
    }

    private static Weights classic() {
        int[] w = new int[Term.COUNT];
        int[] values = {100, 300, 300, 500, 900};
        for (int i = 0; i < values.length; i++) {
            w[Term.MATERIAL.offset() + i] = Score.of(values[i], values[i]);
        }
        return new Weights("classic", w);
    }
}
