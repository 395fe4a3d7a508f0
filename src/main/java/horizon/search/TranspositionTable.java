package horizon.search;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Hash table of search results shared by all search threads without locks, packed in {@code long} arrays: no
 * object per entry. Each entry is two longs, {@code [key ^ data, data]}, each read once; a probe accepts an entry
 * only if the two xor back to the key, so an entry torn by concurrent writers is rejected instead of trusted (the
 * lock-free scheme of chess22k). The move of an accepted entry is still only a hint: the search plays it only if
 * it is among the legal moves it generated. Two entries form a bucket; a store replaces the same position, else
 * the shallower or older entry. Storage is split into chunks of 2^24 buckets (512 MB), so a table may be larger
 * than one Java array can be (more than 2^31 entries fit).
 *
 * <pre>
 * data bits  0-17  best move (0 = none)
 *           18-33  score, 16 bits signed (mate scores relative to the node, see Searcher)
 *           34-41  depth, 0..255
 *           42-43  bound: 1 upper, 2 lower, 3 exact
 *           44-49  generation (search number, 6 bits) for ageing
 *           50-63  static evaluation, 14 bits signed
 * </pre>
 */
public final class TranspositionTable {
    public static final int BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3;
    public static final int DEFAULT_MB = 16;
    private static final int BYTES_PER_ENTRY = 16;
    private static final int ENTRIES_PER_BUCKET = 2;

    /** Buckets per chunk, as a power of two; tests make it small to exercise many chunks cheaply. */
    private final int chunkBits;
    private long[][] chunks;
    private long buckets;
    private int generation;

    public TranspositionTable(int megabytes) {
        this(megabytes, 24);
    }

    TranspositionTable(int megabytes, int chunkBits) {
        this.chunkBits = chunkBits;
        resize(megabytes);
    }

    /**
     * Allocates a table of the given size, dropping the old one first so both never need to fit at once.
     * Throws OutOfMemoryError after falling back to the default size if the JVM cannot provide it.
     */
    public void resize(int megabytes) {
        long entries = (long) megabytes * 1024 * 1024 / BYTES_PER_ENTRY;
        long n = Math.max(1, entries / ENTRIES_PER_BUCKET);
        if (chunks != null) {
            // The old table is garbage now: collect it before the new one is allocated. Left to itself, the
            // parallel collector (the launcher's) grows the heap instead, so every resize added its table to the
            // process, up to the JVM's maximum (half the machine's memory).
            chunks = null;
            System.gc();
        }
        try {
            allocate(n);
        } catch (OutOfMemoryError e) {
            allocate((long) DEFAULT_MB * 1024 * 1024 / BYTES_PER_ENTRY / ENTRIES_PER_BUCKET);
            throw e;
        }
    }

    private void allocate(long bucketCount) {
        long perChunk = 1L << chunkBits;
        int count = (int) ((bucketCount + perChunk - 1) / perChunk);
        long[][] fresh = new long[count][];
        for (int c = 0; c < count; c++) {
            long inChunk = Math.min(perChunk, bucketCount - c * perChunk);
            fresh[c] = new long[(int) (inChunk * ENTRIES_PER_BUCKET * 2)];
        }
        chunks = fresh;
        buckets = bucketCount;
        generation = 0;
    }

    public int megabytes() {
        return (int) (buckets * ENTRIES_PER_BUCKET * BYTES_PER_ENTRY / (1024 * 1024));
    }

    /** Empties the table, one chunk per core at a time: a table of many gigabytes clears in seconds, not tens. */
    public void clear() {
        IntStream.range(0, chunks.length).parallel()
                .forEach(c -> Arrays.fill(chunks[c], 0L));
        generation = 0;
    }

    /** Called once per search: entries from older searches become preferred victims. */
    public void newSearch() {
        generation = (generation + 1) & 63;
    }

    /** The bucket of key: the unsigned high half of key * buckets maps keys uniformly onto any bucket count. */
    private long bucket(long key) {
        return Math.multiplyHigh(key, buckets) + ((key >> 63) & buckets);
    }

    /** The data of the entry for key, or 0 when there is none (a stored entry is never 0: its bound is set). */
    public long probe(long key) {
        long b = bucket(key);
        long[] t = chunks[(int) (b >>> chunkBits)];
        int i = (int) (b & ((1L << chunkBits) - 1)) * ENTRIES_PER_BUCKET * 2;
        long data = t[i + 1]; // read each word once: another thread may be rewriting the entry meanwhile
        if ((t[i] ^ data) == key) {
            return data;
        }
        data = t[i + 3];
        if ((t[i + 2] ^ data) == key) {
            return data;
        }
        return 0;
    }

    public void store(long key, int move, int score, int depth, int bound, int staticEval) {
        long b = bucket(key);
        long[] t = chunks[(int) (b >>> chunkBits)];
        int i = (int) (b & ((1L << chunkBits) - 1)) * ENTRIES_PER_BUCKET * 2;
        long first = t[i + 1], second = t[i + 3];
        int slot;
        long old;
        if ((t[i] ^ first) == key || first == 0) {
            slot = i;
            old = first;
        } else if ((t[i + 2] ^ second) == key || second == 0) {
            slot = i + 2;
            old = second;
        } else if (priority(first) <= priority(second)) {
            slot = i;
            old = first;
        } else {
            slot = i + 2;
            old = second;
        }
        if ((t[slot] ^ old) == key) {
            if (move == 0) {
                move = move(old); // keep the known best move when this result has none
            }
            if (bound != BOUND_EXACT && depth + 2 < depth(old) && generation(old) == generation) {
                return; // a much deeper result of this search is worth more than a shallow bound
            }
        }
        long data = (move & 0x3FFFFL)
                | ((long) (score & 0xFFFF) << 18)
                | ((long) Math.max(0, Math.min(255, depth)) << 34)
                | ((long) bound << 42)
                | ((long) generation << 44)
                | ((long) (staticEval & 0x3FFF) << 50);
        t[slot] = key ^ data;
        t[slot + 1] = data;
    }

    /** Replacement priority: depth, minus a penalty for every search the entry has sat unused. */
    private int priority(long data) {
        int age = (generation - generation(data)) & 63;
        return depth(data) - 8 * age;
    }

    public static int move(long data) {
        return (int) (data & 0x3FFFF);
    }

    public static int score(long data) {
        return (short) (data >>> 18);
    }

    public static int depth(long data) {
        return (int) ((data >>> 34) & 0xFF);
    }

    public static int bound(long data) {
        return (int) ((data >>> 42) & 3);
    }

    private static int generation(long data) {
        return (int) ((data >>> 44) & 63);
    }

    public static int staticEval(long data) {
        return (int) (data >> 50); // arithmetic shift restores the sign of the 14-bit field
    }

    /** Permille of a sample of entries written by the current search, as UCI's "hashfull" wants. */
    public int hashfull() {
        long[] t = chunks[0];
        int sample = Math.min(1000, t.length / 2);
        int used = 0;
        for (int e = 0; e < sample; e++) {
            long data = t[2 * e + 1];
            if (data != 0 && generation(data) == generation) {
                used++;
            }
        }
        return sample == 0 ? 0 : used * 1000 / sample;
    }
}
