/**
 * The UCI protocol and nothing else: parses lines into {@code horizon.engine.Engine} calls and writes its typed
 * results as UCI text. It may import every layer below the engine API and the engine; only {@code horizon.Main}
 * imports it.
 */
package horizon.uci;
