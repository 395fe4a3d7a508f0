/**
 * A pure-Java Syzygy tablebase prober (WDL and DTZ): memory-mapped tables parsed on first use, one allocation-free
 * prober per search thread. It imports only {@code horizon.board}, so the search can probe it without a cycle.
 */
package horizon.tb;
