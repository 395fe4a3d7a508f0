/**
 * Polyglot opening books: the key, move encoding, a memory-mapped reader that probes by binary search, and the
 * builder behind {@code book make}. It imports only {@code horizon.board}.
 */
package horizon.book;
