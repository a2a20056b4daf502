package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.artemis.StandaloneArtemis;
import org.maestro.common.note.Role;
import org.maestro.common.testing.TestLab;
import org.maestro.worker.WorkerHandler;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * test-scripts/compare-protocols.groovy on a real Artemis: one route per protocol (AMQP, core, OpenWire), each with
 * an in-process sender and receiver of its group, at the same rate and size, run by the maestro command.
 */
class CompareProtocolsScriptTest {
    private static final Path SCRIPT = Path.of("..", "test-scripts", "compare-protocols.groovy");
    private static final List<String> PROTOCOLS = List.of("amqp", "core", "openwire");
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();

    @TempDir
    Path runs;

    @TempDir
    Path data;

    @Test
    void eachProtocolCarriesItsShareExactly() throws Exception {
        var cluster = lab.cluster().dataDir(data);
        for (String p : PROTOCOLS) {
            cluster.peerWithData(p + "-receiver", Role.RECEIVER, p, WorkerHandler::new)
                    .peerWithData(p + "-sender", Role.SENDER, p, WorkerHandler::new);
        }
        cluster.start();
        String sut = StandaloneArtemis.USER + ":" + StandaloneArtemis.PASSWORD + "@127.0.0.1:" + lab.sut().amqpPort();
        MaestroCommand.Result r = MaestroCommand.run("run", SCRIPT.toString(), "--broker", lab.controlUrl().toString(),
                "--runs", runs.toString(), "-P", "sut=" + sut, "-P", "rate=600", "-P", "duration=4s", "-P", "warmup=1s");
        assertEquals(0, r.exitCode(), r.output());
        Path run = MaestroCommand.onlyRun(runs);
        JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
        assertEquals(2400, s.get("totals").get("sent").asLong(), "600 msg/s in total for 4 s, 200 msg/s on each route");
        assertEquals(2400, s.get("totals").get("received").asLong());
        for (String p : PROTOCOLS) {
            JsonNode sender = JSON.readTree(run.resolve("peers/" + p + "-sender/test.json").toFile());
            assertTrue(sender.get("sendUrl").asText().startsWith(p + "://admin@127.0.0.1:"), sender.toString());
            assertEquals(200, sender.get("rate").asLong(), sender.toString());
            assertEquals("1KiB", sender.get("messageSize").asText(), sender.toString());
            JsonNode system = JSON.readTree(run.resolve("peers/" + p + "-receiver/system.json").toFile());
            assertTrue(system.get("driver").asText().startsWith(p.equals("amqp") ? "qpid-jms" : p.equals("core")
                    ? "artemis-jakarta-client" : "activemq-client"), system.toString());
        }
    }

    @Test
    void withoutABrokerTheScriptSaysWhatToGive() {
        MaestroCommand.Result r = MaestroCommand.run("run", SCRIPT.toString(), "--broker", lab.controlUrl().toString(),
                "--runs", runs.toString());
        assertEquals(2, r.exitCode(), r.output());
        assertTrue(r.output().contains("-P sut=USER:PASSWORD@HOST:PORT") && r.output().contains("no URL for amqp, core, openwire"),
                r.output());
    }
}
