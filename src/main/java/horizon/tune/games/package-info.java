/**
 * The last step of the tuning pipeline, games: measuring by playing. SPSA over the search's tunables (with its
 * checkpoint, parameters, plots and the params and spsa commands), the {@code UCI_Elo} calibration and its Elo fit,
 * and the runners that play the games (fastchess). It may import board, eval, nnue, io, {@code horizon.plot},
 * search, the engine, {@code horizon.tune.data} and both fit packages ({@code horizon.tune.fit.texel} and
 * {@code horizon.tune.fit.nnue}); nothing but {@code horizon.Main} imports it.
 */
package horizon.tune.games;
