package horizon.eval;

/**
 * Tapered scores packed into one int: {@code (eg << 16) + mg}, as Stockfish's S(mg, eg). Packed scores add and
 * subtract as plain ints; the halves are unpacked once, at the end, with sign care.
 */
public final class Score {
    /** Phase at the start: knight and bishop count 1, rook 2, queen 4 (4 + 4 + 8 + 8). */
    public static final int MAX_PHASE = 24;
    /** Endgame scale factor that leaves the endgame half as it is; 0 makes it a draw. */
    public static final int NORMAL_SCALE = 128;

    private Score() {
    }

    public static int of(int mg, int eg) {
        return (eg << 16) + mg;
    }

    public static int mg(int s) {
        return (short) s;
    }

    /** Rounds the upper half correctly when the lower half is negative (it borrowed one from it). */
    public static int eg(int s) {
        return (short) ((s + 0x8000) >> 16);
    }

    /**
     * The one blend of the two halves: phase (0..24) shares of middlegame and endgame, the endgame half scaled by
     * scale / 128. The engine and the tuner both call this, so the tuner's model is the engine's to the unit.
     */
    public static int taper(int mg, int eg, int phase, int scale) {
        return (mg * phase * NORMAL_SCALE + eg * (MAX_PHASE - phase) * scale) / (MAX_PHASE * NORMAL_SCALE);
    }

    /** The same blend without rounding, for the tuner's gradient (it differs from the above by under 1). */
    public static double taper(double mg, double eg, int phase, int scale) {
        return (mg * phase * NORMAL_SCALE + eg * (MAX_PHASE - phase) * scale) / (MAX_PHASE * NORMAL_SCALE);
    }
}
