package horizon.tools;

import horizon.io.CommandException;
import horizon.io.PgnReader;
import horizon.io.UciEngineProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "movequality", sortOptions = false,
        description = {"Grades one player's moves in PGN games as a stronger engine (the judge) sees them: the "
                + "share of moves that were the judge's best, the average centipawn loss, and inaccuracies, "
                + "mistakes and blunders per 100 moves as lichess grades them (a drop in winning chances of 0.1, "
                + "0.2, 0.3). Used to check that weakened play (UCI_LimitStrength) stays human-like.",
                "One line per PGN file on stdout, then the total."})
public final class MoveQualityCommand implements Callable<Integer> {
    @Parameters(paramLabel = "GAMES.pgn", arity = "1..*", description = "the games (e.g. a calibration's PGN)")
    List<Path> files;

    @Option(names = "--player", required = true, description = "whose moves to grade: the name in the White or "
            + "Black tag (fastchess's name= for an engine)")
    String player;

    @Option(names = "--judge", description = "a UCI engine command, or 'stockfish' (found on the PATH or in "
            + "/usr/games) (default: ${DEFAULT-VALUE})")
    String judge = "stockfish";

    @Option(names = "--nodes", description = "the judge's nodes per search, two searches a move where the player "
            + "chose another move than the judge (default: ${DEFAULT-VALUE})")
    long nodes = 100_000;

    @Option(names = "--hash", description = "the judge's hash table, MB (default: ${DEFAULT-VALUE})")
    int hashMb = 16;

    @Override
    public Integer call() throws Exception {
        if (nodes < 1 || hashMb < 1) {
            throw CommandException.usage("--nodes and --hash take positive numbers");
        }
        for (Path f : files) {
            if (!Files.isReadable(f)) {
                throw CommandException.input("cannot read " + f);
            }
        }
        String command = UciEngineProcess.command(judge);
        if (command == null) {
            throw CommandException.usage("no Stockfish found (PATH, $STOCKFISH or /usr/games); name a judge with "
                    + "--judge");
        }
        MoveQuality.Tally total = MoveQuality.Tally.NONE;
        try (UciEngineProcess engine = new UciEngineProcess(command)) {
            engine.setOption("Threads", "1");
            engine.setOption("Hash", Integer.toString(hashMb));
            MoveQuality quality = new MoveQuality(engine, nodes);
            for (Path f : files) {
                MoveQuality.Tally tally = MoveQuality.Tally.NONE;
                int games = 0;
                List<PgnReader.Game> read = PgnReader.read(f, problem -> System.err.println("movequality: " + problem));
                for (PgnReader.Game game : read) {
                    boolean white = player.equals(game.tags().get("White"));
                    if (white || player.equals(game.tags().get("Black"))) {
                        tally = tally.plus(quality.judge(game, white));
                        games++;
                    }
                }
                System.out.println(f + ": " + games + " games, " + tally.describe());
                total = total.plus(tally);
            }
        }
        System.out.println("total: " + total.describe());
        return 0;
    }
}
