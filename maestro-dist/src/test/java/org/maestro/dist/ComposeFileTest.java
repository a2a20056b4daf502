package org.maestro.dist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.cli.MaestroMain;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.testing.Integration;
import picocli.CommandLine;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The root docker-compose.yml, where no container engine is at hand: a real compose implementation (Debian's
 * docker-compose, installed by bin/install-test-deps) must accept it ({@code docker-compose config}), and every
 * Maestro service's command line, as compose resolves it, must be one the launcher's command line accepts.
 */
@Integration
class ComposeFileTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path COMPOSE_FILE = ROOT.resolve("docker-compose.yml");
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** The image the compose file builds from the distribution: its services run bin/maestro. */
    private static final String MAESTRO_IMAGE = "maestro:local";
    private static final Set<String> PEER_COMMANDS = Set.of("worker", "inspector", "agent");

    private static Path dockerCompose;

    @TempDir
    Path tmp;

    @BeforeAll
    static void findDockerCompose() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "docker-compose");
            if (Files.isExecutable(candidate)) {
                dockerCompose = candidate;
                return;
            }
        }
        fail("docker-compose is not installed (looked on the PATH): run bin/install-test-deps, which installs Debian's docker-compose");
    }

    /** {@code docker-compose -f FILE config}, with an environment that sets none of the file's variables. */
    private LauncherRun config(Path file) throws Exception {
        return LauncherRun.run(tmp, Map.of("PATH", System.getenv("PATH"), "HOME", tmp.toString()), TIMEOUT,
                dockerCompose.toString(), "-f", file.toString(), "config");
    }

    @Test
    void dockerComposeConfigAcceptsTheRootFile() throws Exception {
        LauncherRun r = config(COMPOSE_FILE);
        assertEquals(0, r.exitCode(), "docker-compose config refused " + COMPOSE_FILE + ": " + r.printed());
    }

    @Test
    void dockerComposeConfigRefusesABrokenFile() throws Exception {
        Path broken = tmp.resolve("docker-compose.yml");
        Files.writeString(broken, "services:\n  client:\n    image: maestro:local\n    depends_on:\n      sender:\n"
                + "        condition: service_healthy\n");
        LauncherRun r = config(broken);
        assertNotEquals(0, r.exitCode(), "a depends_on on an undefined service must fail: " + r.printed());
    }

    @Test
    void everyMaestroServiceRunsACommandTheLauncherAccepts() throws Exception {
        LauncherRun r = config(COMPOSE_FILE);
        assertEquals(0, r.exitCode(), r.printed());
        JsonNode services = new ObjectMapper(new YAMLFactory()).readTree(r.out()).path("services");
        List<String> checked = new ArrayList<>();
        List<String> peers = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : services.properties()) {
            String service = e.getKey();
            JsonNode s = e.getValue();
            if (!MAESTRO_IMAGE.equals(s.path("image").asText())) {
                continue;
            }
            List<String> args = strings(s.path("command"));
            String command = accepted(service, args);
            JsonNode env = s.path("environment");
            BrokerUrl.parse(env.path("MAESTRO_BROKER").asText());   // the broker every command takes from the environment
            if (PEER_COMMANDS.contains(command)) {
                peers.add(service);
                assertTrue(args.contains("--name") || env.has("MAESTRO_NAME") || env.has("MAESTRO_NAME_PREFIX"),
                        service + " has no peer name: --name, MAESTRO_NAME or MAESTRO_NAME_PREFIX");
                List<String> health = strings(s.path("healthcheck").path("test"));
                assertEquals("CMD-SHELL", health.isEmpty() ? "" : health.get(0), service + " has a health check");
                String probe = health.get(1).substring(0, health.get(1).indexOf('|')).strip();
                assertTrue(probe.startsWith("maestro "), service + ": " + probe);
                accepted(service + " health check", List.of(probe.substring("maestro ".length()).split(" +")));
            }
            if (command.equals("run")) {
                Path script = Path.of(args.get(1));
                assertTrue(Files.isRegularFile(ROOT.resolve("test-scripts").resolve(script.getFileName().toString())),
                        service + " runs " + script + ", which the distribution's test-scripts/ does not hold");
                for (String peer : PEER_COMMANDS) {
                    services.properties().forEach(other -> {
                        if (strings(other.getValue().path("command")).stream().findFirst().orElse("").equals(peer)) {
                            assertEquals("service_healthy", s.path("depends_on").path(other.getKey()).path("condition").asText(),
                                    service + " starts once " + other.getKey() + " is healthy");
                        }
                    });
                }
            }
            checked.add(service + ": " + String.join(" ", args));
        }
        System.out.println("compose services accepted by the launcher:\n  " + String.join("\n  ", checked));
        assertEquals(Set.of("sender", "receiver", "inspector", "agent"), Set.copyOf(peers), checked.toString());
        assertTrue(checked.stream().anyMatch(c -> c.startsWith("client: run ")), checked.toString());
    }

    @Test
    void theMonitoringProfileRunsTheRepositorysPrometheusAndGrafanaFedByMaestroTargets() throws Exception {
        LauncherRun r = config(COMPOSE_FILE);
        assertEquals(0, r.exitCode(), r.printed());
        JsonNode services = new ObjectMapper(new YAMLFactory()).readTree(r.out()).path("services");
        for (String service : List.of("targets", "prometheus", "grafana")) {
            assertEquals(List.of("monitoring"), strings(services.path(service).path("profiles")), service);
        }
        List<String> targets = strings(services.path("targets").path("command"));
        assertEquals("targets", accepted("targets", targets));
        String file = targets.get(targets.indexOf("--output") + 1);
        String targetsVolume = volumeAt(services.path("targets"), Path.of(file).getParent().toString());
        assertEquals(targetsVolume, volumeAt(services.path("prometheus"), "/etc/prometheus/targets"),
                "Prometheus reads the list maestro targets writes");
        assertEquals(ROOT.resolve("prometheus/prometheus.yml").toString(),
                volumeAt(services.path("prometheus"), "/etc/prometheus/prometheus.yml"));
        assertEquals(ROOT.resolve("grafana/provisioning").toString(), volumeAt(services.path("grafana"), "/etc/grafana/provisioning"));
        assertEquals(ROOT.resolve("grafana/dashboards").toString(),
                volumeAt(services.path("grafana"), "/var/lib/grafana/dashboards/maestro"));
    }

    /**
     * One knob per kind of worker: SENDERS (RECEIVERS) is both the worker's --count and the scenario's senders
     * (receivers), with no --scale to repeat it; and the runs land on the host in ./runs, a bind mount.
     */
    @Test
    void oneKnobSetsTheWorkersCountAndTheScenariosAndRunsLandInDotRuns() throws Exception {
        LauncherRun r = LauncherRun.run(tmp, Map.of("PATH", System.getenv("PATH"), "HOME", tmp.toString(),
                "SENDERS", "3", "RECEIVERS", "2"), TIMEOUT, dockerCompose.toString(), "-f", COMPOSE_FILE.toString(), "config");
        assertEquals(0, r.exitCode(), r.printed());
        JsonNode services = new ObjectMapper(new YAMLFactory()).readTree(r.out()).path("services");
        List<String> client = strings(services.path("client").path("command"));
        for (Map.Entry<String, String> kind : Map.of("sender", "3", "receiver", "2").entrySet()) {
            List<String> worker = strings(services.path(kind.getKey()).path("command"));
            assertEquals(kind.getValue(), worker.get(worker.indexOf("--count") + 1), worker.toString());
            assertTrue(client.contains(kind.getKey() + "s=" + kind.getValue()), client.toString());
        }
        assertEquals(ROOT.resolve("runs").toString(), volumeAt(services.path("client"), "/runs"));
    }

    /** The source (volume name or host path) mounted at {@code target} in the service, as compose resolved it. */
    private static String volumeAt(JsonNode service, String target) {
        for (JsonNode v : service.path("volumes")) {
            String spec = v.isTextual() ? v.asText() : v.path("source").asText() + ":" + v.path("target").asText();
            String[] parts = spec.split(":");
            if (parts.length >= 2 && parts[1].equals(target)) {
                return parts[0];
            }
        }
        throw new AssertionError("nothing is mounted at " + target + " in " + service);
    }

    @Test
    void theCheckRefusesACommandTheLauncherDoesNot() {
        assertThrows(AssertionError.class, () -> accepted("typo", List.of("worker", "--rol", "sender")));
        assertThrows(AssertionError.class, () -> accepted("unknown", List.of("wroker")));
    }

    /** Parses {@code args} as bin/maestro would, without running anything; returns the subcommand. */
    private static String accepted(String service, List<String> args) {
        try {
            CommandLine.ParseResult parsed = MaestroMain.commandLine().parseArgs(args.toArray(String[]::new));
            assertTrue(parsed.hasSubcommand(), service + ": no subcommand in " + args);
            return args.get(0);   // the name it is registered under ("worker"), not its own ("maestro-worker")
        } catch (CommandLine.ParameterException e) {
            throw new AssertionError(service + ": the launcher refuses '" + String.join(" ", args) + "': " + e.getMessage(), e);
        }
    }

    /** A list of strings, empty when absent. */
    private static List<String> strings(JsonNode list) {
        assertFalse(!list.isMissingNode() && !list.isArray(), "expected a list, found " + list);
        List<String> out = new ArrayList<>();
        list.forEach(n -> out.add(n.asText()));
        return out;
    }
}
