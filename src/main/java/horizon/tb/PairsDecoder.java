package horizon.tb;

/**
 * The compressed value stream of one sub-table (one side to move, one leading-pawn file) and the lookup of the
 * value at an index.
 *
 * <p>The generator compresses with recursive pairing: the most frequent adjacent pair of symbols becomes a new
 * symbol, again and again, so one symbol stands for a run of values (its "length", counted here as values - 1).
 * Symbols are then written with a canonical Huffman code, most significant bit first, into blocks of 2^k bytes.
 * Each block starts on a symbol boundary and holds (blockLength + 1) values. To find the block of an index without
 * summing all block lengths, a sparse index stores, for every 2^idxBits-th index (at the middle of each span), its
 * block and offset in it; the decoder steps at most a few blocks from there.
 *
 * <p>Layout of the header this class reads (little-endian):
 *
 * <pre>
 * flags u8          bit 7: the whole sub-table has one value (stored in the next byte; nothing else follows)
 * blockBits u8      log2 of the block size in bytes
 * idxBits u8        log2 of the span between sparse index entries
 * padding u8        block-length entries beyond the real blocks, so the sparse index never points past them
 * blocks u32        real number of blocks
 * maxLen u8, minLen u8   longest and shortest code length in bits
 * lowest u16 x (maxLen - minLen + 1)   first symbol of each code length
 * symbols u16       number of symbols
 * pairs 3 bytes x symbols   12-bit left and right children; right = 0xFFF marks a leaf whose left is the value
 * (one byte of padding when the number of symbols is odd)
 * </pre>
 *
 * The sparse index (6 bytes an entry: block u32, offset u16), the block lengths (u16 each) and the 64-byte aligned
 * data come later in the file; the table parser places them with {@link #place}.
 */
final class PairsDecoder {
    /** What {@link #value} returns when the stored data contradicts itself. */
    static final int CORRUPT = -1;

    private static final int SINGLE_VALUE = 0x80;
    /** No real table has a symbol standing for more values: the format's own prober keeps the length in a byte. */
    private static final int MAX_SYMBOL_LENGTH = 255;
    /** Right child of a leaf. */
    private static final int LEAF = 0xFFF;

    final int flags;
    /** Offset just past this header in the file. */
    final long end;

    private final TableBytes bytes;
    private final int singleValue;
    private final boolean single;
    private final int blockBits;
    private final int idxBits;
    private final long realBlocks;
    private final long blockLengthCount;
    private final long sparseCount;
    private final int minLen;
    /** base[i]: the smallest left-aligned 64-bit code of length minLen + i; unsigned, decreasing in i. */
    private final long[] base;
    private final int[] lowestSymbol;
    private final int[] symbolLength;
    private final int[] left;
    private final int[] right;

    private long sparseOffset;
    private long blockLengthOffset;
    private long dataOffset;

    private PairsDecoder(TableBytes bytes, int flags, long end, int singleValue) {
        this.bytes = bytes;
        this.flags = flags;
        this.end = end;
        this.single = true;
        this.singleValue = singleValue;
        this.blockBits = 0;
        this.idxBits = 0;
        this.realBlocks = 0;
        this.blockLengthCount = 0;
        this.sparseCount = 0;
        this.minLen = 0;
        this.base = null;
        this.lowestSymbol = null;
        this.symbolLength = null;
        this.left = null;
        this.right = null;
    }

    private PairsDecoder(TableBytes bytes, int flags, long end, int blockBits, int idxBits, long realBlocks,
            long blockLengthCount, long sparseCount, int minLen, long[] base, int[] lowestSymbol, int[] symbolLength,
            int[] left, int[] right) {
        this.bytes = bytes;
        this.flags = flags;
        this.end = end;
        this.single = false;
        this.singleValue = 0;
        this.blockBits = blockBits;
        this.idxBits = idxBits;
        this.realBlocks = realBlocks;
        this.blockLengthCount = blockLengthCount;
        this.sparseCount = sparseCount;
        this.minLen = minLen;
        this.base = base;
        this.lowestSymbol = lowestSymbol;
        this.symbolLength = symbolLength;
        this.left = left;
        this.right = right;
    }

    /** Reads the header at pos for a sub-table of tableSize positions; throws on anything inconsistent. */
    static PairsDecoder parse(TableBytes bytes, long pos, long tableSize) throws CorruptTableException {
        need(bytes, pos, 2);
        int flags = bytes.u8(pos);
        if ((flags & SINGLE_VALUE) != 0) {
            return new PairsDecoder(bytes, flags, pos + 2, bytes.u8(pos + 1));
        }
        need(bytes, pos, 10);
        int blockBits = bytes.u8(pos + 1);
        int idxBits = bytes.u8(pos + 2);
        int padding = bytes.u8(pos + 3);
        long realBlocks = bytes.u32(pos + 4);
        int maxLen = bytes.u8(pos + 8);
        int minLen = bytes.u8(pos + 9);
        // Codes are refilled 32 bits at a time, so no code may be longer; offsets within a block are u16 values.
        if (blockBits < 3 || blockBits > 32 || idxBits < 1 || idxBits > 32 || realBlocks == 0
                || minLen < 1 || maxLen < minLen || maxLen > 32) {
            throw new CorruptTableException("bad compression header at offset " + pos);
        }
        int lengths = maxLen - minLen + 1;
        need(bytes, pos + 10, 2L * lengths + 2);
        int[] lowestSymbol = new int[lengths];
        for (int i = 0; i < lengths; i++) {
            lowestSymbol[i] = bytes.u16(pos + 10 + 2L * i);
        }
        int symbols = bytes.u16(pos + 10 + 2L * lengths);
        if (symbols == 0 || symbols > LEAF) {
            throw new CorruptTableException("bad symbol count " + symbols + " at offset " + pos);
        }
        long pairs = pos + 12 + 2L * lengths;
        need(bytes, pairs, 3L * symbols);
        int[] left = new int[symbols];
        int[] right = new int[symbols];
        for (int s = 0; s < symbols; s++) {
            long w = pairs + 3L * s;
            int b0 = bytes.u8(w), b1 = bytes.u8(w + 1), b2 = bytes.u8(w + 2);
            left[s] = ((b1 & 0xF) << 8) | b0;
            right[s] = (b2 << 4) | (b1 >>> 4);
        }
        int[] symbolLength = symbolLengths(left, right, pos);
        long[] base = codeBases(lowestSymbol, minLen, pos);
        long sparseCount = (tableSize + (1L << idxBits) - 1) >>> idxBits;
        long end = pairs + 3L * symbols + (symbols & 1);
        return new PairsDecoder(bytes, flags, end, blockBits, idxBits, realBlocks, realBlocks + padding,
                sparseCount, minLen, base, lowestSymbol, symbolLength, left, right);
    }

    private static void need(TableBytes bytes, long pos, long n) throws CorruptTableException {
        if (pos + n > bytes.length) {
            throw new CorruptTableException("truncated: header needs byte " + (pos + n) + ", file has " + bytes.length);
        }
    }

    /**
     * How many values minus one each symbol stands for, by a depth-first walk that also proves the pairs form no
     * cycle (a cycle in a damaged file would otherwise make a lookup loop forever).
     */
    private static int[] symbolLengths(int[] left, int[] right, long pos) throws CorruptTableException {
        int n = left.length;
        int[] length = new int[n];
        byte[] state = new byte[n]; // 0 unvisited, 1 on the stack, 2 done
        int[] stack = new int[n];
        for (int root = 0; root < n; root++) {
            if (state[root] != 0) {
                continue;
            }
            int top = 0;
            stack[top++] = root;
            state[root] = 1;
            while (top > 0) {
                int s = stack[top - 1];
                if (right[s] == LEAF) {
                    length[s] = 0;
                    state[s] = 2;
                    top--;
                    continue;
                }
                int l = left[s], r = right[s];
                if (l >= n || r >= n) {
                    throw new CorruptTableException("symbol " + s + " has a child out of range at offset " + pos);
                }
                if (state[l] == 1 || state[r] == 1) {
                    throw new CorruptTableException("symbol pairs form a cycle at offset " + pos);
                }
                if (state[l] == 0) {
                    state[l] = 1;
                    stack[top++] = l;
                } else if (state[r] == 0) {
                    state[r] = 1;
                    stack[top++] = r;
                } else {
                    length[s] = length[l] + length[r] + 1;
                    if (length[s] > MAX_SYMBOL_LENGTH) {
                        throw new CorruptTableException("symbol " + s + " too long at offset " + pos);
                    }
                    state[s] = 2;
                    top--;
                }
            }
        }
        return length;
    }

    /**
     * Canonical Huffman decoding table. Longer codes have smaller numeric values; the codes of one length are
     * consecutive numbers, and there are lowest[i] - lowest[i + 1] codes of length minLen + i + 1. So the first
     * code of each length follows from the next longer one, and left-aligned in 64 bits the bases decrease: a
     * code's length is the first i whose base is not above the next 64 bits of the stream.
     */
    private static long[] codeBases(int[] lowest, int minLen, long pos) throws CorruptTableException {
        int n = lowest.length;
        long[] base = new long[n];
        for (int i = n - 2; i >= 0; i--) {
            base[i] = (base[i + 1] + lowest[i] - lowest[i + 1]) / 2;
            if (base[i] < 0 || base[i] * 2 < base[i + 1]) {
                throw new CorruptTableException("inconsistent code lengths at offset " + pos);
            }
        }
        for (int i = 0; i < n; i++) {
            int codeLength = minLen + i;
            if (base[i] >= 1L << codeLength) {
                throw new CorruptTableException("inconsistent code lengths at offset " + pos);
            }
            base[i] <<= 64 - codeLength;
        }
        return base;
    }

    boolean singleValue() {
        return single;
    }

    long sparseIndexBytes() {
        return 6 * sparseCount;
    }

    long blockLengthBytes() {
        return 2 * blockLengthCount;
    }

    long dataBytes() {
        return realBlocks << blockBits;
    }

    /** Where the sparse index, the block lengths and the blocks of this sub-table start in the file. */
    void place(long sparseOffset, long blockLengthOffset, long dataOffset) {
        this.sparseOffset = sparseOffset;
        this.blockLengthOffset = blockLengthOffset;
        this.dataOffset = dataOffset;
    }

    /** The value stored at index (0..4095), or {@link #CORRUPT}. Reads only; safe from any thread. */
    int value(long index) {
        if (single) {
            return singleValue;
        }
        // Step 1. The sparse entry of the index's span gives a block and the offset of the span's middle in it.
        long entry = index >>> idxBits;
        if (index < 0 || entry >= sparseCount) {
            return CORRUPT;
        }
        long entryPos = sparseOffset + 6 * entry;
        long block = bytes.u32(entryPos);
        if (block >= blockLengthCount) {
            return CORRUPT;
        }
        long offset = bytes.u16(entryPos + 4) + (index & ((1L << idxBits) - 1)) - (1L << (idxBits - 1));

        // Step 2. Walk to the block that holds the index.
        while (offset < 0) {
            if (--block < 0) {
                return CORRUPT;
            }
            offset += blockLength(block) + 1;
        }
        while (block < blockLengthCount && offset > blockLength(block)) {
            offset -= blockLength(block++) + 1;
        }
        if (block >= realBlocks) {
            return CORRUPT;
        }

        // Step 3. Decode symbols from the start of the block until the one that covers the offset.
        long ptr = dataOffset + (block << blockBits);
        long code = bytes.u64BigEndian(ptr);
        ptr += 8;
        int bitsLeft = 64;
        int symbol;
        while (true) {
            int i = 0;
            while (Long.compareUnsigned(code, base[i]) < 0) {
                i++;
            }
            int codeLength = minLen + i;
            symbol = lowestSymbol[i] + (int) ((code - base[i]) >>> (64 - codeLength));
            if (symbol >= symbolLength.length) {
                return CORRUPT;
            }
            // Each pass lowers offset by at least one, so a damaged stream cannot make this loop run for ever.
            if (offset <= symbolLength[symbol]) {
                break;
            }
            offset -= symbolLength[symbol] + 1;
            code <<= codeLength;
            bitsLeft -= codeLength;
            if (bitsLeft <= 32) {
                bitsLeft += 32;
                code |= bytes.u32BigEndian(ptr) << (64 - bitsLeft);
                ptr += 4;
            }
        }

        // Step 4. Descend the pairs to the single value at the offset (a child always covers fewer values).
        while (symbolLength[symbol] != 0) {
            int l = left[symbol];
            if (offset <= symbolLength[l]) {
                symbol = l;
            } else {
                offset -= symbolLength[l] + 1;
                symbol = right[symbol];
            }
        }
        return left[symbol];
    }

    private int blockLength(long block) {
        return bytes.u16(blockLengthOffset + 2 * block);
    }
}
