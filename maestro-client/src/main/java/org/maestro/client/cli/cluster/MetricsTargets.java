package org.maestro.client.cli.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.client.control.Replies;
import org.maestro.common.metrics.MetricLabels;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.GetKeys;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.util.SafeText;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.maestro.client.run.discover.PeerDirectory;
import org.maestro.client.run.discover.PeerHosts;
import org.maestro.client.run.RemotePeer;

/**
 * The peers' metrics endpoints as a Prometheus file-based service discovery list ({@code file_sd_configs}): every
 * peer that answers PING is asked for its data server's URL ({@code GET data.url}), whose host and port serve
 * {@code /metrics}; each target is labelled with the peer's name, role, group and id, so the dashboard can tell
 * them apart. {@code maestro targets} writes it; prometheus/prometheus.yml reads it.
 */
public final class MetricsTargets {
    private static final Duration DATA_URL_TIMEOUT = Duration.ofSeconds(5);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A peer's metrics endpoint, {@code host:port}. */
    public record Target(PeerInfo peer, String hostPort) {
    }

    /**
     * What was found.
     *
     * @param skipped one line per peer that answered PING but names no reachable data server URL
     */
    public record Found(List<Target> targets, List<String> skipped) {
    }

    private MetricsTargets() {
    }

    /** PINGs every peer (answers collected for {@code window}) and asks each for its data URL. */
    public static Found find(ControlClient client, Duration window) throws TransportException, InterruptedException {
        List<Target> targets = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<PingResult> found = PeerDirectory.discover(client, window);
        // Every peer asked at once, as the test's probe does: one round trip for a hundred peers.
        Map<PeerInfo, Replies> urls = client.requestEach(found.stream().map(PingResult::peer).toList(),
                new Payload.Get(GetKeys.DATA_URL), DATA_URL_TIMEOUT);
        for (PingResult p : found) {
            String url = RemotePeer.dataUrlIn(urls.get(p.peer()).of(p.peer()));
            URI u = url == null || url.isEmpty() ? null : PeerHosts.httpUrl(url);
            if (u == null) {
                skipped.add(p.peer().describe() + ": " + (url == null ? "no answer to GET data.url in "
                        + DATA_URL_TIMEOUT.toSeconds() + " s" : "no data server URL (" + SafeText.of(url) + ")"));
            } else {
                String host = u.getHost().contains(":") && !u.getHost().startsWith("[") ? "[" + u.getHost() + "]" : u.getHost();
                targets.add(new Target(p.peer(), host + ":" + u.getPort()));
            }
        }
        return new Found(targets, skipped);
    }

    /** The file_sd JSON: one group per peer, its endpoint and its labels. */
    public static String fileSd(List<Target> targets) {
        ArrayNode groups = JSON.createArrayNode();
        for (Target t : targets) {
            ObjectNode group = groups.addObject();
            group.putArray("targets").add(t.hostPort());
            ObjectNode labels = group.putObject("labels");
            labels.put(MetricLabels.PEER, t.peer().name());
            labels.put(MetricLabels.ROLE, t.peer().role().wireName());
            labels.put(MetricLabels.GROUP, t.peer().group());
            labels.put(MetricLabels.PEER_ID, t.peer().id());
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(groups) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the targets as JSON", e);
        }
    }

    /**
     * Writes {@code json} to {@code file} whole or not at all (a temporary file beside it, then renamed): Prometheus
     * watches the file and must never read half of it.
     */
    public static void write(Path file, String json) throws IOException {
        Path absolute = file.toAbsolutePath();
        Path dir = absolute.getParent();
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, "." + absolute.getFileName(), ".tmp");
        try {
            Files.writeString(temp, json);
            Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
