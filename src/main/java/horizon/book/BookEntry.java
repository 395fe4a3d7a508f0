package horizon.book;

/** One book move of a position: the engine's move, the entry's weight (0-65535) and its learn field. */
public record BookEntry(int move, int weight, long learn) {
}
