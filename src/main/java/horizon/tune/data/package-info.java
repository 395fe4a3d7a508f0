/**
 * The first step of the tuning pipeline, data: playing games for training positions (datagen: labelled EPD, with
 * Horizon or Stockfish, or Horizon's self-play as the network's 32-byte training records), converting EPD to records
 * (dataconvert), random walks from records labelled by an evaluation or a search (datawalk), the records' statistics
 * (datastats), relabelling (relabel), and reading game results. It may import board, eval, nnue, io,
 * {@code horizon.plot}, search and the engine, but neither the fit packages ({@code horizon.tune.fit.texel},
 * {@code horizon.tune.fit.nnue}) nor {@code horizon.tune.games}, which stand on it; nothing else but
 * {@code horizon.Main} imports it.
 */
package horizon.tune.data;
