/**
 * The second step of the tuning pipeline, fit, for the network: the NNUE trainer ({@code horizon nnue train} and
 * {@code nnue check}): its training records and plan, the float model with its forward and backward pass, AdamW and
 * the learning-rate schedule, checkpoints, quantisation to the engine's net file, and the checks that the quantised
 * net agrees with the float one. It may import board, eval, nnue, io, {@code horizon.plot}, search, the engine and
 * {@code horizon.tune.data}, but not {@code horizon.tune.fit.texel}, the linear evaluation's tuner beside it. Only
 * {@code horizon.tune.games} and {@code horizon.Main} may import it, so the engine never loads a trainer.
 */
package horizon.tune.fit.nnue;
