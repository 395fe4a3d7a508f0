/**
 * Command-line tools on top of the engine: perft, bench, the EPD suite runner and miner, the book command, and the
 * verifiers and races that produced the project's data (magic numbers, perft suite, SMP scaling). They may import
 * the engine and everything below it, and {@code horizon.io}; nothing but {@code horizon.Main} imports them.
 */
package horizon.tools;
