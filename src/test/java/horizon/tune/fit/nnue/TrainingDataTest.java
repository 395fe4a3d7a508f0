package horizon.tune.fit.nnue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.tune.data.TrainingRecord;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Records numbered across files and mappings, the held-out split, and the epoch's shuffle. */
class TrainingDataTest {
    @TempDir
    Path folder;

    @Test
    void recordsReadAcrossFilesAndMappingsAsWritten() throws IOException {
        Path first = RandomPlayouts.write(folder.resolve("a.bin"), 1000, 1, RandomPlayouts::materialBalance);
        Path second = RandomPlayouts.write(folder.resolve("b.bin"), 1500, 2, pos -> -RandomPlayouts.materialBalance(pos));
        TrainingData data = TrainingData.open(List.of(first, second), 256);
        assertEquals(2500, data.size());
        TrainingData.Reader reader = data.reader();
        ByteBuffer firstBytes = ByteBuffer.wrap(Files.readAllBytes(first)).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer secondBytes = ByteBuffer.wrap(Files.readAllBytes(second)).order(ByteOrder.LITTLE_ENDIAN);
        int[] own = new int[32], other = new int[32], ownExpected = new int[32], otherExpected = new int[32];
        for (int record = 0; record < 2500; record++) {
            boolean inFirst = record < 1000;
            ByteBuffer file = inFirst ? firstBytes : secondBytes;
            int offset = (inFirst ? record : record - 1000) * TrainingRecord.BYTES;
            int n = reader.features(record, own, other);
            assertEquals(TrainingRecord.features(file, offset, ownExpected, otherExpected), n);
            assertArrayEquals(Arrays.copyOf(ownExpected, n), Arrays.copyOf(own, n), "record " + record);
            assertArrayEquals(Arrays.copyOf(otherExpected, n), Arrays.copyOf(other, n), "record " + record);
            assertEquals(TrainingRecord.score(file, offset), reader.score(record));
        }
    }

    @Test
    void validationIsEveryKthBlockOfRecordsAndNeverTrainedOn() throws IOException {
        int records = 5 * TrainingData.BLOCK + 7;
        Path file = RandomPlayouts.write(folder.resolve("c.bin"), records, 3, RandomPlayouts::materialBalance);
        TrainingData data = TrainingData.open(List.of(file));
        // A fifth of the records: every fifth block of games' positions, whole (the second to last here).
        int[] training = data.trainingRecords(0.2), validation = data.validationRecords(0.2);
        assertArrayEquals(IntStream.range(4 * TrainingData.BLOCK, 5 * TrainingData.BLOCK).toArray(), validation);
        assertEquals(records, training.length + validation.length);
        int[] all = IntStream.concat(Arrays.stream(training), Arrays.stream(validation)).sorted().toArray();
        assertArrayEquals(IntStream.range(0, records).toArray(), all, "a partition of the records");
        assertEquals(records, data.trainingRecords(0).length);
        assertEquals(0, data.validationRecords(0).length);
    }

    @Test
    void shuffleIsAPermutationFixedBySeedAndEpoch() {
        int[] a = IntStream.range(0, 1000).toArray(), b = a.clone(), c = a.clone();
        NnueTrainer.shuffle(a, 7, 3);
        NnueTrainer.shuffle(b, 7, 3);
        NnueTrainer.shuffle(c, 7, 4);
        assertArrayEquals(a, b);
        assertTrue(!Arrays.equals(a, c), "another epoch, another order");
        assertArrayEquals(IntStream.range(0, 1000).toArray(), Arrays.stream(a).sorted().toArray());
    }
}
