package horizon.eval;

/**
 * Tapered scores packed into one int: {@code (eg << 16) + mg}, as Stockfish's S(mg, eg). Packed scores add and
 * subtract as plain ints; the halves are unpacked once, at the end, with sign care.
 */
public final class Score {
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
}
