/**
 * Fitting evaluations to data: the NNUE trainer ({@code horizon nnue train}: the float model, its forward and
 * backward pass, AdamW, checkpoints, quantisation to the engine's net file) and its checks. Like the rest of tune,
 * the engine never imports it.
 */
package horizon.tune.fit;
