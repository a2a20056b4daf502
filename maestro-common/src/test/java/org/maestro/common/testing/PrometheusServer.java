package org.maestro.common.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.maestro.common.util.LoopbackPorts;
import org.maestro.common.util.Trees;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real Prometheus server (Debian's {@code prometheus}, which {@code bin/install-test-deps} installs) in a process
 * of its own: on a free 127.0.0.1 port, its storage and config in a temporary directory, scraping the given
 * {@code /metrics} URLs every second. {@link #query} asks its HTTP API. {@link #close()} stops it and deletes the
 * directory; a JVM exit stops it too.
 */
public final class PrometheusServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PrometheusServer.class);
    private static final Path BINARY = Path.of("/usr/bin/prometheus");
    private static final long START_TIMEOUT_SECONDS = 30;
    /** The job name of the scrape configuration it is given. */
    public static final String JOB = "maestro-peers";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;
    private final int port;
    private final Process process;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Thread shutdownHook;

    private PrometheusServer(Path dir, int port, Process process) {
        this.dir = dir;
        this.port = port;
        this.process = process;
        this.shutdownHook = new Thread(process::destroyForcibly, "kill Prometheus");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /**
     * Starts Prometheus with {@code scrapeConfigs} (YAML, the list under {@code scrape_configs:}, indented by two),
     * scraping and evaluating every second, and waits (bounded) until it is ready.
     */
    public static PrometheusServer start(String scrapeConfigs) throws IOException, InterruptedException {
        return start("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n  evaluation_interval: 1s\n"
                + "scrape_configs:\n" + scrapeConfigs, Map.of());
    }

    /**
     * Starts Prometheus with this whole configuration file, beside which {@code files} (relative path to content:
     * file_sd lists, rule files) are written first, and waits (bounded) until it is ready.
     */
    public static PrometheusServer start(String configYaml, Map<String, String> files) throws IOException, InterruptedException {
        if (!Files.isExecutable(BINARY)) {
            throw new IllegalStateException("Prometheus is not installed (no " + BINARY + "): run bin/install-test-deps,"
                    + " which installs Debian's prometheus, or 'apt-get install -y prometheus'");
        }
        Path dir = Files.createTempDirectory("maestro-prometheus-");
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, configYaml);
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path file = dir.resolve(f.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, f.getValue());
        }
        int port = LoopbackPorts.free();
        Process p = new ProcessBuilder(BINARY.toString(), "--config.file=" + config, "--storage.tsdb.path=" + dir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port, "--storage.tsdb.retention.time=1h", "--log.level=warn")
                .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
        PrometheusServer server = new PrometheusServer(dir, port, p);
        try {
            server.awaitReady();
        } catch (IOException | InterruptedException | RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** A scrape configuration of job {@value #JOB} with these {@code host:port} targets at /metrics. */
    public static String staticTargets(List<String> hostPorts) {
        StringBuilder yaml = new StringBuilder("  - job_name: " + JOB + "\n    metrics_path: /metrics\n    static_configs:\n"
                + "      - targets:\n");
        hostPorts.forEach(t -> yaml.append("          - '").append(t).append("'\n"));
        return yaml.toString();
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }

    private void awaitReady() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("Prometheus ended at start (exit " + process.exitValue() + "): " + logTail());
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(url().resolve("-/ready")).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                LOG.debug("Prometheus not ready yet: {}", e.toString());
            }
            Thread.sleep(100); // polling interval of a bounded wait
        }
        throw new IOException("Prometheus was not ready within " + START_TIMEOUT_SECONDS + " s: " + logTail());
    }

    /**
     * An instant query: the {@code data.result} array of the answer (one element per series).
     *
     * @throws IOException when Prometheus refuses the query (its error in the message) or cannot be asked
     */
    public JsonNode query(String promql) throws IOException, InterruptedException {
        return ask("api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8), promql);
    }

    /**
     * A range query, as Grafana asks for a panel's series: the {@code data.result} array of the answer (one element
     * per series, each with {@code values}: [Unix seconds, "value"] pairs).
     *
     * @throws IOException when Prometheus refuses the query (its error in the message) or cannot be asked
     */
    public JsonNode queryRange(String promql, Instant start, Instant end, Duration step) throws IOException, InterruptedException {
        return ask("api/v1/query_range?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8) + "&start="
                + start.getEpochSecond() + "&end=" + end.getEpochSecond() + "&step=" + step.toSeconds(), promql);
    }

    private JsonNode ask(String pathAndQuery, String promql) throws IOException, InterruptedException {
        URI uri = url().resolve(pathAndQuery);
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode answer = JSON.readTree(r.body());
        if (r.statusCode() != 200 || !"success".equals(answer.path("status").asText())) {
            throw new IOException("Prometheus refused query " + promql + ": HTTP " + r.statusCode() + " "
                    + answer.path("errorType").asText() + ": " + answer.path("error").asText());
        }
        return answer.path("data").path("result");
    }

    /** The values of an instant query's series, as numbers. */
    public List<Double> values(String promql) throws IOException, InterruptedException {
        List<Double> values = new ArrayList<>();
        for (JsonNode series : query(promql)) {
            values.add(Double.parseDouble(series.path("value").path(1).asText()));
        }
        return values;
    }

    /** What Prometheus says about its targets ({@code /api/v1/targets}), for failure messages. */
    public String targets() throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(url().resolve("api/v1/targets")).build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }

    private String logTail() {
        try {
            List<String> lines = Files.readAllLines(dir.resolve("prometheus.log"));
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            LOG.debug("JVM shutting down: {}", e.toString());
        }
        try {
            Trees.delete(dir);
        } catch (IOException e) {
            LOG.warn("cannot delete {}: {}", dir, e.toString());
        }
    }
}
