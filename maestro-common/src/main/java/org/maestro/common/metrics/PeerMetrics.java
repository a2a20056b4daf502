package org.maestro.common.metrics;

import io.prometheus.metrics.core.metrics.Info;
import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.ExpositionFormats;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.maestro.common.note.PeerInfo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * One peer's Prometheus metrics: a registry of its own (several peers may share a JVM, in tests and in the local
 * cluster, and each must show only its own figures), with the JVM's metrics and {@value #PEER_INFO} in it from the
 * start; the role adds its own ({@link org.maestro.common.peer.PeerHandler#registerMetrics}). The data server
 * serves it at {@value #PATH}, in the text format the scraper asks for (Prometheus text or OpenMetrics). Every
 * metric is described in docs/metrics.md.
 */
public final class PeerMetrics {
    /** The one route of the data server that needs no token, and serves nothing but metrics. */
    public static final String PATH = "/metrics";
    /** Who this peer is, as labels of a constant 1. */
    public static final String PEER_INFO = "maestro_peer";

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final ExpositionFormats formats = ExpositionFormats.init();

    private PeerMetrics() {
    }

    /** A registry with the JVM's metrics and the peer's identity ({@code maestro_peer_info}). */
    public static PeerMetrics of(PeerInfo peer) {
        Objects.requireNonNull(peer, "peer");
        PeerMetrics metrics = new PeerMetrics();
        JvmMetrics.builder().register(metrics.registry);
        Info info = Info.builder().name(PEER_INFO)
                .help("The peer behind this endpoint: its id, name, role and group (the value is always 1)")
                .labelNames(MetricLabels.PEER_ID, MetricLabels.PEER, MetricLabels.ROLE, MetricLabels.GROUP)
                .register(metrics.registry);
        info.setLabelValues(peer.id(), peer.name(), peer.role().wireName(), peer.group());
        return metrics;
    }

    /** Where the role registers its metrics. */
    public PrometheusRegistry registry() {
        return registry;
    }

    /** The metrics as they are now, in the format {@code accept} (an HTTP Accept header, may be null) asks for. */
    public Exposition scrape(String accept) {
        ExpositionFormatWriter writer = formats.findWriter(accept);
        if (!writer.isAvailable()) {
            // The protobuf format needs a module this build leaves out: the text format suits every Prometheus.
            writer = formats.getPrometheusTextFormatWriter();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);
        try {
            writer.write(out, registry.scrape());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the metrics", e);
        }
        return new Exposition(writer.getContentType(), out.toByteArray());
    }

    /** A scrape's body and its content type. */
    public record Exposition(String contentType, byte[] body) {
    }
}
