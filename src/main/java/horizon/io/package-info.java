/**
 * File formats and external processes the tools share: EPD records and files, PGN games, a driver for other UCI
 * engines (Stockfish as an oracle), progress bars. It imports only {@code horizon.board}; the engine never needs it.
 */
package horizon.io;
