package horizon.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TranspositionTableTest {
    /**
     * A table split over many chunks (tiny chunks here; 512 MB ones in the engine, so that more than 2^31 entries
     * fit) stores and finds entries in every chunk.
     */
    @Test
    void entriesLandInEveryChunkAndAreFoundAgain() {
        TranspositionTable tt = new TranspositionTable(1, 10); // 1 MB = 32768 buckets in 32 chunks of 1024
        SplittableRandom random = new SplittableRandom(1);
        long[] keys = new long[20_000];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = random.nextLong();
            tt.store(keys[i], i & 0xFFF, i % 1000, 5, TranspositionTable.BOUND_EXACT, 0);
        }
        int found = 0;
        for (int i = 0; i < keys.length; i++) {
            long data = tt.probe(keys[i]);
            if (data != 0) {
                found++;
                assertEquals(i & 0xFFF, TranspositionTable.move(data));
                assertEquals(i % 1000, TranspositionTable.score(data));
            }
        }
        // 65,536 slots for 20,000 keys: nearly all survive; none comes back wrong.
        assertTrue(found > 18_000, "found " + found);
        assertEquals(0, tt.probe(random.nextLong()));
        tt.clear();
        assertEquals(0, tt.probe(keys[0]));
    }

    /** Writers racing on the same buckets never make a probe return an entry stored for another key. */
    @Test
    void concurrentWritersNeverProduceAnEntryForTheWrongKey() throws InterruptedException {
        TranspositionTable tt = new TranspositionTable(1, 10);
        long[] keys = new long[64];
        SplittableRandom random = new SplittableRandom(2);
        for (int i = 0; i < keys.length; i++) {
            keys[i] = random.nextLong();
        }
        // The writers run until the reader has checked enough entries, so the reader always probes while they write,
        // however the machine schedules the threads (a fixed amount of writing could end before the reader ran).
        java.util.concurrent.atomic.AtomicBoolean enough = new java.util.concurrent.atomic.AtomicBoolean();
        Thread[] writers = new Thread[4];
        for (int w = 0; w < writers.length; w++) {
            int id = w;
            writers[w] = new Thread(() -> {
                for (int n = 0; !enough.get(); n++) {
                    int k = (n * 7 + id) & 63;
                    // The move and score encode the key's index, so a probe can tell whose entry it got.
                    tt.store(keys[k], k + 1, k, n & 63, TranspositionTable.BOUND_LOWER, k);
                }
            });
            writers[w].start();
        }
        long checked = 0;
        try {
            while (checked < 200_000) {
                for (int k = 0; k < 64; k++) {
                    long data = tt.probe(keys[k]);
                    if (data != 0) {
                        assertEquals(k + 1, TranspositionTable.move(data));
                        assertEquals(k, TranspositionTable.score(data));
                        checked++;
                    }
                }
            }
        } finally {
            enough.set(true);
            for (Thread w : writers) {
                w.join();
            }
        }
    }
}
