/**
 * The second step of the tuning pipeline, fit, for the linear evaluation: the Texel tuner ({@code horizon tune}),
 * its training set of labelled positions and their feature traces, and the pictures of a fit ({@code horizon plot}:
 * weights and loss curve). It may import board, eval, nnue, io, {@code horizon.plot}, search, the engine and
 * {@code horizon.tune.data}, but not {@code horizon.tune.fit.nnue}, the network trainer beside it: the two fit
 * different evaluations and share nothing. Only {@code horizon.tune.games} and {@code horizon.Main} may import it,
 * so the engine never loads a tuner.
 */
package horizon.tune.fit.texel;
