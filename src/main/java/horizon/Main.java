package horizon;

import horizon.engine.Version;
import horizon.io.CommandException;
import horizon.tools.BenchCommand;
import horizon.tools.BookCommand;
import horizon.tools.EpdCommand;
import horizon.tools.MoveQualityCommand;
import horizon.tools.PerftCommand;
import horizon.tune.data.DataConvertCommand;
import horizon.tune.data.DataStatsCommand;
import horizon.tune.data.DataWalkCommand;
import horizon.tune.data.DatagenCommand;
import horizon.tune.data.RelabelCommand;
import horizon.tune.fit.nnue.NnueCommand;
import horizon.tune.fit.texel.PlotCommand;
import horizon.tune.fit.texel.TuneCommand;
import horizon.tune.games.CalibrateCommand;
import horizon.tune.games.ParamsCommand;
import horizon.tune.games.SpsaCommand;
import horizon.uci.UciLoop;
import java.io.IOException;
import java.util.Arrays;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * Entry point. With no arguments the engine speaks UCI on stdin/stdout (and picocli is never loaded, keeping
 * start-up lean); otherwise a subcommand runs.
 */
// INHERIT: every subcommand answers --help (and --version) too, as a user tries first.
@Command(name = "horizon", mixinStandardHelpOptions = true, scope = CommandLine.ScopeType.INHERIT,
        versionProvider = Main.VersionProvider.class,
        description = "Horizon, a UCI chess engine. Without arguments it speaks UCI on stdin/stdout.",
        subcommands = {PerftCommand.class, BenchCommand.class, EpdCommand.class, DatagenCommand.class,
                RelabelCommand.class, TuneCommand.class, PlotCommand.class, BookCommand.class, ParamsCommand.class,
                SpsaCommand.class, CalibrateCommand.class, MoveQualityCommand.class, DataStatsCommand.class,
                DataConvertCommand.class, DataWalkCommand.class, NnueCommand.class})
public final class Main {
    private Main() {
    }

    /** --version: the build's version (horizon.engine.Version), not a second copy typed here. */
    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {Version.full()};
        }
    }

    public static void main(String[] args) throws IOException {
        // --tunable (first) or HORIZON_TUNABLE=1: the SPSA constants are UCI options (OpenBench's launcher passes
        // --tunable before its own arguments, such as "bench").
        boolean tunable = "1".equals(System.getenv("HORIZON_TUNABLE"));
        if (args.length > 0 && args[0].equals("--tunable")) {
            tunable = true;
            args = Arrays.copyOfRange(args, 1, args.length);
        }
        if (args.length == 0) {
            new UciLoop(System.in, System.out).withTunableOptions(tunable).run();
            return;
        }
        System.exit(commandLine().execute(args));
    }

    /** The subcommands, with the error handling of {@link #commandLine(Object)}. */
    public static CommandLine commandLine() {
        return commandLine(new Main());
    }

    /**
     * A command (Main, or one subcommand on its own) with the one error path of every command: a bad option or
     * argument, or a {@link CommandException} thrown by the command, is answered with one line on stderr,
     * {@code command: reason}, and its exit code (2 for a usage or input error). picocli's default would add the
     * whole usage text or a stack trace, which bury the one line that matters. Any other exception is picocli's
     * (a stack trace and exit code 1): it is a bug, not a user's mistake.
     */
    public static CommandLine commandLine(Object command) {
        return new CommandLine(command).setParameterExceptionHandler((e, args) -> {
            CommandLine line = e.getCommandLine();
            line.getErr().println(name(line) + ": " + e.getMessage() + " (see "
                    + line.getCommandSpec().qualifiedName() + " --help)");
            return 2;
        }).setExecutionExceptionHandler((e, line, parseResult) -> {
            if (!(e instanceof CommandException refused)) {
                throw e;
            }
            line.getErr().println(name(line) + ": " + refused.getMessage());
            return refused.exitCode();
        });
    }

    /** "nnue train", not "train": the words a user typed, without the program's own name. */
    private static String name(CommandLine line) {
        return line.getCommandSpec().qualifiedName().replaceFirst("^horizon ", "");
    }
}
