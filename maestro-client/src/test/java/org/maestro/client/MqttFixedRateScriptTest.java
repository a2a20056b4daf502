package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.MosquittoBroker;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * test-scripts/fixed-rate.groovy with an mqtt:// URL (--local: the peers in this JVM, the SUT a real Mosquitto): at QoS 1
 * every message arrives and the verdict is PASSED; at QoS 0 into a Mosquitto that queues at most 10 messages for a
 * receiver that takes fewer than are sent, the broker drops some, the run counts them and the loss criterion fails it.
 */
@Integration
class MqttFixedRateScriptTest {
    private static final Path SCRIPT = Path.of("..", "test-scripts", "fixed-rate.groovy");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static MosquittoBroker mosquitto;
    private static MosquittoBroker smallQueue;

    @TempDir
    Path runs;

    @BeforeAll
    static void startBrokers() {
        mosquitto = MosquittoBroker.launch("max_queued_messages 0\n");
        smallQueue = MosquittoBroker.launch("max_queued_messages 10\n");
    }

    @AfterAll
    static void stopBrokers() {
        for (MosquittoBroker b : new MosquittoBroker[]{mosquitto, smallQueue}) {
            if (b != null) {
                b.close();
            }
        }
    }

    @Test
    void qos1PassesWithEveryMessage() throws Exception {
        MaestroCommand.Result r = MaestroCommand.run("run", SCRIPT.toString(), "--local", "--runs", runs.toString(),
                "-P", "url=mqtt://127.0.0.1:" + mosquitto.port() + "/maestro/fixed?qos=1", "-P", "rate=400",
                "-P", "duration=3s", "-P", "warmup=1s", "-P", "warmupSendDelay=off",
                "-P", "p99=10 s"); // about the counts: this shared host's latency is not the point
        assertEquals(0, r.exitCode(), r.output());
        JsonNode s = JSON.readTree(MaestroCommand.onlyRun(runs).resolve("summary.json").toFile());
        assertEquals("passed", s.get("verdict").asText());
        JsonNode totals = s.get("totals");
        long due = DueMessages.of(400, 3, "1s");
        assertEquals(due, totals.get("sent").asLong(), "400 msg/s for 3 s on the intended schedule, ramped in its warm-up");
        assertEquals(due, totals.get("received").asLong());
        assertEquals(0, totals.get("lost").asLong());
        assertEquals(0, totals.get("duplicated").asLong());
        assertTrue(r.output().contains("settled: " + due + " acknowledged"), r.output());
    }

    @Test
    void qos0LossIsCountedAndTheLossCriterionFailsTheRun() throws Exception {
        MaestroCommand.Result r = MaestroCommand.run("run", SCRIPT.toString(), "--local", "--runs", runs.toString(),
                "-P", "url=mqtt://127.0.0.1:" + smallQueue.port() + "/maestro/qos0?qos=0&receiveThrottle=400",
                "-P", "rate=2000", "-P", "size=8192", "-P", "connections=1", "-P", "duration=2s", "-P", "warmup=1s",
                "-P", "warmupSendDelay=off");
        assertEquals(1, r.exitCode(), "a criterion failed: " + r.output());
        JsonNode s = JSON.readTree(MaestroCommand.onlyRun(runs).resolve("summary.json").toFile());
        JsonNode totals = s.get("totals");
        assertTrue(totals.get("lost").asLong() > 0, totals.toString());
        assertEquals(totals.get("sent").asLong(), totals.get("received").asLong() + totals.get("lost").asLong(), totals.toString());
        assertTrue(r.output().contains("[FAIL] loss == 0: measured " + totals.get("lost").asLong() + " message(s)"), r.output());
        assertTrue(r.output().contains("presettled: sent, not acknowledged"), r.output());
    }
}
