/**
 * The first step of the tuning pipeline, data: playing games for training positions (datagen, with Horizon or
 * Stockfish), converting and relabelling them (relabel), and reading game results. It may import board, eval, nnue,
 * io, search and the engine, but neither {@code horizon.tune.fit} nor {@code horizon.tune.games}, which stand on it;
 * nothing else but {@code horizon.Main} imports it.
 */
package horizon.tune.data;
