/**
 * The neural evaluation's inference: the quantised network, its file format, and the accumulators the search
 * keeps up to date move by move. It imports only board; search, engine and the tools import it, and the trainer
 * ({@code horizon.tune.fit.nnue}) writes the files it reads.
 */
package horizon.nnue;
