/**
 * The search: iterative deepening, alpha-beta with its pruning and extensions, move ordering, the transposition
 * table, time management, MultiPV, tablebase root ranking and weakened play. It evaluates with the linear
 * evaluation or, when one is set, the network, whose accumulators it keeps up to date as it makes and unmakes
 * moves. It may import {@code horizon.board}, {@code horizon.eval}, {@code horizon.nnue} and {@code horizon.tb},
 * never the engine, a protocol or a tool: it reports through {@code SearchListener}.
 */
package horizon.search;
