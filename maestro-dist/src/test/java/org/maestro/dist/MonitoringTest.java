package org.maestro.dist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.cli.MaestroMain;
import org.maestro.client.control.Replies;
import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.Role;
import org.maestro.common.note.TestOptions;
import org.maestro.common.testing.GrafanaDashboard;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.PrometheusServer;
import org.maestro.common.testing.TestCluster;
import org.maestro.common.testing.TestLab;
import org.maestro.worker.WorkerHandler;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lab's monitoring as the repository ships it: {@code maestro targets} writes the peers' endpoints from a PING,
 * a real Prometheus with prometheus/prometheus.yml (verbatim) finds them through that file and scrapes them while a
 * test runs on a real Artemis, and every query of the Grafana dashboard is answered; those of the worker panels
 * with data.
 */
@Integration
class MonitoringTest {
    private static final String TEST_ID = "monitored";
    /** The panels a worker-only test fills (agents and inspectors have panels of their own). */
    private static final List<String> WORKER_PANELS = List.of("Rate: sent vs received, per peer",
            "Response time percentiles (last second)", "Send delay percentiles (last second)", "Messages so far",
            "Test phase per peer", "JVM heap used and GC time, per peer", "Peers' host CPU");

    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();

    @TempDir
    Path tmp;

    @Test
    void prometheusFindsThePeersThroughMaestroTargetsAndAnswersEveryDashboardQuery() throws Exception {
        TestCluster peers = lab.cluster().dataDir(Files.createDirectories(tmp.resolve("data"))).metricsPerPeer()
                .peerWithData("sender-1", Role.SENDER, WorkerHandler::new)
                .peerWithData("receiver-1", Role.RECEIVER, WorkerHandler::new)
                .start();

        Path targets = tmp.resolve("targets/maestro.json");
        assertEquals(0, MaestroMain.execute("targets", "--broker", lab.controlUrl().toString(), "--output", targets.toString()));
        JsonNode list = new ObjectMapper().readTree(targets.toFile());
        assertEquals(2, list.size(), list.toString());
        for (JsonNode group : list) {
            String peer = group.path("labels").path("peer").asText();
            assertEquals(peers.metricsUrl(peer).getAuthority(), group.path("targets").path(0).asText(), list.toString());
            assertEquals(peers.peer(peer).info().role().wireName(), group.path("labels").path("role").asText());
        }
        // Bad input: --every without a file to rewrite is refused, naming the options.
        assertEquals(2, MaestroMain.execute("targets", "--broker", lab.controlUrl().toString(), "--every", "30s"));

        String config = Files.readString(GrafanaDashboard.ROOT.resolve("prometheus/prometheus.yml"));
        try (PrometheusServer prometheus = lab.closeAfterEach(PrometheusServer.start(config,
                Map.of("targets/maestro.json", Files.readString(targets))))) {
            awaitValue(prometheus, "sum(up{job=\"maestro\",peer=~\"sender-1|receiver-1\",role=~\"sender|receiver\"})", 2);

            Map<String, String> options = new HashMap<>();
            options.put(TestOptions.TEST_ID, TEST_ID);
            options.put(TestOptions.SEND_URL, lab.sut().amqpUrl("maestro.monitored"));
            options.put(TestOptions.RATE, "200");
            options.put(TestOptions.DURATION, "3s");
            options.put(TestOptions.DRAIN_QUIET, "1s");
            run(peers, options);
            awaitValue(prometheus, "sum(maestro_messages_received_total{test_id=\"" + TEST_ID + "\",peer=\"receiver-1\"})", 600);

            GrafanaDashboard dashboard = GrafanaDashboard.read();
            List<String> empty = new ArrayList<>();
            for (Map.Entry<String, String> q : dashboard.panelQueries().entrySet()) {
                // Over the whole test, not only now: the gauges of the last second are gone once it has ended.
                JsonNode result = prometheus.query("max_over_time((" + q.getValue() + ")[5m:1s])");
                if (result.isEmpty()) {
                    empty.add(q.getKey());
                }
            }
            for (String panel : WORKER_PANELS) {
                assertTrue(empty.stream().noneMatch(e -> e.startsWith(panel + " / ")), panel + " has data; empty: " + empty);
            }
            for (String annotation : dashboard.annotationQueries()) {
                prometheus.query(annotation); // answered (no agent ran: no annotation)
            }
        }
    }

    private static void run(TestCluster peers, Map<String, String> options) throws Exception {
        Replies set = peers.setAll(options);
        assertTrue(set.allOk(), set.toString());
        assertTrue(peers.request(peers.peer("receiver-1"), new Payload.StartReceiver()).allOk());
        assertTrue(peers.request(peers.peer("sender-1"), new Payload.StartSender()).allOk());
        Note sent = peers.awaitEnd(peers.peer("sender-1"), 60);
        assertTrue(peers.request(peers.peer("receiver-1"), new Payload.StopReceiver()).allOk());
        Note received = peers.awaitEnd(peers.peer("receiver-1"), 60);
        assertEquals(Command.NOTIFY_SUCCESS, sent.command(), sent.toString());
        assertEquals(Command.NOTIFY_SUCCESS, received.command(), received.toString());
    }

    /** Waits (15 s at most) until the query's one series has {@code expected}, then asserts it. */
    private static void awaitValue(PrometheusServer prometheus, String promql, double expected) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        List<Double> values = prometheus.values(promql);
        while (!values.equals(List.of(expected)) && System.nanoTime() < deadline) {
            Thread.sleep(200); // polling interval of a bounded wait: Prometheus scrapes every second
            values = prometheus.values(promql);
        }
        assertEquals(List.of(expected), values, promql + "; targets: " + prometheus.targets());
    }
}
