package horizon.tb;

/**
 * A parsed .rtbw or .rtbz file: the mapped bytes and a {@link SubTable} per side to move and leading-pawn file.
 *
 * <p>Layout (offsets from the start of the file; "align n" pads to a multiple of n):
 *
 * <pre>
 * magic u32 LE        0x5d23e871 (WDL) or 0xa50c66d7 (DTZ)
 * flags u8            bit 0: two sides stored (WDL of a material that is not symmetric); bit 1: pawns
 * per file (a-d with pawns, else one):
 *   order u8          low nibble side 0, high nibble side 1 (DTZ: one side, the low nibble)
 *   [order2 u8]       only when both sides have pawns: the digit of the other colour's pawns
 *   pieces u8 x n     piece codes, low nibble side 0, high nibble side 1
 * align 2
 * per file, per side: compression header ({@link PairsDecoder})
 * DTZ only, per file whose flags say "mapped": four maps (by WDL) of u8, or of u16 after align 2 when "wide",
 *   each a count followed by the values; then align 2
 * per file, per side: sparse index; then per file, per side: block lengths;
 * per file, per side: align 64, the blocks
 * padding to a multiple of 64, then optionally a 16-byte checksum
 * </pre>
 */
final class TableFile {
    static final long WDL_MAGIC = 0x5d23e871L;
    static final long DTZ_MAGIC = 0xa50c66d7L;
    /** Magic numbers of the antichess and atomic variants' tables, named when met in a standard-chess folder. */
    static final long GIVEAWAY_WDL_MAGIC = 0x21bc55bcL, GIVEAWAY_DTZ_MAGIC = 0x501bf5d6L;
    static final long SUICIDE_WDL_MAGIC = 0x1593f67bL, SUICIDE_DTZ_MAGIC = 0x23e7cfe4L;

    private static final int SPLIT = 1, HAS_PAWNS = 2;

    final TableBytes bytes;
    /** [side][file]; side 0 = the table's first side (white in its name) to move. DTZ files have one side. */
    final SubTable[][] sub;

    private TableFile(TableBytes bytes, SubTable[][] sub) {
        this.bytes = bytes;
        this.sub = sub;
    }

    /** What is wrong with a magic number, or null if it is the one expected. */
    static String checkMagic(long magic, boolean dtz) {
        long expected = dtz ? DTZ_MAGIC : WDL_MAGIC;
        if (magic == expected) {
            return null;
        }
        if (magic == (dtz ? WDL_MAGIC : DTZ_MAGIC)) {
            return "holds a " + (dtz ? "WDL" : "DTZ") + " table (magic number of the other kind)";
        }
        if (magic == GIVEAWAY_WDL_MAGIC || magic == GIVEAWAY_DTZ_MAGIC || magic == SUICIDE_WDL_MAGIC
                || magic == SUICIDE_DTZ_MAGIC) {
            return "is a table of the antichess/suicide variant, not of standard chess";
        }
        return String.format("wrong magic number 0x%08x (expected 0x%08x): not a Syzygy %s table", magic, expected,
                dtz ? "DTZ" : "WDL");
    }

    static TableFile parse(TableBytes bytes, SyzygyTable table, boolean dtz) throws CorruptTableException {
        if (bytes.length < 6) {
            throw new CorruptTableException("truncated: " + bytes.length + " bytes");
        }
        String magicProblem = checkMagic(bytes.u32(0), dtz);
        if (magicProblem != null) {
            throw new CorruptTableException(magicProblem);
        }
        int flags = bytes.u8(4);
        boolean hasPawns = (flags & HAS_PAWNS) != 0;
        if (hasPawns != table.hasPawns) {
            throw new CorruptTableException("the file says " + (hasPawns ? "pawns" : "no pawns") + " but "
                    + table.name + " has " + (table.hasPawns ? "some" : "none"));
        }
        int sides = 1;
        if (!dtz) {
            boolean split = (flags & SPLIT) != 0;
            if (split == table.symmetric) {
                throw new CorruptTableException("the file stores " + (split ? "two sides" : "one side")
                        + ", wrong for " + table.name);
            }
            sides = split ? 2 : 1;
        }
        int files = hasPawns ? 4 : 1;
        int n = table.pieceCount;
        boolean bothPawns = hasPawns && table.otherPawns > 0;
        SubTable[][] sub = new SubTable[sides][files];

        long pos = 5;
        for (int f = 0; f < files; f++) {
            need(bytes, pos, 1 + (bothPawns ? 1 : 0) + n);
            int orderByte = bytes.u8(pos);
            int order2Byte = bothPawns ? bytes.u8(pos + 1) : 0xFF;
            pos += bothPawns ? 2 : 1;
            for (int side = 0; side < sides; side++) {
                int shift = side * 4;
                int[] pieces = new int[n];
                for (int i = 0; i < n; i++) {
                    pieces[i] = (bytes.u8(pos + i) >>> shift) & 0xF;
                }
                sub[side][f] = SubTable.layout(table, pieces, (orderByte >>> shift) & 0xF,
                        (order2Byte >>> shift) & 0xF, f);
            }
            pos += n;
        }
        pos += pos & 1;

        for (int f = 0; f < files; f++) {
            for (int side = 0; side < sides; side++) {
                PairsDecoder decoder = PairsDecoder.parse(bytes, pos, sub[side][f].size);
                sub[side][f].decoder = decoder;
                sub[side][f].dtzFlags = decoder.flags;
                pos = decoder.end;
            }
        }

        if (dtz) {
            for (int f = 0; f < files; f++) {
                SubTable s = sub[0][f];
                if ((s.dtzFlags & SubTable.DTZ_MAPPED) == 0) {
                    continue;
                }
                boolean wide = (s.dtzFlags & SubTable.DTZ_WIDE) != 0;
                if (wide) {
                    pos += pos & 1;
                }
                s.dtzMap = new int[4][];
                for (int m = 0; m < 4; m++) {
                    need(bytes, pos, wide ? 2 : 1);
                    int count = wide ? bytes.u16(pos) : bytes.u8(pos);
                    pos += wide ? 2 : 1;
                    need(bytes, pos, (long) count * (wide ? 2 : 1));
                    int[] map = new int[count];
                    for (int i = 0; i < count; i++) {
                        map[i] = wide ? bytes.u16(pos + 2L * i) : bytes.u8(pos + i);
                    }
                    s.dtzMap[m] = map;
                    pos += (long) count * (wide ? 2 : 1);
                }
            }
            pos += pos & 1;
        }

        // Index, block lengths and blocks follow in three passes; single-value sub-tables have none of them
        // (but still align), so the file must reach the end of the last real block, not of the last alignment.
        long[][] sparse = new long[sides][files];
        long[][] lengths = new long[sides][files];
        long needed = pos;
        for (int f = 0; f < files; f++) {
            for (int side = 0; side < sides; side++) {
                sparse[side][f] = pos;
                pos += sub[side][f].decoder.sparseIndexBytes();
            }
        }
        for (int f = 0; f < files; f++) {
            for (int side = 0; side < sides; side++) {
                lengths[side][f] = pos;
                pos += sub[side][f].decoder.blockLengthBytes();
            }
        }
        needed = Math.max(needed, pos);
        for (int f = 0; f < files; f++) {
            for (int side = 0; side < sides; side++) {
                pos = (pos + 63) & ~63L;
                PairsDecoder decoder = sub[side][f].decoder;
                decoder.place(sparse[side][f], lengths[side][f], pos);
                pos += decoder.dataBytes();
                if (decoder.dataBytes() > 0) {
                    needed = Math.max(needed, pos);
                }
            }
        }
        // The generator pads a file to a multiple of 64 bytes and may append a 16-byte checksum (which its
        // tbcheck verifies; not checked here): any other size, or blocks ending before the last 64 bytes of
        // padding, means a file cut short or grown.
        long body = bytes.length - (bytes.length % 64 == 16 ? 16 : 0);
        if (body % 64 != 0) {
            throw new CorruptTableException("truncated or padded: " + bytes.length
                    + " bytes is neither a multiple of 64 nor that plus a 16-byte checksum");
        }
        if (needed > body || body - needed >= 64) {
            throw new CorruptTableException("truncated or padded: the tables end at byte " + needed + ", the file at "
                    + bytes.length);
        }
        return new TableFile(bytes, sub);
    }

    private static void need(TableBytes bytes, long pos, long n) throws CorruptTableException {
        if (pos + n > bytes.length) {
            throw new CorruptTableException("truncated: header needs byte " + (pos + n) + ", file has " + bytes.length);
        }
    }
}
