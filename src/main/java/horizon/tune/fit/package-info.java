/**
 * The second step of the tuning pipeline, fit: fitting evaluation weights to training data. The Texel tuner, its
 * training set and feature trace, the tune and plot commands and the pictures of a fit (a network trainer is to join
 * them). It may import board, eval, nnue, io, search, the engine and {@code horizon.tune.data}; only
 * {@code horizon.tune.games} and {@code horizon.Main} import it, so the engine never loads the tuner.
 */
package horizon.tune.fit;
