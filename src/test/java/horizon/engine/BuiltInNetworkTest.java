package horizon.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import horizon.nnue.Network;
import horizon.nnue.NetworkFile;
import horizon.search.StrengthLimit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The built-in network: the jar's is the committed net 4; a new engine plays as {@link Engine#NETWORK_BY_DEFAULT}
 * says; UseNNUE true plays the built-in net with no file, and its eval report is the network's; UseNNUE false is
 * the linear evaluation; weakened play (UCI_LimitStrength below full strength) plays the linear evaluation its
 * UCI_Elo labels were measured with.
 */
class BuiltInNetworkTest {
    @Test
    void theBuiltInNetworkIsTheCommittedNetFour() throws IOException {
        assertEquals("n4-256.nnue", Network.builtInFile(), "the pom's horizon.network");
        Network builtIn = Network.builtIn();
        assertNotNull(builtIn, "the jar carries a network");
        byte[] committed = Files.readAllBytes(Path.of("tuning/nnue/nets/n4-256.nnue"));
        assertArrayEquals(committed, NetworkFile.bytes(builtIn), "built-in = tuning/nnue/nets/n4-256.nnue");
    }

    @Test
    void useNnueTruePlaysTheBuiltInNetworkAndFalseTheLinearEvaluation() {
        Engine engine = new Engine();
        assertEquals(Engine.NETWORK_BY_DEFAULT, engine.usesNetwork());
        assertEquals(Engine.NETWORK_BY_DEFAULT, engine.networkPlays());
        assertTrue(engine.useNetwork(true), "the built-in network, no file needed");
        assertTrue(engine.networkPlays());
        assertTrue(engine.evalReport().startsWith("NNUE"), engine.evalReport());
        assertFalse(engine.useNetwork(false));
        assertFalse(engine.networkPlays());
        assertFalse(engine.evalReport().startsWith("NNUE"), "the linear evaluation's report");
        assertTrue(engine.useNetwork(true));
        assertTrue(engine.networkPlays());
    }

    @Test
    void weakenedPlayUsesTheLinearEvaluationItsLabelsWereMeasuredWith() {
        Engine engine = new Engine();
        engine.useNetwork(true);
        engine.setStrength(true, 1500);
        assertTrue(engine.usesNetwork(), "UseNNUE stays as set");
        assertFalse(engine.networkPlays(), "but a weakened search plays the linear evaluation");
        engine.setStrength(true, StrengthLimit.MAX_ELO);
        assertTrue(engine.networkPlays(), "the top of the range is the engine at full strength");
        engine.setStrength(true, 1500);
        engine.setStrength(false, 1500);
        assertTrue(engine.networkPlays(), "UCI_LimitStrength off: the network again");
        engine.setStrengthSetting(1200);
        engine.setStrength(true, StrengthLimit.MAX_ELO);
        engine.setStrengthSetting(1200);
        assertFalse(engine.networkPlays(), "an internal setting (calibration) is weakened play too");
        engine.setStrengthSetting(Double.NaN);
        assertTrue(engine.networkPlays());
    }

    @Test
    void theEnginesBenchIsTheDefaultSignature() {
        Bench.Listener quiet = (i, fen, nodes) -> { };
        assertEquals(Bench.run(4, quiet).nodes(), new Engine().bench(4, quiet).nodes());
    }
}
