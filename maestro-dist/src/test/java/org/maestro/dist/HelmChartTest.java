package org.maestro.dist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.cli.MaestroMain;
import org.maestro.common.testing.Integration;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Helm chart (deploy/helm/maestro), offline: {@code helm lint --strict} accepts it; what {@code helm template}
 * renders (with the defaults, and with everything optional switched the other way) is valid Kubernetes by the
 * JSON schemas of the Kubernetes API ({@code kubeconform -strict}: no unknown field, no wrong type), and a copy with one
 * typo'd field is refused; the ServiceMonitor is rendered only where its CRD is; every Maestro command line the chart
 * starts is one the launcher accepts; and the plain manifests (deploy/kubernetes/maestro.yaml) are the chart's
 * rendering with the defaults, up to date. Tools: bin/install-chart-tools.
 */
@Integration
class HelmChartTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path CHART = ROOT.resolve("deploy/helm/maestro");
    private static final Path MANIFESTS = ROOT.resolve("deploy/kubernetes/maestro.yaml");
    private static final List<String> RELEASE = List.of("maestro", "--namespace", "maestro");
    /** The oldest Kubernetes the chart is checked against (OpenShift 4.17's). */
    private static final String KUBERNETES_VERSION = "1.30.0";
    private static final String SERVICE_MONITOR_API = "monitoring.coreos.com/v1/ServiceMonitor";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    private LauncherRun helm(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(CachedTools.tool("helm").toString()));
        command.addAll(List.of(args));
        // A HOME of its own: helm reads no user's repositories or plugins, and writes nothing outside tmp.
        return LauncherRun.run(tmp, Map.of("HOME", tmp.toString(), "PATH", "/usr/bin:/bin"), TIMEOUT, command);
    }

    /** helm template RELEASE CHART ARGS..., which must succeed. */
    private String render(Path chart, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("template"));
        command.addAll(RELEASE);
        command.add(chart.toString());
        command.addAll(List.of(args));
        LauncherRun r = helm(command.toArray(String[]::new));
        assertEquals(0, r.exitCode(), "helm template " + command + ": " + r.printed());
        return r.out();
    }

    /** kubeconform -strict over the manifests, against the installed schemas; returns the run. */
    private LauncherRun kubeconform(String manifests) throws Exception {
        Path file = Files.createTempFile(tmp, "manifests", ".yaml");
        Files.writeString(file, manifests);
        String location = CachedTools.kubernetesSchemas() + "/{{ .NormalizedKubernetesVersion }}-local-strict/{{ .ResourceKind }}{{ .KindSuffix }}.json";
        // ServiceMonitor is the Prometheus Operator's CRD, of which the Kubernetes schemas know nothing.
        return LauncherRun.run(tmp, Map.of("HOME", tmp.toString()), TIMEOUT, CachedTools.tool("kubeconform").toString(),
                "-strict", "-summary", "-kubernetes-version", KUBERNETES_VERSION, "-schema-location", location,
                "-skip", "ServiceMonitor", file.toString());
    }

    @Test
    void helmLintAcceptsTheChart() throws Exception {
        LauncherRun r = helm("lint", "--strict", CHART.toString());
        assertEquals(0, r.exitCode(), r.printed());
        assertTrue(r.out().contains("1 chart(s) linted, 0 chart(s) failed"), r.printed());
    }

    @Test
    void everyRenderingIsValidKubernetesByItsSchemas() throws Exception {
        for (String[] values : List.of(new String[0],
                new String[]{"--set", "sut.enabled=false,client.sutUrl=amqp://sut.lab:5672/q,inspector.enabled=false,"
                        + "senders.replicas=3,senders.countPerPod=4,receivers.countPerPod=2,metrics.podAnnotations=false,"
                        + "runs.storageClass=fast,broker.existingSecret=my-broker,client.extraParams.size=1KiB",
                        "--api-versions", SERVICE_MONITOR_API})) {
            LauncherRun r = kubeconform(render(CHART, values));
            assertEquals(0, r.exitCode(), "values " + List.of(values) + ": " + r.printed());
            assertTrue(r.out().contains("Invalid: 0, Errors: 0"), r.printed());
        }
    }

    @Test
    void aCopyWithATypoedFieldIsRefused() throws Exception {
        Path copy = tmp.resolve("maestro");
        assertEquals(0, LauncherRun.run(tmp, Map.of(), TIMEOUT, "/bin/cp", "-r", CHART.toString(), copy.toString()).exitCode());
        Path broker = copy.resolve("templates/broker.yaml");
        Files.writeString(broker, Files.readString(broker).replace("readinessProbe:", "readinessProbes:"));
        LauncherRun r = kubeconform(render(copy));
        assertNotEquals(0, r.exitCode(), r.printed());
        assertTrue(r.out().contains("readinessProbes"), r.printed());
        // And helm lint refuses a template that does not parse.
        Files.writeString(broker, "{{ if .Values.broker }}\n" + Files.readString(broker));
        assertNotEquals(0, helm("lint", "--strict", copy.toString()).exitCode());
    }

    @Test
    void theServiceMonitorIsRenderedOnlyWhereItsCrdIs() throws Exception {
        assertFalse(kinds(render(CHART)).contains("ServiceMonitor"));
        String withCrd = render(CHART, "--api-versions", SERVICE_MONITOR_API, "--set", "senders.countPerPod=3");
        JsonNode monitor = documents(withCrd).stream().filter(d -> d.path("kind").asText().equals("ServiceMonitor")).findFirst()
                .orElseThrow(() -> new AssertionError("no ServiceMonitor with the CRD present"));
        // One endpoint per peer of the biggest pod: every peer's /metrics is scraped.
        assertEquals(3, monitor.path("spec").path("endpoints").size(), monitor.toString());
    }

    /** Each Maestro container's arguments, as the chart renders them, parse as bin/maestro's command line. */
    @Test
    void everyMaestroCommandTheChartStartsIsOneTheLauncherAccepts() throws Exception {
        List<String> checked = new ArrayList<>();
        for (JsonNode doc : documents(render(CHART, "--set", "senders.countPerPod=2"))) {
            JsonNode pod = doc.path("spec").path("template").path("spec");
            for (JsonNode container : pod.path("containers")) {
                if (!container.path("image").asText().startsWith("maestro:")) {
                    continue;
                }
                List<String> args = new ArrayList<>();
                container.path("args").forEach(a -> args.add(a.asText()));
                try {
                    assertTrue(MaestroMain.commandLine().parseArgs(args.toArray(String[]::new)).hasSubcommand(), args.toString());
                } catch (CommandLine.ParameterException e) {
                    throw new AssertionError(container.path("name").asText() + ": the launcher refuses " + args + ": " + e.getMessage(), e);
                }
                checked.add(String.join(" ", args));
            }
        }
        assertEquals(5, checked.size(), "sender, receiver, inspector, agent, client: " + checked);
        assertTrue(checked.stream().anyMatch(c -> c.startsWith("worker --role sender --count 2")), checked.toString());
    }

    /** The plain manifests for those without Helm are the chart's rendering with its defaults, as it is now. */
    @Test
    void thePlainManifestsAreUpToDate() throws Exception {
        Path fresh = tmp.resolve("maestro.yaml");
        LauncherRun r = LauncherRun.run(tmp, Map.of("HOME", tmp.toString(), "PATH", "/usr/bin:/bin",
                "HELM", CachedTools.tool("helm").toString()), TIMEOUT, ROOT.resolve("deploy/kubernetes/render.sh").toString(), fresh.toString());
        assertEquals(0, r.exitCode(), r.printed());
        assertEquals(Files.readString(fresh), Files.readString(MANIFESTS), MANIFESTS + " is stale: run deploy/kubernetes/render.sh");
        LauncherRun valid = kubeconform(Files.readString(MANIFESTS));
        assertEquals(0, valid.exitCode(), valid.printed());
    }

    private static List<String> kinds(String manifests) throws IOException {
        return documents(manifests).stream().map(d -> d.path("kind").asText()).toList();
    }

    private static List<JsonNode> documents(String manifests) throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        List<JsonNode> docs = new ArrayList<>();
        try (YAMLParser parser = new YAMLFactory().createParser(manifests)) {
            for (JsonNode doc : yaml.readValues(parser, JsonNode.class).readAll()) {
                if (doc != null && !(doc instanceof MissingNode) && !doc.isNull()) {
                    docs.add(doc);
                }
            }
        }
        return docs;
    }
}
