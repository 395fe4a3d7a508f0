/**
 * The search: iterative deepening, alpha-beta with its pruning and extensions, move ordering, the transposition
 * table, time management, MultiPV, tablebase root ranking and weakened play. It may import {@code horizon.board},
 * {@code horizon.eval} and {@code horizon.tb}, never the engine, a protocol or a tool: it reports through
 * {@code SearchListener}.
 */
package horizon.search;
