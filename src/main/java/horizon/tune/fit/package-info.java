/**
 * The second step of the tuning pipeline, fit: fitting evaluations to training data. The Texel tuner (its training
 * set and feature trace, the tune and plot commands, the pictures of a fit) and the NNUE trainer ({@code horizon
 * nnue train}: the float model, its forward and backward pass, AdamW, checkpoints, quantisation to the engine's net
 * file, and its checks). It may import board, eval, nnue, io, search, the engine and {@code horizon.tune.data};
 * only {@code horizon.tune.games} and {@code horizon.Main} import it, so the engine never loads a trainer.
 */
package horizon.tune.fit;
