package horizon.book;

import horizon.board.Move;
import horizon.board.MoveGenerator;
import horizon.board.Position;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A Polyglot opening book ({@code .bin}): 16-byte entries, big-endian, sorted by key (8 bytes key, 2 move, 2
 * weight, 4 learn). The file is memory-mapped and found by binary search, so a book of any size costs no heap; reads
 * are absolute, so any number of threads may probe one book.
 *
 * <p>Opening checks the whole file once: a size that is not a multiple of 16, an empty file, keys out of order or a
 * move field no Polyglot writer produces mean the file is not a Polyglot book (or is truncated), and it is refused
 * with a message rather than answering nonsense later.
 */
public final class OpeningBook {
    private static final int ENTRY_BYTES = 16;

    private final Path file;
    private final ByteBuffer entries;
    private final int size;

    private OpeningBook(Path file, ByteBuffer entries, int size) {
        this.file = file;
        this.entries = entries;
        this.size = size;
    }

    /**
     * Opens and checks a book.
     *
     * @throws IllegalArgumentException saying why the file is not a usable Polyglot book
     */
    public static OpeningBook open(Path file) {
        MappedByteBuffer map;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long bytes = channel.size();
            if (bytes == 0) {
                throw new IllegalArgumentException("empty file");
            }
            if (bytes % ENTRY_BYTES != 0) {
                throw new IllegalArgumentException(bytes + " bytes is not a whole number of 16-byte entries"
                        + " (truncated, or not a Polyglot book)");
            }
            if (bytes / ENTRY_BYTES > Integer.MAX_VALUE || bytes > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("larger than 2 GB");
            }
            map = channel.map(FileChannel.MapMode.READ_ONLY, 0, bytes); // big-endian, as Polyglot writes
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException("unreadable: " + e.getMessage());
        }
        int size = map.capacity() / ENTRY_BYTES;
        long previous = 0;
        for (int i = 0; i < size; i++) {
            long key = map.getLong(i * ENTRY_BYTES);
            if (i > 0 && Long.compareUnsigned(key, previous) < 0) {
                throw new IllegalArgumentException("entry " + i + " is out of key order (not a Polyglot book)");
            }
            int move = Short.toUnsignedInt(map.getShort(i * ENTRY_BYTES + 8));
            if (!PolyglotMove.isWellFormed(move)) {
                throw new IllegalArgumentException("entry " + i + " holds no move (not a Polyglot book)");
            }
            previous = key;
        }
        return new OpeningBook(file, map, size);
    }

    public Path file() {
        return file;
    }

    /** Number of entries in the file. */
    public int size() {
        return size;
    }

    /**
     * The book moves of a position, highest weight first; entries whose move is not legal here (a key collision, or
     * a damaged entry) are left out, so every move returned can be played.
     */
    public List<BookEntry> entries(Position pos) {
        long key = PolyglotKey.of(pos);
        List<BookEntry> found = new ArrayList<>();
        int first = firstIndex(key);
        if (first == size || keyAt(first) != key) {
            return found;
        }
        int[] legal = new int[MoveGenerator.MAX_MOVES];
        int legalCount = MoveGenerator.generateAll(pos, legal);
        for (int i = first; i < size && keyAt(i) == key; i++) {
            int at = i * ENTRY_BYTES;
            int move = PolyglotMove.find(legal, legalCount, Short.toUnsignedInt(entries.getShort(at + 8)));
            if (move != Move.NONE) {
                found.add(new BookEntry(move, Short.toUnsignedInt(entries.getShort(at + 10)),
                        Integer.toUnsignedLong(entries.getInt(at + 12))));
            }
        }
        found.sort(Comparator.comparingInt(BookEntry::weight).reversed());
        return found;
    }

    /**
     * Chooses one of a position's book moves ({@link #entries}, highest weight first), or returns null when there
     * are none (or only moves of weight 0).
     *
     * @param variety 0 always plays the highest weight; 100 draws a move with probability proportional to its
     *                weight, as Polyglot does; values between sharpen that towards the best move (probability
     *                proportional to weight^(100/variety))
     * @param allowed the moves that may be played (UCI searchmoves), or null for all
     */
    public static BookEntry choose(List<BookEntry> entries, int variety, RandomGenerator random, int[] allowed) {
        List<BookEntry> moves = new ArrayList<>();
        for (BookEntry e : entries) {
            if (e.weight() > 0 && isAllowed(e.move(), allowed)) {
                moves.add(e);
            }
        }
        if (moves.isEmpty()) {
            return null;
        }
        if (variety <= 0 || moves.size() == 1) {
            return moves.get(0);
        }
        double exponent = 100.0 / Math.min(100, variety);
        double[] odds = new double[moves.size()];
        double total = 0;
        for (int i = 0; i < odds.length; i++) {
            // Relative to the best weight, so that a high exponent cannot overflow to infinity.
            odds[i] = Math.pow((double) moves.get(i).weight() / moves.get(0).weight(), exponent);
            total += odds[i];
        }
        double r = random.nextDouble() * total;
        for (int i = 0; i < odds.length; i++) {
            r -= odds[i];
            if (r < 0) {
                return moves.get(i);
            }
        }
        return moves.get(odds.length - 1);
    }

    private static boolean isAllowed(int move, int[] allowed) {
        if (allowed == null) {
            return true;
        }
        for (int m : allowed) {
            if (m == move) {
                return true;
            }
        }
        return false;
    }

    /** Number of entries stored under {@code key}, legal or not (for tests of the decoding). */
    int rawCount(long key) {
        int count = 0;
        for (int i = firstIndex(key); i < size && keyAt(i) == key; i++) {
            count++;
        }
        return count;
    }

    private long keyAt(int i) {
        return entries.getLong(i * ENTRY_BYTES);
    }

    /** Index of the first entry whose key is not below {@code key} (unsigned order, as the file is sorted). */
    private int firstIndex(long key) {
        int low = 0, high = size;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (Long.compareUnsigned(keyAt(mid), key) < 0) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }
}
