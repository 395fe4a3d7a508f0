/**
 * Making evaluation weights: self-play and Stockfish data generation, the Texel tuner, its training set and
 * feature trace, and plots. It may import board, eval, io, search and the engine; the engine never imports it,
 * so a playing engine loads none of it.
 */
package horizon.tune;
