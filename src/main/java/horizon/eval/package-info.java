/**
 * The static evaluation: the weight layout ({@code Term}), the shipped and loadable weights, the traced linear
 * evaluation with its pawn hash and endgame knowledge, and the {@code eval} report. It imports only
 * {@code horizon.board}: the search and the tuner read it, it reads neither.
 */
package horizon.eval;
