package horizon.tb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import horizon.board.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Two threads probing the same freshly opened tables at once, so that both race to load the same tables on
 * their first probes: each must get the answers a single thread gets, and each table must load once (a table
 * loaded twice, or read half-built, would show as a problem or a wrong answer).
 */
class SyzygyConcurrencyTest {

    @Test
    void twoThreadsLoadingLazilyGetTheSingleThreadedAnswers() throws Exception {
        SyzygyTables reference = SyzygyTables.open(TestTables.FOLDER.toString());
        List<String> fens = RandomEndgames.generate(4242, 2000, TestTables.SAMPLED, 0.1);
        int[] expected = probeAll(reference.newProber(), fens, 0);

        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 5; round++) {
                SyzygyTables shared = SyzygyTables.open(TestTables.FOLDER.toString());
                CyclicBarrier start = new CyclicBarrier(2);
                List<Future<int[]>> results = new ArrayList<>();
                for (int thread = 0; thread < 2; thread++) {
                    // The second thread walks the list from the other end half the time: different first loads.
                    int offset = thread == 1 && round % 2 == 1 ? fens.size() / 2 : 0;
                    results.add(pool.submit(() -> {
                        SyzygyProber prober = shared.newProber();
                        start.await(10, TimeUnit.SECONDS);
                        return probeAll(prober, fens, offset);
                    }));
                }
                for (Future<int[]> result : results) {
                    assertArrayEquals(expected, result.get(120, TimeUnit.SECONDS), "round " + round);
                }
                assertEquals(List.of(), shared.problems());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** WDL and DTZ of every position, in list order, starting the walk at offset (answers stay in list order). */
    private static int[] probeAll(SyzygyProber prober, List<String> fens, int offset) {
        int n = fens.size();
        int[] values = new int[2 * n];
        for (int k = 0; k < n; k++) {
            int i = (k + offset) % n;
            Position pos = Position.fromFen(fens.get(i));
            values[2 * i] = prober.probeWdl(pos);
            values[2 * i + 1] = prober.probeDtz(pos);
        }
        return values;
    }
}
