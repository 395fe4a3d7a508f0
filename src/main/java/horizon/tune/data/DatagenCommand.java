package horizon.tune.data;

import horizon.eval.WeightsFile;
import horizon.io.CommandException;
import java.io.IOException;
import horizon.tune.data.SelfPlayDatagen;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "datagen", description = "Games at a fixed node count, played by a UCI engine (Stockfish by default) "
        + "or by Horizon, writing quiet positions labelled with the game result and the player's score "
        + "(EPD: ce 35; c9 \"1-0\";); with --format bin, Horizon's self-play as 32-byte training records for the "
        + "network (docs/nnue-data.md).")
public final class DatagenCommand implements Callable<Integer> {
    @Option(names = "--games", required = true, description = "games of the seed the file holds at the end, those "
            + "of earlier runs included")
    int games;

    @Option(names = "--format", description = "epd: labelled EPD lines, by any player; bin: training records of "
            + "Horizon's self-play; either appended, a run stopped or killed resumed by the same command (default: "
            + "${DEFAULT-VALUE})")
    String format = "epd";

    @Option(names = "--hard-nodes", description = "bin: a move's search stops at once at this many nodes, --nodes "
            + "being a soft limit after which no iteration starts (default: 8 x --nodes)")
    long hardNodes;

    @Option(names = {"--nodes", "--engine-nodes"}, description = "nodes per move (default: ${DEFAULT-VALUE}; bin: a soft limit)")
    long nodes = 5000;

    @Option(names = "--engine", description = "who plays: a UCI engine command, 'stockfish' (found on the PATH or "
            + "in /usr/games) or 'horizon' for self-play (default: stockfish; bin: horizon, the only player it takes)")
    String engine;

    @Option(names = "--hash", description = "hash table of the player, MB (default: ${DEFAULT-VALUE})")
    int hashMb = 16;

    @Option(names = "--threads", description = "games played at once (default: ${DEFAULT-VALUE})")
    int threads = 1;

    @Option(names = "--out", required = true, description = "output file: EPD, or bin's records (with OUT.progress "
            + "beside it, and OUT.lock while a run writes it)")
    Path out;

    @Option(names = "--openings", description = "EPD/FEN file of start positions (default: the start position)")
    Path openings;

    @Option(names = "--random-plies", description = "random moves after the opening (default: 4, at least 8 "
            + "without --openings; bin: 8, each game playing this many or one more)")
    Integer randomPlies;

    @Option(names = "--blunder-rate", description = "chance that a move after the opening is a random legal move "
            + "instead of the player's, so that the data shows unjustified material imbalances (default: "
            + "${DEFAULT-VALUE})")
    double blunderRate = 0;

    @Option(names = "--resign-score", description = "a game ends when the player's score stays at least this many "
            + "centipawns for one side over 6 plies; 0 never ends it so, and games are played out to mate or a draw "
            + "(default: ${DEFAULT-VALUE})")
    int resignScore = Adjudicator.DEFAULT_RESIGN_SCORE;

    @Option(names = "--seed", description = "seed of the opening choice (default: ${DEFAULT-VALUE})")
    long seed = 1;

    @Option(names = "--weights", description = "evaluate with this weights file instead of the built-in one")
    Path weights;

    @Option(names = "--network", paramLabel = "NET", description = "--format bin: evaluate with this network "
            + "(.nnue) instead of the linear evaluation, so that the last net makes the next net's data")
    Path network;

    @Override
    public Integer call() throws Exception {
        if (openings != null && !Files.isReadable(openings)) {
            throw CommandException.input("cannot read " + openings);
        }
        if (format.equals("bin")) {
            if ((engine != null && !engine.equals("horizon")) || blunderRate != 0) {
                throw CommandException.usage("--format bin is Horizon's self-play: no --engine or --blunder-rate");
            }
            SelfPlayDatagen.Options bin = new SelfPlayDatagen.Options();
            bin.games = games;
            bin.softNodes = nodes;
            bin.hardNodes = hardNodes;
            bin.threads = threads;
            bin.hashMb = hashMb;
            bin.out = out;
            bin.openings = openings;
            bin.randomPlies = randomPlies != null ? randomPlies : bin.randomPlies;
            bin.resignScore = resignScore;
            bin.seed = seed;
            return SelfPlayDatagen.runCommand(bin, weights, network);
        }
        if (network != null) {
            throw CommandException.usage("--network needs --format bin");
        }
        if (!format.equals("epd")) {
            throw CommandException.usage("--format takes epd or bin, not '" + format + "'");
        }
        DataGenerator.Options options = new DataGenerator.Options();
        if (weights != null) {
            try {
                options.weights = WeightsFile.read(weights);
            } catch (IllegalArgumentException e) {
                throw CommandException.input(weights + ": " + e.getMessage());
            }
            options.weightsName = weights.getFileName().toString();
        }
        options.games = games;
        options.nodes = nodes;
        options.threads = threads;
        options.out = out;
        options.openings = openings;
        options.randomPlies = randomPlies != null ? randomPlies : 4;
        if (blunderRate < 0 || blunderRate >= 1) {
            throw CommandException.usage("--blunder-rate takes a chance in [0, 1), not " + blunderRate);
        }
        options.blunderRate = blunderRate;
        if (resignScore < 0) {
            throw CommandException.usage("--resign-score takes centipawns, 0 or more, not " + resignScore);
        }
        options.resignScore = resignScore;
        options.seed = seed;
        options.hashMb = hashMb;
        if (engine == null || !engine.equals("horizon")) {
            options.engine = horizon.io.UciEngineProcess.command(engine == null ? "stockfish" : engine);
            if (options.engine == null) {
                throw CommandException.failed("no Stockfish found (apt-get install stockfish, or --engine COMMAND)");
            }
        }
        try {
            new DataGenerator(options).run(System.err);
            return 0;
        } catch (IOException | IllegalArgumentException e) {
            throw CommandException.input(e);
        }
    }
}
