package horizon.board;

import horizon.io.EpdRecord;
import horizon.testing.PerftSuite;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The deep half of epd/perft.epd: every count at depths 5 and 6 (4.8 billion nodes, most of the suite's time), in
 * the slow profile ({@code mvn -B verify -Pslow}). {@link PerftTest} checks depths 1 to 4 of the same positions in
 * every build.
 */
@Tag("slow")
class DeepPerftTest {
    private static final List<EpdRecord> SUITE = PerftSuite.records();

    static Stream<Arguments> lines() {
        return IntStream.range(0, SUITE.size()).mapToObj(i -> Arguments.of(i + 1, SUITE.get(i)));
    }

    @ParameterizedTest(name = "line {0}: {1}")
    @MethodSource("lines")
    void perft(int line, EpdRecord record) {
        PerftTest.assertPerft(line, record, PerftTest.FAST_DEPTH + 1, Integer.MAX_VALUE);
    }
}
