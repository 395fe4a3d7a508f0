package horizon.tools;

import horizon.board.Perft;
import horizon.board.Position;
import horizon.io.EpdRecord;
import horizon.io.UciEngineProcess;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Checks a perft suite three ways (the published count, Horizon's perft and Stockfish's "go perft") and writes
 * only the positions and depths on which all three agree. This is how the repository's epd/perft.epd was made:
 *
 * <pre>java -cp target/horizon.jar horizon.tools.PerftSuiteVerifier ../shared/epd/perft.epd epd/perft.epd</pre>
 */
public final class PerftSuiteVerifier {
    private PerftSuiteVerifier() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: PerftSuiteVerifier IN.epd OUT.epd");
            System.exit(2);
        }
        String stockfish = UciEngineProcess.findStockfish();
        if (stockfish == null) {
            System.err.println("Stockfish not found (apt-get install stockfish)");
            System.exit(1);
        }
        List<String> lines = Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8);
        int positions = 0, disagreements = 0;
        long nodes = 0;
        try (UciEngineProcess sf = new UciEngineProcess(stockfish);
             PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(args[1]), StandardCharsets.UTF_8))) {
            for (int lineNumber = 1; lineNumber <= lines.size(); lineNumber++) {
                String line = lines.get(lineNumber - 1).trim();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                EpdRecord record = EpdRecord.parse(line);
                StringBuilder verified = new StringBuilder(record.fen());
                for (Map.Entry<Integer, Long> entry : record.perftCounts().entrySet()) {
                    int depth = entry.getKey();
                    long published = entry.getValue();
                    long ours = new Perft(Position.fromFen(record.fen())).count(depth);
                    long theirs = sf.perft(record.fen(), depth);
                    if (ours == published && theirs == published) {
                        verified.append(" ;D").append(depth).append(' ').append(published);
                        nodes += published;
                    } else {
                        disagreements++;
                        System.err.printf("line %d depth %d: published %d, Horizon %d, Stockfish %d%n",
                                lineNumber, depth, published, ours, theirs);
                    }
                }
                out.println(verified);
                positions++;
            }
        }
        System.out.printf("%d positions, %d nodes agreed three ways, %d disagreements%n", positions, nodes,
                disagreements);
        System.exit(disagreements == 0 ? 0 : 1);
    }
}
