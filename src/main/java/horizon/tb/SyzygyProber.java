package horizon.tb;

import static horizon.tb.SyzygyTables.FAILED;

import horizon.board.Move;
import horizon.board.MoveGenerator;
import horizon.board.Piece;
import horizon.board.Position;

/**
 * Probes {@link SyzygyTables} for one thread. It holds every scratch array a probe needs (move lists for the
 * small searches below, the squares of the index), so a probe allocates nothing; make one per search thread and
 * never share it between threads.
 *
 * <p>The tables store the value of each position as if no capture were possible, because a capture leads to
 * another (smaller) table: where the best move is a capture the stored value may be anything no better than the
 * truth, chosen to compress well. They also ignore en-passant rights. So a WDL probe first searches captures
 * (en passant included) down to the smaller tables, and the answer is the best of those and the stored value.
 * A DTZ probe also has to notice when the best move zeroes the counter (a capture or a pawn move: DTZ 1), and
 * when the DTZ file stores only the other side to move, search one ply.
 *
 * <p>The position is changed by make/unmake during a probe and restored before it returns (also when a probe
 * fails). The semantics follow the format's reference probing code (Stockfish's and Fathom's
 * {@code probe_wdl}/{@code probe_dtz}).
 */
public final class SyzygyProber {
    /** Plies of make/unmake a probe may go: captures shrink the material, so 7 pieces need fewer than 12. */
    private static final int MAX_PLY = 16;
    /** Internal result: the DTZ file stores the other side to move. */
    private static final int OTHER_SIDE = Integer.MIN_VALUE + 1;
    /** WDL + 2 -> the DTZ of a position whose best move zeroes the counter (fathom's and Stockfish's table). */
    private static final int[] ZEROING_DTZ = {-1, -101, 0, 101, 1};
    /** WDL + 2 -> which of the four DTZ maps a mapped table uses. */
    private static final int[] DTZ_MAP_OF_WDL = {1, 3, 0, 2, 0};

    private final SyzygyTables tables;
    private final int[][] moveLists = new int[MAX_PLY + 1][MoveGenerator.MAX_MOVES];
    private final int[] made = new int[MAX_PLY + 1];
    private final int[] squares = new int[SyzygyTables.MAX_PIECES];
    private int ply;
    /**
     * Set by {@link #wdl}: the value comes from a capture that is the best move (or from en passant, which the
     * tables do not know), so the DTZ tables must not be asked (fathom's "success == 2").
     */
    private boolean zeroingBest;

    SyzygyProber(SyzygyTables tables) {
        this.tables = tables;
    }

    /**
     * Win/draw/loss for the side to move: {@link SyzygyTables#LOSS} .. {@link SyzygyTables#WIN}, or
     * {@link SyzygyTables#FAILED} (castling rights, too many pieces, a table missing or damaged).
     */
    public int probeWdl(Position pos) {
        if (!probeable(pos)) {
            return FAILED;
        }
        ply = 0;
        try {
            return wdl(pos);
        } catch (RuntimeException | InternalError e) {
            // A file damaged or truncated after it was mapped; restore the position the caller owns.
            unwind(pos);
            return FAILED;
        }
    }

    /** Distance to zeroing as {@link SyzygyTables} describes it, or {@link SyzygyTables#FAILED}. */
    public int probeDtz(Position pos) {
        if (!probeable(pos)) {
            return FAILED;
        }
        ply = 0;
        try {
            return dtz(pos);
        } catch (RuntimeException | InternalError e) {
            unwind(pos);
            return FAILED;
        }
    }

    private boolean probeable(Position pos) {
        return pos.castlingRights() == 0 && Long.bitCount(pos.occupied()) <= tables.maxPieces();
    }

    private void make(Position pos, int move) {
        made[ply++] = move;
        pos.makeMove(move);
    }

    private void unmake(Position pos) {
        pos.unmakeMove(made[--ply]);
    }

    private void unwind(Position pos) {
        while (ply > 0) {
            unmake(pos);
        }
    }

    /**
     * WDL with capture resolution (fathom's probe_wdl): the best capture against the stored value. En-passant
     * captures count apart, since the stored value is that of the position without en-passant rights: if the
     * capture is better it decides; if the position without it would be stalemate, it is the only move.
     */
    private int wdl(Position pos) {
        zeroingBest = false;
        if (ply >= MAX_PLY) {
            return FAILED;
        }
        int[] moves = moveLists[ply];
        int n = MoveGenerator.generate(pos, moves, 0, MoveGenerator.NOISY);
        int bestCapture = -3, bestEnPassant = -3;
        for (int i = 0; i < n; i++) {
            int move = moves[i];
            if (!Move.isCapture(move)) {
                continue;
            }
            make(pos, move);
            int v = alphaBeta(pos, -2, -bestCapture);
            unmake(pos);
            if (v == FAILED) {
                return FAILED;
            }
            v = -v;
            if (v > bestCapture) {
                if (v == SyzygyTables.WIN) {
                    zeroingBest = true;
                    return v;
                }
                if (Move.kind(move) != Move.EN_PASSANT) {
                    bestCapture = v;
                } else if (v > bestEnPassant) {
                    bestEnPassant = v;
                }
            }
        }
        int v = tableWdl(pos);
        if (v == FAILED) {
            return FAILED;
        }
        if (bestEnPassant > bestCapture) {
            if (bestEnPassant > v) {
                zeroingBest = true;
                return bestEnPassant;
            }
            bestCapture = bestEnPassant;
        }
        if (bestCapture >= v) {
            zeroingBest = bestCapture > SyzygyTables.DRAW;
            return bestCapture;
        }
        // Stored draw, an en-passant capture, and nothing else legal: the draw was the stalemate of the position
        // without en-passant rights; with them the capture is forced.
        if (bestEnPassant > -3 && v == SyzygyTables.DRAW && !pos.inCheck()) {
            int all = MoveGenerator.generateAll(pos, moves);
            boolean other = false;
            for (int i = 0; i < all && !other; i++) {
                other = Move.kind(moves[i]) != Move.EN_PASSANT;
            }
            if (!other) {
                zeroingBest = true;
                return bestEnPassant;
            }
        }
        return v;
    }

    /** Capture search below the root (never en passant: a capture leaves no en-passant square). */
    private int alphaBeta(Position pos, int alpha, int beta) {
        if (ply >= MAX_PLY) {
            return FAILED;
        }
        int[] moves = moveLists[ply];
        int n = MoveGenerator.generate(pos, moves, 0, MoveGenerator.NOISY);
        for (int i = 0; i < n; i++) {
            int move = moves[i];
            if (!Move.isCapture(move)) {
                continue;
            }
            make(pos, move);
            int v = alphaBeta(pos, -beta, -alpha);
            unmake(pos);
            if (v == FAILED) {
                return FAILED;
            }
            v = -v;
            if (v > alpha) {
                if (v >= beta) {
                    return v;
                }
                alpha = v;
            }
        }
        int v = tableWdl(pos);
        if (v == FAILED) {
            return FAILED;
        }
        return Math.max(alpha, v);
    }

    /** DTZ (fathom's probe_dtz): zeroing moves first, then the DTZ file, or one ply when it stores the other side. */
    private int dtz(Position pos) {
        int wdl = wdl(pos);
        if (wdl == FAILED) {
            return FAILED;
        }
        if (wdl == SyzygyTables.DRAW) {
            return 0;
        }
        if (zeroingBest) {
            return ZEROING_DTZ[wdl + 2];
        }
        int[] moves = moveLists[ply];
        int n = 0;
        if (wdl > 0) {
            // A pawn move that keeps the win zeroes the counter at once.
            n = MoveGenerator.generateAll(pos, moves);
            for (int i = 0; i < n; i++) {
                int move = moves[i];
                if (Move.isCapture(move) || Piece.type(pos.pieceAt(Move.from(move))) != Piece.PAWN) {
                    continue;
                }
                make(pos, move);
                int v = wdl(pos);
                unmake(pos);
                if (v == FAILED) {
                    return FAILED;
                }
                if (-v == wdl) {
                    return ZEROING_DTZ[wdl + 2];
                }
            }
        }
        // The best move is not en passant here, so the stored value of the position without en-passant rights
        // is the one wanted.
        int stored = tableDtz(pos, wdl);
        if (stored == FAILED) {
            return FAILED;
        }
        if (stored != OTHER_SIDE) {
            return ZEROING_DTZ[wdl + 2] + (wdl > 0 ? stored : -stored);
        }

        // One ply: the DTZ of the best non-zeroing move, plus one. Zeroing moves were taken care of above for a
        // win; for a loss the worst they can do is the start value (a losing capture or pawn move, or mate).
        int best;
        if (wdl > 0) {
            best = Integer.MAX_VALUE;
        } else {
            best = ZEROING_DTZ[wdl + 2];
            n = MoveGenerator.generateAll(pos, moves);
        }
        for (int i = 0; i < n; i++) {
            int move = moves[i];
            if (Move.isCapture(move) || Piece.type(pos.pieceAt(Move.from(move))) == Piece.PAWN) {
                continue;
            }
            make(pos, move);
            int v = dtz(pos);
            boolean mated = v == -1 && pos.inCheck() && MoveGenerator.generateAll(pos, moveLists[ply]) == 0;
            unmake(pos);
            if (v == FAILED) {
                return FAILED;
            }
            v = -v;
            if (mated) {
                best = 1;
            } else if (wdl > 0) {
                if (v > 0 && v + 1 < best) {
                    best = v + 1;
                }
            } else if (v - 1 < best) {
                best = v - 1;
            }
        }
        return best == Integer.MAX_VALUE ? FAILED : best;
    }

    // ---------------------------------------------------------------- table access

    /** The stored WDL of the position (ignoring captures and en passant), or FAILED. */
    private int tableWdl(Position pos) {
        int key = Material.of(pos);
        if (key == 0) {
            return SyzygyTables.DRAW; // bare kings: no file
        }
        SyzygyTable table = tables.find(key);
        TableFile file = table == null ? null : table.wdl();
        if (file == null) {
            return FAILED;
        }
        boolean flip = flip(pos, table, key);
        int side = table.symmetric || (flip ^ pos.sideToMove() == Piece.WHITE) ? 0 : 1;
        int lead = table.hasPawns ? fillLeadingPawns(pos, table, file, flip) : 0;
        SubTable sub = file.sub[side][lead >>> 8];
        long index = index(pos, table, sub, flip, lead & 0xFF);
        if (index < 0) {
            return FAILED;
        }
        int v = sub.decoder.value(index);
        return v < 0 || v > 4 ? FAILED : v - 2;
    }

    /** The stored DTZ (plies or moves per the flags, made plies), OTHER_SIDE when the file stores the other side. */
    private int tableDtz(Position pos, int wdl) {
        int key = Material.of(pos);
        SyzygyTable table = tables.find(key);
        TableFile file = table == null ? null : table.dtz();
        if (file == null) {
            return FAILED;
        }
        boolean flip = flip(pos, table, key);
        int side = table.symmetric || (flip ^ pos.sideToMove() == Piece.WHITE) ? 0 : 1;
        int lead = table.hasPawns ? fillLeadingPawns(pos, table, file, flip) : 0;
        SubTable sub = file.sub[0][lead >>> 8];
        if (!table.symmetric && (sub.dtzFlags & SubTable.DTZ_BLACK_TO_MOVE) != side) {
            return OTHER_SIDE;
        }
        long index = index(pos, table, sub, flip, lead & 0xFF);
        if (index < 0) {
            return FAILED;
        }
        int v = sub.decoder.value(index);
        if (v < 0) {
            return FAILED;
        }
        int flags = sub.dtzFlags;
        if ((flags & SubTable.DTZ_MAPPED) != 0) {
            int[] map = sub.dtzMap[DTZ_MAP_OF_WDL[wdl + 2]];
            if (v >= map.length) {
                return FAILED;
            }
            v = map[v];
        }
        // Distances in moves (all but wins and losses whose flag says plies) become plies.
        boolean plies = wdl == SyzygyTables.WIN && (flags & SubTable.DTZ_WIN_PLIES) != 0
                || wdl == SyzygyTables.LOSS && (flags & SubTable.DTZ_LOSS_PLIES) != 0;
        return plies ? v : 2 * v;
    }

    /**
     * Whether to read the position with colours exchanged: when its material is the table's with black as the
     * named first side, and for a symmetric material whenever black is to move (only white to move is stored).
     */
    private static boolean flip(Position pos, SyzygyTable table, int key) {
        return table.symmetric ? pos.sideToMove() == Piece.BLACK : key != table.key;
    }

    /**
     * Puts the leading pawns into squares[0..], the leading one (lowest FLAP: nearest the edge, then nearest its
     * own back rank) first. Returns (file a-d of the leading pawn) << 8 | number of leading pawns.
     */
    private int fillLeadingPawns(Position pos, SyzygyTable table, TableFile file, boolean flip) {
        int leadCode = file.sub[0][0].pieces[0];
        int color = Piece.color(leadCode) ^ (flip ? 1 : 0);
        int mirror = flip ? 56 : 0;
        int count = 0;
        for (long b = pos.pieces(color, Piece.PAWN); b != 0; b &= b - 1) {
            int sq = Long.numberOfTrailingZeros(b) ^ mirror;
            if (count > 0 && TableIndexer.FLAP[sq] < TableIndexer.FLAP[squares[0]]) {
                squares[count++] = squares[0];
                squares[0] = sq;
            } else {
                squares[count++] = sq;
            }
        }
        return TableIndexer.edgeFile(squares[0]) << 8 | count;
    }

    /** Fills the rest of squares in the sub-table's piece order and computes the index (-1 if none). */
    private long index(Position pos, SyzygyTable table, SubTable sub, boolean flip, int filled) {
        int n = table.pieceCount;
        int colorFlip = flip ? 1 : 0;
        // Pawnless tables are symmetric under the rank mirror anyway, so only pawns need it when colours swap.
        int mirror = flip && table.hasPawns ? 56 : 0;
        int i = filled;
        while (i < n) {
            int code = sub.pieces[i];
            long b = pos.pieces(Piece.color(code) ^ colorFlip, Piece.type(code));
            if (b == 0) {
                return -1;
            }
            for (; b != 0 && i < n; b &= b - 1) {
                squares[i++] = Long.numberOfTrailingZeros(b) ^ mirror;
            }
        }
        return table.hasPawns
                ? TableIndexer.encodePawns(squares, n, sub, table.leadingPawns, table.otherPawns)
                : TableIndexer.encodePieces(squares, n, sub, table.kingsTogether);
    }
}
