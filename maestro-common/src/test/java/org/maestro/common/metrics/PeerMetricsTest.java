package org.maestro.common.metrics;

import org.junit.jupiter.api.Test;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.peer.Peer;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A peer's registry and its page, without a server: what each peer shows, in the format asked for. */
class PeerMetricsTest {
    private record Job(String id, String phase, long count) {
    }

    @Test
    void twoPeersInOneJvmEachShowTheirOwnFiguresLabelledWithTheirTest() {
        PeerInfo a = Peer.identity("sender-a", Role.SENDER, "g1");
        PeerInfo b = Peer.identity("sender-b", Role.SENDER, "");
        PeerMetrics ma = PeerMetrics.of(a);
        PeerMetrics mb = PeerMetrics.of(b);
        AtomicReference<Job> job = new AtomicReference<>();
        new TestFigures<>(ma.registry(), job::get, Job::id).phase(Job::phase)
                .counter("maestro_things", "things", Job::count)
                .quantiles("maestro_wait", "waits", j -> Map.of(0.5, 0.25, 1.0, 2.0));

        String idle = text(ma.scrape(null));
        assertTrue(idle.contains("maestro_test_phase{phase=\"idle\",test_id=\"\"} 1"), idle);
        assertFalse(idle.contains("maestro_things_total{"), "no test, no count: " + idle);
        assertTrue(idle.contains("maestro_peer_info{group=\"g1\",peer=\"sender-a\",peer_id=\"" + a.id() + "\",role=\"sender\"} 1"),
                idle);
        assertTrue(idle.contains("jvm_memory_used_bytes{"), idle);

        job.set(new Job("t-1", "running", 42));
        String running = text(ma.scrape(null));
        assertTrue(running.contains("maestro_things_total{test_id=\"t-1\"} 42"), running);
        assertTrue(running.contains("maestro_wait_seconds{quantile=\"0.5\",test_id=\"t-1\"} 0.25"), running);
        assertTrue(running.contains("maestro_wait_seconds{quantile=\"1\",test_id=\"t-1\"} 2.0"), running);
        assertTrue(running.contains("maestro_test_phase{phase=\"running\",test_id=\"t-1\"} 1"), running);

        String other = text(mb.scrape(null));
        assertFalse(other.contains("maestro_things"), "the other peer's registry has none of it: " + other);
        assertTrue(other.contains("peer=\"sender-b\"") && !other.contains("sender-a"), other);
    }

    @Test
    void prometheusGetsOpenMetricsAndEveryoneElseTheTextFormat() {
        PeerMetrics m = PeerMetrics.of(Peer.identity("r", Role.RECEIVER, ""));
        PeerMetrics.Exposition openMetrics = m.scrape("application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5");
        assertTrue(openMetrics.contentType().startsWith("application/openmetrics-text"), openMetrics.contentType());
        assertTrue(text(openMetrics).endsWith("# EOF\n"));
        PeerMetrics.Exposition text = m.scrape("text/plain");
        assertTrue(text.contentType().startsWith("text/plain; version=0.0.4"), text.contentType());
        // A client that asks for protobuf (which this build leaves out) gets the text format rather than nothing.
        PeerMetrics.Exposition protobuf = m.scrape("application/vnd.google.protobuf;proto=io.prometheus.client.MetricFamily;"
                + "encoding=delimited");
        assertFalse(text(protobuf).isEmpty());
        assertTrue(protobuf.contentType().startsWith("text/plain"), protobuf.contentType());
    }

    @Test
    void quantileLabelsAreWrittenAsPrometheusWritesThem() {
        assertEquals("0.5", TestFigures.quantileLabel(0.5));
        assertEquals("0.999", TestFigures.quantileLabel(0.999));
        assertEquals("1", TestFigures.quantileLabel(1.0));
    }

    private static String text(PeerMetrics.Exposition e) {
        return new String(e.body(), StandardCharsets.UTF_8);
    }
}
