package horizon.bench;

import horizon.board.Fen;
import horizon.board.FenException;
import horizon.board.Piece;
import horizon.board.Position;
import horizon.tb.SyzygyProber;
import horizon.tb.SyzygyTables;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Syzygy probes per second, as a search thread makes them: one prober, tables already mapped (they load in
 * setUp), cycling through 1,024 random legal 3- and 4-piece positions from a fixed seed, so that the index,
 * the decompression and the capture search are measured, not one cached block. Run from the repository root
 * (the tables are read from ../shared/syzygy, or -p tables=FOLDER).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class SyzygyBench {
    private static final String[] MATERIALS = {
        "KQvK", "KRvK", "KPvK", "KBNvK", "KRPvK", "KPPvK", "KQvKR", "KRvKB", "KRvKN", "KQvKP", "KRvKP", "KPvKP",
        "KBvKP", "KNvKP", "KQvKQ", "KRvKR",
    };
    private static final int POSITIONS = 1024;

    @Param("../shared/syzygy")
    public String tables;

    private SyzygyProber prober;
    private final Position[] positions = new Position[POSITIONS];
    private int next;

    @Setup
    public void setUp() {
        SyzygyTables syzygy = SyzygyTables.open(tables);
        if (syzygy.maxPieces() < 4 || !syzygy.loadAll().isEmpty()) {
            throw new IllegalStateException("3- and 4-piece tables needed in " + tables + ": " + syzygy.problems());
        }
        prober = syzygy.newProber();
        SplittableRandom random = new SplittableRandom(20261204);
        for (int i = 0; i < POSITIONS; ) {
            positions[i] = randomPosition(random, MATERIALS[i % MATERIALS.length]);
            if (positions[i] != null && prober.probeWdl(positions[i]) != SyzygyTables.FAILED) {
                i++;
            }
        }
    }

    /** Pieces of a material dropped on random squares (white = the first side), or null if not legal. */
    private static Position randomPosition(SplittableRandom random, String material) {
        byte[] board = new byte[64]; // Piece.NONE
        String[] sides = material.split("v");
        for (int s = 0; s < 2; s++) {
            for (char c : sides[s].toCharArray()) {
                int sq = c == 'P' ? 8 + random.nextInt(48) : random.nextInt(64);
                if (board[sq] != Piece.NONE) {
                    return null;
                }
                board[sq] = (byte) Piece.fromLetter(s == 0 ? c : Character.toLowerCase(c));
            }
        }
        String fen = Fen.placement(board);
        try {
            return Position.fromFen(fen + (random.nextBoolean() ? " w" : " b") + " - - 0 1");
        } catch (FenException e) {
            return null;
        }
    }

    @Benchmark
    public int probeWdl() {
        return prober.probeWdl(positions[next++ & (POSITIONS - 1)]);
    }

    @Benchmark
    public int probeDtz() {
        return prober.probeDtz(positions[next++ & (POSITIONS - 1)]);
    }
}
