package org.maestro.worker;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.metrics.LatencyBuckets;
import org.maestro.common.metrics.MetricNames;
import org.maestro.common.note.Note;
import org.maestro.common.note.Role;
import org.maestro.common.note.TestOptions;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.PrometheusServer;
import org.maestro.common.testing.TestCluster;
import org.maestro.common.testing.TestLab;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real Prometheus server scrapes a sender's and a receiver's /metrics every second while they run a fixed-rate
 * test against a real Artemis broker: the series are there, labelled with the test, and at the end the counts
 * Prometheus holds are the workers' own, exactly. /metrics asks for no token; the test files still do.
 */
@Integration
class MetricsIntegrationTest {
    private static final String TEST_ID = "metrics-run";

    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();

    @TempDir
    Path dataDir;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void prometheusScrapesEveryPeerDuringATestAndEndsWithItsExactCounts() throws Exception {
        TestCluster peers = lab.cluster().dataDir(dataDir).timeout(WorkerCluster.TIMEOUT).metricsPerPeer()
                .peerWithData("sender-1", Role.SENDER, WorkerHandler::new)
                .peerWithData("receiver-1", Role.RECEIVER, WorkerHandler::new)
                .start();
        URI senderMetrics = peers.metricsUrl("sender-1");
        URI receiverMetrics = peers.metricsUrl("receiver-1");

        // Open to anyone, and nothing but metrics: every other route still asks for the peer's token.
        HttpResponse<String> open = get(senderMetrics);
        assertEquals(200, open.statusCode(), open.body());
        assertTrue(open.body().contains("maestro_peer_info{") && open.body().contains("peer=\"sender-1\"")
                && open.body().contains("jvm_memory_used_bytes"), open.body());
        assertTrue(open.body().contains(MetricNames.TEST_PHASE + "{phase=\"idle\",test_id=\"\"} 1"), open.body());
        assertEquals(401, get(senderMetrics.resolve("/manifest")).statusCode());
        assertEquals(401, get(senderMetrics.resolve("/files/" + TEST_ID + "/sender-1/test.json")).statusCode());
        assertEquals(401, get(senderMetrics.resolve("/metrics/../manifest")).statusCode());
        assertEquals(401, get(URI.create(senderMetrics + "/extra")).statusCode());

        try (PrometheusServer prometheus = lab.closeAfterEach(PrometheusServer.start(PrometheusServer.staticTargets(
                List.of(hostPort(senderMetrics), hostPort(receiverMetrics)))))) {
            awaitValue(prometheus, "sum(up{job=\"" + PrometheusServer.JOB + "\"})", 2);

            Map<String, String> options = new HashMap<>();
            options.put(TestOptions.TEST_ID, TEST_ID);
            options.put(TestOptions.SEND_URL, lab.sut().amqpUrl("maestro.metrics"));
            options.put(TestOptions.DRAIN_QUIET, "1s");
            WorkerCluster cluster = new WorkerCluster(peers);
            Note[] end = cluster.run(FixedRateRun.options(options));
            FixedRateRun.assertExact(dataDir.resolve(TEST_ID), end);

            long sent = cluster.stats(cluster.sender).messages();
            long received = cluster.stats(cluster.receiver).messages();
            String test = "{test_id=\"" + TEST_ID + "\"}";
            // The last scrapes come after the end: what Prometheus holds then is the workers' final count.
            awaitValue(prometheus, MetricNames.MESSAGES_SENT + "_total" + test, sent);
            awaitValue(prometheus, MetricNames.MESSAGES_RECEIVED + "_total" + test, received);
            awaitValue(prometheus, MetricNames.MESSAGES_ACKNOWLEDGED + "_total" + test, sent);
            assertEquals(1500, sent);
            assertEquals(sent, received);
            assertEquals(List.of(0.0), prometheus.values(MetricNames.MESSAGES_REFUSED + "_total" + test));
            assertEquals(List.of(0.0), prometheus.values(MetricNames.MESSAGES_RELEASED + "_total" + test), "nothing given back");
            // Lost appears once the receiver is done: its first scrape may come a second after the counts are final.
            awaitValue(prometheus, MetricNames.MESSAGES_LOST + test, 0);
            // Pending while it ran (gaps a late message may still fill), lost only once done: never both at once.
            assertFalse(prometheus.values("max_over_time(" + MetricNames.MESSAGES_PENDING + test + "[5m])").isEmpty(),
                    "pending shown while the receiver ran");
            awaitValue(prometheus, "count(" + MetricNames.MESSAGES_PENDING + test + ") or vector(0)", 0);
            assertEquals(List.of(0.0), prometheus.values(MetricNames.MESSAGES_DUPLICATED + "_total" + test));
            assertEquals(List.of(0.0), prometheus.values(MetricNames.MESSAGES_OUT_OF_ORDER + "_total" + test));
            awaitValue(prometheus, "sum(" + MetricNames.TEST_PHASE + "{test_id=\"" + TEST_ID + "\",phase=\"done\"})", 2);
            // Once done, no "last second" is left over: the rate is 0 and the quantile series are gone (stale after a scrape).
            awaitValue(prometheus, "sum(" + MetricNames.MESSAGE_RATE + test + ")", 0);
            awaitValue(prometheus, "count(" + MetricNames.SEND_DELAY + "_seconds" + test + ") or vector(0)", 0);
            awaitValue(prometheus, "count(" + MetricNames.RESPONSE_TIME + "_seconds" + test + ") or vector(0)", 0);

            // Histograms add up across peers: a test-wide p99 from Prometheus, within one bucket of the HDR logs' own
            // p99 (HdrHistogram's reader over the measured intervals, what summary.json's p99 is drawn from).
            Path files = dataDir.resolve(TEST_ID);
            for (String[] histogram : List.of(
                    new String[]{MetricNames.RESPONSE_TIME_HISTOGRAM, "receiver-1", PeerFiles.LATENCY_RESPONSE_HLOG},
                    new String[]{MetricNames.SEND_DELAY_HISTOGRAM, "sender-1", PeerFiles.SEND_DELAY_HLOG})) {
                org.HdrHistogram.Histogram log = RunOutput.measured(files.resolve(histogram[1]).resolve(histogram[2]));
                String series = histogram[0] + "_seconds";
                awaitValue(prometheus, "sum(" + series + "_count" + test + ")", log.getTotalCount());
                List<Double> p99 = prometheus.values("histogram_quantile(0.99, sum by (le) (" + series + "_bucket" + test + "))");
                double logP99Seconds = log.getValueAtPercentile(99) / 1e6;
                double[] bucket = LatencyBuckets.bucketOf(logP99Seconds);
                assertEquals(1, p99.size(), series + ": " + p99);
                assertTrue(p99.get(0) >= bucket[0] && p99.get(0) <= bucket[1], series + ": p99 " + p99.get(0) + " s from the"
                        + " buckets, " + logP99Seconds + " s from the HDR log, whose bucket is " + java.util.Arrays.toString(bucket));
            }

            // While it ran: the rate near the target, and the last second's latency quantiles, per peer.
            List<Double> peakRates = prometheus.values("max_over_time(" + MetricNames.MESSAGE_RATE + test + "[5m])");
            assertEquals(2, peakRates.size(), "a rate series per worker: " + peakRates);
            for (double rate : peakRates) {
                // Messages in the last tick of the peer's one-second ticker: no bound, as ticks run late on a busy machine.
                assertTrue(rate > 0, "each worker showed its rate while it ran: " + peakRates);
            }
            for (String quantile : List.of("0.5", "0.9", "0.99", "0.999", "1")) {
                String q = "{test_id=\"" + TEST_ID + "\",quantile=\"" + quantile + "\"}[5m]";
                assertFalse(prometheus.values("max_over_time(" + MetricNames.RESPONSE_TIME + "_seconds" + q + ")").isEmpty(),
                        "response time quantile " + quantile);
                assertFalse(prometheus.values("max_over_time(" + MetricNames.SEND_DELAY + "_seconds" + q + ")").isEmpty(),
                        "send delay quantile " + quantile);
            }
            JsonNode phases = prometheus.query("count by (phase) (count_over_time(" + MetricNames.TEST_PHASE
                    + "{test_id=\"" + TEST_ID + "\"}[5m]))");
            assertTrue(phases.toString().contains("\"running\"") && phases.toString().contains("\"done\""), phases.toString());
            // The JVM's own metrics, from each peer (here both in this JVM).
            assertEquals(2, prometheus.values("jvm_threads_current").size(), prometheus.targets());
            assertEquals(List.of(1.0), prometheus.values("maestro_peer_info{peer=\"receiver-1\",role=\"receiver\"}"));
        }
    }

    private HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String hostPort(URI uri) {
        return uri.getHost() + ":" + uri.getPort();
    }

    /** Waits (10 s at most) until the query's one series has {@code expected}, then asserts it. */
    private static void awaitValue(PrometheusServer prometheus, String promql, double expected) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<Double> values = prometheus.values(promql);
        while (!values.equals(List.of(expected)) && System.nanoTime() < deadline) {
            Thread.sleep(200); // polling interval of a bounded wait: Prometheus scrapes every second
            values = prometheus.values(promql);
        }
        assertEquals(List.of(expected), values, promql + "; targets: " + prometheus.targets());
    }
}
