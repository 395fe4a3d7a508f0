package horizon.search;

/**
 * Shared hash table of search results, packed in a {@code long[]}: no object per entry. Each entry is two longs,
 * {@code [key ^ data, data]}; a probe accepts an entry only if the two xor back to the key, so an entry torn by
 * concurrent writers is rejected instead of trusted (the lock-free scheme of chess22k, ready for Lazy SMP).
 * Two entries form a bucket; a store replaces the same position, else the shallower or older entry.
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

    private long[] table;
    private long buckets;
    private int generation;

    public TranspositionTable(int megabytes) {
        resize(megabytes);
    }

    /**
     * Allocates a table of the given size, dropping the old one first so both never need to fit at once.
     * Throws OutOfMemoryError after falling back to the default size if the JVM cannot provide it.
     */
    public void resize(int megabytes) {
        long entries = (long) megabytes * 1024 * 1024 / BYTES_PER_ENTRY;
        long n = Math.max(1, entries / ENTRIES_PER_BUCKET);
        table = null;
        try {
            allocate(n);
        } catch (OutOfMemoryError e) {
            allocate((long) DEFAULT_MB * 1024 * 1024 / BYTES_PER_ENTRY / ENTRIES_PER_BUCKET);
            throw e;
        }
    }

    private void allocate(long bucketCount) {
        long longs = bucketCount * ENTRIES_PER_BUCKET * 2;
        if (longs > Integer.MAX_VALUE - 8) {
            throw new OutOfMemoryError("hash table of " + longs + " longs exceeds one Java array");
        }
        table = new long[(int) longs];
        buckets = bucketCount;
        generation = 0;
    }

    public int megabytes() {
        return (int) (buckets * ENTRIES_PER_BUCKET * BYTES_PER_ENTRY / (1024 * 1024));
    }

    public void clear() {
        java.util.Arrays.fill(table, 0L);
        generation = 0;
    }

    /** Called once per search: entries from older searches become preferred victims. */
    public void newSearch() {
        generation = (generation + 1) & 63;
    }

    private int bucketIndex(long key) {
        // Unsigned high half of key * buckets: maps the key uniformly onto any bucket count.
        long high = Math.multiplyHigh(key, buckets) + ((key >> 63) & buckets);
        return (int) high * ENTRIES_PER_BUCKET * 2;
    }

    /** The data of the entry for key, or 0 when there is none (a stored entry is never 0: its bound is set). */
    public long probe(long key) {
        long[] t = table;
        int i = bucketIndex(key);
        if ((t[i] ^ t[i + 1]) == key) {
            return t[i + 1];
        }
        if ((t[i + 2] ^ t[i + 3]) == key) {
            return t[i + 3];
        }
        return 0;
    }

    public void store(long key, int move, int score, int depth, int bound, int staticEval) {
        long[] t = table;
        int i = bucketIndex(key);
        int slot;
        if ((t[i] ^ t[i + 1]) == key || t[i + 1] == 0) {
            slot = i;
        } else if ((t[i + 2] ^ t[i + 3]) == key || t[i + 3] == 0) {
            slot = i + 2;
        } else {
            slot = priority(t[i + 1]) <= priority(t[i + 3]) ? i : i + 2;
        }
        long old = t[slot + 1];
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
        long[] t = table;
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
