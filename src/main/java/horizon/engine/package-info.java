/**
 * The engine API every front end uses: {@code Engine} (position, settings, go/stop/ponderhit on a search thread,
 * Lazy SMP, book moves, perft, bench, which evaluation plays: the linear one or a network, EvalFile and UseNNUE)
 * with typed results ({@code SearchInfo}, {@code Bound}, {@code SearchResult}), the one written form of scores
 * ({@code SearchScore}) and the version. It may import board, eval, nnue, book, tb and search; no protocol text is
 * made here, and it never imports uci, tools or tune.
 */
package horizon.engine;
