package horizon.search;

/** What "go" asked for. Zero or negative means "not given" for every number. */
public final class SearchLimits {
    public int depth;
    public long nodes;
    public long moveTime;
    public long whiteTime = -1, blackTime = -1;
    public long whiteIncrement, blackIncrement;
    public int movesToGo;
    public int mate;
    public boolean infinite;
    public boolean ponder;
    /** Root moves to restrict the search to ("searchmoves"), or null for all. */
    public int[] searchMoves;

    public boolean hasClock(int color) {
        return (color == 0 ? whiteTime : blackTime) >= 0;
    }

    /** Whether the search may end on its own before "stop" (UCI forbids "bestmove" earlier for these). */
    public boolean waitsForStop() {
        return infinite || ponder;
    }
}
