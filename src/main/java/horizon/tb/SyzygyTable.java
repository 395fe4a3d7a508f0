package horizon.tb;

import horizon.board.Piece;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The tables of one material (say KQvKR): what its name implies about the encoding, and its WDL and DTZ files,
 * each mapped and parsed on the first probe that needs it. Loading happens once under this object's lock; the
 * loaded {@link TableFile} is immutable and published through a volatile field, so probing threads read it
 * without locking.
 */
final class SyzygyTable {
    private static final Object NOT_USABLE = new Object();

    final String name;
    /** Material with the first side of the name as white. */
    final int key;
    final int pieceCount;
    final boolean hasPawns;
    /** Both sides have the same pieces: one side to move is stored, black to move is probed as white. */
    final boolean symmetric;
    /** No piece but the kings is alone of its kind: the kings lead the index instead of three unique pieces. */
    final boolean kingsTogether;
    /** Pawns of the leading colour (the side with fewer pawns, white if equal, among sides that have some). */
    final int leadingPawns;
    final int otherPawns;

    private final SyzygyTables owner;
    private Path wdlPath;
    private Path dtzPath;
    /** null until the first probe; then the loaded TableFile, or NOT_USABLE so that it is tried only once. */
    private volatile Object wdl;
    private volatile Object dtz;

    SyzygyTable(String name, int key, SyzygyTables owner) {
        this.name = name;
        this.key = key;
        this.owner = owner;
        pieceCount = Material.pieceCount(key);
        symmetric = key == Material.mirror(key);
        int whitePawns = Material.count(key, Piece.WHITE, Piece.PAWN);
        int blackPawns = Material.count(key, Piece.BLACK, Piece.PAWN);
        hasPawns = whitePawns + blackPawns > 0;
        boolean whiteLeads = blackPawns == 0 || whitePawns > 0 && blackPawns >= whitePawns;
        leadingPawns = whiteLeads ? whitePawns : blackPawns;
        otherPawns = whiteLeads ? blackPawns : whitePawns;
        boolean unique = false;
        for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
            for (int type = Piece.PAWN; type <= Piece.QUEEN; type++) {
                unique |= Material.count(key, color, type) == 1;
            }
        }
        kingsTogether = !unique;
    }

    void setPath(boolean isDtz, Path path) {
        if (isDtz) {
            dtzPath = path;
        } else {
            wdlPath = path;
        }
    }

    boolean hasFile(boolean isDtz) {
        return (isDtz ? dtzPath : wdlPath) != null;
    }

    /** The WDL file, loading it on first use; null if it is missing or unusable. */
    TableFile wdl() {
        Object f = wdl;
        return f instanceof TableFile t ? t : f == null ? load(false) : null;
    }

    /** The DTZ file, loading it on first use; null if it is missing or unusable. */
    TableFile dtz() {
        Object f = dtz;
        return f instanceof TableFile t ? t : f == null ? load(true) : null;
    }

    private synchronized TableFile load(boolean isDtz) {
        Object loaded = isDtz ? dtz : wdl;
        if (loaded != null) {
            return loaded instanceof TableFile t ? t : null; // another thread got here first
        }
        Path path = isDtz ? dtzPath : wdlPath;
        Object result = NOT_USABLE;
        if (path != null) {
            try {
                result = TableFile.parse(TableBytes.map(path), this, isDtz);
            } catch (CorruptTableException | IOException | RuntimeException e) {
                owner.report(path + ": " + (e instanceof CorruptTableException ? "" : "cannot read: ") + e.getMessage());
            }
        }
        if (isDtz) {
            dtz = result;
        } else {
            wdl = result;
        }
        return result instanceof TableFile t ? t : null;
    }
}
