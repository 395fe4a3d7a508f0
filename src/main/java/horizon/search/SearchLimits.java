package horizon.search;

/** What "go" asked for. Zero or negative means "not given" for every number. */
public final class SearchLimits {
    public int depth;
    /** Hard node limit: the search stops at once when it is reached ("go nodes"). */
    public long nodes;
    /**
     * Soft node limit: no new iteration starts once this many nodes are searched, but the current one finishes
     * (bounded by {@link #nodes}). Self-play data generation uses it, as most engines' datagen does, so that every
     * move's score comes from a completed iteration; UCI never sets it.
     */
    public long softNodes;
    public long moveTime;
    public long whiteTime = -1, blackTime = -1;
    public long whiteIncrement, blackIncrement;
    public int movesToGo;
    public int mate;
    public boolean infinite;
    public boolean ponder;
    /** Root moves to restrict the search to ("searchmoves"), or null for all. */
    public int[] searchMoves;

    /** A copy the engine may adjust (node budget, root moves) without touching the caller's limits. */
    public SearchLimits copy() {
        SearchLimits c = new SearchLimits();
        c.depth = depth;
        c.nodes = nodes;
        c.softNodes = softNodes;
        c.moveTime = moveTime;
        c.whiteTime = whiteTime;
        c.blackTime = blackTime;
        c.whiteIncrement = whiteIncrement;
        c.blackIncrement = blackIncrement;
        c.movesToGo = movesToGo;
        c.mate = mate;
        c.infinite = infinite;
        c.ponder = ponder;
        c.searchMoves = searchMoves == null ? null : searchMoves.clone();
        return c;
    }

    public boolean hasClock(int color) {
        return (color == 0 ? whiteTime : blackTime) >= 0;
    }

    /** Whether the search may end on its own before "stop" (UCI forbids "bestmove" earlier for these). */
    public boolean waitsForStop() {
        return infinite || ponder;
    }
}
