/**
 * File formats and external processes the tools share: EPD records and files, PGN games, a driver for other UCI
 * engines (Stockfish as an oracle), progress bars; and what every long command (spsa, calibrate, datagen, relabel,
 * nnue train) stops, resumes and cleans up with: its state files written whole ({@link horizon.io.StateFile}), its
 * claim on its folder ({@link horizon.io.RunLock}) and its children in process groups of their own
 * ({@link horizon.io.ProcessGroup}); and how every command refuses, in one line and an exit code
 * ({@link horizon.io.CommandException}, which {@code horizon.Main} prints). It imports only {@code horizon.board};
 * the engine never needs it.
 */
package horizon.io;
