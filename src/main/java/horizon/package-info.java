/**
 * The entry point, {@code Main}: with no arguments the UCI loop, otherwise a picocli subcommand from
 * {@code horizon.tools} or {@code horizon.tune.*}. It is the only class that may import uci, tools and tune together;
 * nothing imports it.
 */
package horizon;
