/**
 * The rules of chess: squares, pieces, bitboards and magic attacks, the position with make/unmake and its Zobrist
 * key, the legal move generator, FEN, SAN and UCI move notation, perft and static exchange evaluation. It is the
 * bottom layer and imports no other Horizon package, so every other package can trust it and test against it.
 */
package horizon.board;
