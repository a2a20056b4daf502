package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.maestro.client.local.LocalRouters;
import org.maestro.client.local.RouterBinary;
import org.maestro.client.local.TestRouters;
import org.maestro.client.topology.Topology;
import org.maestro.client.topology.TopologyFile;
import org.maestro.common.router.RouterKind;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunTopology;
import org.maestro.common.testing.Integration;
import org.maestro.common.util.SystemInfo;
import org.maestro.inspector.amqp.AmqpManagementInspector;
import org.maestro.inspector.amqp.EntityQuery;
import org.maestro.inspector.amqp.ManagementUrl;
import org.maestro.results.BuildTags;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real routers ({@link TestRouters}: skipped with how to get one when none is found, failed under CI): a line of three
 * started by {@link LocalRouters}, Maestro's own client with real peers ({@code --local}) sending on the first router and
 * receiving on the last, and everything stopped at the end, also when a start fails. The line itself and the one
 * command that starts it run on both kinds, Qpid Dispatch and skupper-router; the scripts with a broker (link routes,
 * which skupper-router has not) and the generator's sections run on Qpid Dispatch.
 */
@Integration
class RouterLineTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration READY_WITHIN = TestRouters.READY_WITHIN;
    /** Low enough for a 2-core host shared with other builds: each send's disposition crosses the three routers twice. */
    private static final int RATE = 200;
    private static final int SECONDS = 4;

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(RouterKind.class)
    void aLineOfThreeRoutersCarriesAFixedRateRunWithExactCounts(RouterKind kind) throws Exception {
        TestRouters.binary(kind);
        List<Long> pids = new ArrayList<>();
        try (LocalRouters line = TestRouters.lineOfThree(kind, dir.resolve("routers"))) {
            line.topology().routers().forEach(r -> pids.add(line.pid(r.name())));
            long transitBefore = TestRouters.transit(line, "router-2");
            Path runs = dir.resolve("runs");
            // what is judged here is the counts; latency and rate bounds only catch a run that crawled
            MaestroCommand.Result r = MaestroCommand.run(TestRouters.lineRun(line, runs, "line.queue", RATE, SECONDS,
                    "-P", "warmupMax=3s", "-P", "p99=5 s", "-P", "minRate=50 %"));
            assertEquals(0, r.exitCode(), r.output());
            JsonNode totals = JSON.readTree(MaestroCommand.onlyRun(runs).resolve("summary.json").toFile()).get("totals");
            assertEquals(DueMessages.of(RATE, SECONDS, "1s"), totals.get("sent").asLong(), "at " + RATE + " msg/s for " + SECONDS + " s: " + totals);
            assertEquals(totals.get("sent").asLong(), totals.get("received").asLong(), totals.toString());
            assertEquals(0, totals.get("lost").asLong(), totals.toString());
            // Through the middle router, not around it: its count of deliveries between two other routers grew by
            // at least every message (the warm-up's too).
            long crossed = TestRouters.transit(line, "router-2") - transitBefore;
            assertTrue(crossed >= totals.get("sent").asLong(), "router-2 forwarded " + crossed + " deliveries");
            assertTrue(Files.size(line.logOf("router-2")) > 0, "each router logs to its own file");
        }
        for (long pid : pids) {
            Optional<ProcessHandle> p = ProcessHandle.of(pid);
            assertFalse(p.isPresent() && p.get().isAlive(), "router process " + pid + " stopped at close");
        }
    }

    /**
     * The one command: {@code maestro run test-scripts/router-line.groovy --local -P router=KIND}, which starts a line of
     * three of that kind itself.
     */
    @ParameterizedTest
    @EnumSource(RouterKind.class)
    void localStartsTheScriptsTopologyAndPointsTheRoutesAtItsEnds(RouterKind kind) throws Exception {
        RouterBinary binary = TestRouters.binary(kind);
        Path runs = dir.resolve("runs");
        MaestroCommand.Result r = MaestroCommand.run("run", Path.of("..", "test-scripts", "router-line.groovy").toString(),
                "--local", "--runs", runs.toString(), "-P", "router=" + kind.word(), "-P", "topology=line 3", "-P", "rate=" + RATE,
                "-P", "duration=" + SECONDS + "s", "-P", "warmup=1s", "-P", "warmupSendDelay=500ms", "-P", "warmupMax=3s",
                "-P", "connections=2", "-P", "p99=5 s", "-P", "minRate=50 %", "-P", "inspect=all", "-P", "inspectors=one");
        assertEquals(0, r.exitCode(), r.output());
        Path run = MaestroCommand.onlyRun(runs);
        JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
        // ONE inspector peer sampled the three routers, each router's CSVs in a directory of its own, listed in its
        // test.json; the topology recorded once for the report.
        for (String router : List.of("router-1", "router-2", "router-3")) {
            assertTrue(Files.size(run.resolve("peers/inspector-1/" + router + "/links.csv")) > 0, router + "'s CSVs in its own directory");
            assertTrue(Files.size(run.resolve("peers/inspector-1/" + router + "/sampling.csv")) > 0, router + "'s own sampling log");
        }
        JsonNode inspectorTest = JSON.readTree(run.resolve("peers/inspector-1/test.json").toFile());
        List<String> targets = new java.util.ArrayList<>();
        inspectorTest.get("targets").forEach(t -> targets.add(t.get("name").asText()));
        assertEquals(List.of("router-1", "router-2", "router-3"), targets, inspectorTest.toString());
        assertTrue(inspectorTest.get("targets").get(1).get("dataSets").has("links"), inspectorTest.toString());
        JsonNode inspectorPeer = null;
        for (JsonNode p : s.get("peers")) {
            inspectorPeer = p.get("name").asText().equals("inspector-1") ? p : inspectorPeer;
        }
        assertTrue(inspectorPeer != null && inspectorPeer.get("files").toString().contains("\"router-2/links.csv\""), String.valueOf(inspectorPeer));
        JsonNode topology = JSON.readTree(run.resolve(RunTopology.FILE).toFile());
        assertEquals("line 3", topology.get("description").asText());
        assertEquals(binary.describe(), topology.get("router").asText(), "which router and version ran: " + topology);
        assertTrue(binary.version().matches("\\d+\\.\\d+.*"), "the version the router gave: " + binary);
        // The inspector asked the routers themselves (their router entity's version). skupper-router 3.5.1 built from its
        // source answers that attribute empty (skstat -g shows no Version either), so there the summary names the SUT by
        // the router --local started.
        JsonNode system = JSON.readTree(run.resolve("peers/inspector-1/" + PeerFiles.SYSTEM_JSON).toFile());
        assertEquals(kind == RouterKind.QPID_DISPATCH ? binary.describe() : "", system.path(SystemInfo.SUT_VERSION).asText(),
                system.toString());
        assertEquals(binary.describe(), s.path("build").path(BuildTags.SUT).asText(), s.path("build").toString());
        assertEquals("router-1", topology.get("sendsOn").asText());
        assertEquals("router-3", topology.get("receivesOn").asText());
        assertTrue(Files.readString(run.resolve(RunTopology.PICTURE)).startsWith("<svg"), "the picture beside it");
        JsonNode report = reportData(run);
        JsonNode nodes = report.get("topology").get("nodes");
        for (int i = 0; i < 3; i++) { // the topology table by router: each inspected, by the one peer, and its log kept
            assertEquals("routers/router-" + (i + 1) + ".log", nodes.get(i).get("log").asText(), nodes.toString());
            assertTrue(Files.readString(run.resolve(nodes.get(i).get("log").asText())).contains("Operational"),
                    binary.describe() + "'s own log, kept in the run directory");
            assertTrue(nodes.get(i).get("peers").toString().contains("{\"peer\":\"inspector-1\",\"role\":\"inspector\",\"what\":\"inspects\"}"),
                    nodes.toString());
            assertTrue(report.get("charts").findValuesAsText("title").contains("router-" + (i + 1)
                    + " (inspector-1): links.csv: rates per second (counters)"), report.get("charts").findValuesAsText("title").toString());
        }
        JsonNode totals = s.get("totals");
        // Each hop's figures, from router-2's own link counters, in summary.json (the report renders the same list):
        // every message (the warm-up's too) crossed router-2 toward router-3 and was accepted there.
        JsonNode toward = null;
        for (JsonNode h : s.get("hops")) {
            if (h.get("link").asText().equals("inter-router out to router-3")) {
                toward = h;
            }
        }
        assertTrue(toward != null, "the hop toward the receiver: " + s.get("hops"));
        assertEquals("router-2", toward.get("router").asText(), toward.toString());
        assertTrue(toward.get("deliveries").asLong() >= totals.get("sent").asLong(), toward + " " + totals);
        assertEquals(toward.get("deliveries").asLong(), toward.get("accepted").asLong(), "all accepted: " + toward);
        assertEquals(s.get("hops"), report.get("summary").get("hops"), "the report's hops are summary.json's");
        List<String> hops = new java.util.ArrayList<>();
        s.get("hops").forEach(h -> hops.add(h.get("router").asText() + ": " + h.get("link").asText()));
        assertTrue(hops.containsAll(List.of("router-1: inter-router out to router-2", "router-2: inter-router out to router-3",
                "router-3: inter-router in from router-2")), "each router's hops, from its own directory: " + hops);
        assertEquals(DueMessages.of(RATE, SECONDS, "1s"), totals.get("sent").asLong(), totals.toString());
        assertEquals(totals.get("sent").asLong(), totals.get("received").asLong(), totals.toString());
        assertEquals(0, totals.get("lost").asLong(), totals.toString());
        JsonNode route = s.get("parameters").get("routes").get(0);
        assertFalse(route.get("sendUrl").asText().equals(route.get("receiveUrl").asText()), "first and last router: " + route);
        assertTrue(s.get("description").asText().startsWith("router topology 'line 3' (3 routers on this machine, "
                + binary.describe() + ", "), "the SUT says which router and version: " + s.get("description"));
        assertTrue(r.output().contains("senders on router-1 (") && r.output().contains("receivers on router-3 ("), r.output());
        // The client's temporary directory (maestro-local-*) held the routers' configurations: none of them runs now.
        // Only this JVM's own processes are looked at: other builds on the host run routers of their own there.
        assertEquals(List.of(), ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().arguments().map(a -> String.join(" ", a)).orElse("")
                        .matches(".*maestro-local-[^ ]*/routers/.*")).map(ProcessHandle::pid).toList(), "the run stopped its routers");
    }

    /**
     * The thesis's scenarios with {@code --local} and nothing else: router-vs-broker.groovy (a single router, then the
     * embedded broker, flat out with acknowledged sends: exact counts) and broker-in-the-middle.groovy (two routers
     * link-routing to a broker --local starts between them, at a fixed rate: exactly rate x duration).
     */
    @Test
    void theRouterVsBrokerAndBrokerInTheMiddleScriptsRunWithLocalAlone() throws Exception {
        TestRouters.binary();
        Path runs = dir.resolve("vs");
        MaestroCommand.Result vs = MaestroCommand.run("run", Path.of("..", "test-scripts", "router-vs-broker.groovy").toString(),
                "--local", "--runs", runs.toString(), "-P", "rate=max", "-P", "duration=1s", "-P", "warmup=0s",
                "-P", "warmupSendDelay=off", "-P", "p99=60 s");
        assertEquals(0, vs.exitCode(), vs.output());
        java.util.Map<String, String> descriptions = new java.util.TreeMap<>();
        try (var dirs = Files.list(runs)) {
            for (Path run : dirs.filter(d -> Files.isRegularFile(d.resolve("summary.json"))).sorted().toList()) {
                JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
                JsonNode totals = s.get("totals");
                assertTrue(totals.get("sent").asLong() > 0, totals.toString());
                assertEquals(totals.get("sent").asLong(), totals.get("received").asLong(), "flat out, acknowledged: " + totals);
                assertEquals(0, totals.get("lost").asLong(), totals.toString());
                descriptions.put(s.get("name").asText(), s.get("description").asText());
            }
        }
        assertEquals(2, descriptions.size(), descriptions.toString());
        assertTrue(descriptions.get("router-vs-broker-broker").startsWith("embedded ActiveMQ Artemis")
                && descriptions.get("router-vs-broker-router").startsWith("router topology 'line 1'"), descriptions.toString());

        Path middle = dir.resolve("middle");
        MaestroCommand.Result r = MaestroCommand.run("run", Path.of("..", "test-scripts", "broker-in-the-middle.groovy").toString(),
                "--local", "--runs", middle.toString(), "-P", "rate=" + RATE, "-P", "duration=2s", "-P", "warmup=0s",
                "-P", "warmupSendDelay=off", "-P", "p99=5 s", "-P", "minRate=50 %");
        assertEquals(0, r.exitCode(), r.output());
        Path run = MaestroCommand.onlyRun(middle);
        JsonNode totals = JSON.readTree(run.resolve("summary.json").toFile()).get("totals");
        assertEquals(RATE * 2L, totals.get("sent").asLong(), totals.toString());
        assertEquals(totals.get("sent").asLong(), totals.get("received").asLong(), totals.toString());
        assertEquals(0, totals.get("lost").asLong(), totals.toString());
        JsonNode topology = JSON.readTree(run.resolve(RunTopology.FILE).toFile());
        assertEquals("broker", topology.get("nodes").get(1).get("kind").asText(), topology.toString());
        assertEquals("router-2", topology.get("receivesOn").asText(), topology.toString());
        assertTrue(r.output().contains("local SUT: broker broker-1: embedded ActiveMQ Artemis"), r.output());
    }

    @Test
    void aRouterThatCannotStartIsNamedWithItsLogAndTheOthersAreStopped() throws Exception {
        RouterBinary binary = TestRouters.binary();
        Topology bad = TopologyFile.read(Files.writeString(dir.resolve("bad.yaml"), """
                nodes: [{name: good}, {name: broken, router: {workerThreads: many}}]
                links: [{from: broken, to: good}]
                """));
        Path routers = dir.resolve("bad");
        IOException e = assertThrows(IOException.class, () -> LocalRouters.start(bad, binary, routers, READY_WITHIN));
        assertTrue(e.getMessage().startsWith("router broken ended with exit code "), e.getMessage());
        assertTrue(e.getMessage().contains("'many'"), "the router's own words: " + e.getMessage());
        assertEquals(List.of(), runningUnder(routers), "the good router was stopped");

        Path slow = dir.resolve("slow");
        IOException late = assertThrows(IOException.class, () -> LocalRouters.start(Topology.line(2), binary, slow, Duration.ZERO));
        assertTrue(late.getMessage().startsWith("the routers of line 2 were not up within 0 s: "), late.getMessage());
        assertEquals(List.of(), runningUnder(slow), "a start that gave up stopped what it started");
    }

    /** Every kind of section the generator writes is one the real router takes: its management lists what was configured. */
    @Test
    void theRouterTakesBrokerLinkRoutesWaypointsAndCosts() throws Exception {
        RouterBinary binary = TestRouters.binary();
        int nobody = org.maestro.common.util.LoopbackPorts.free(); // the brokers need not run for the routers to start
        Topology t = TopologyFile.read(Files.writeString(dir.resolve("brokers.yaml"), """
                nodes:
                  - {name: a, router: {workerThreads: 2}}
                  - {name: b}
                  - {name: q, kind: broker, port: %d, addresses: [perf, orders]}
                  - {name: w, kind: broker, port: %d, attach: waypoint}
                links:
                  - {from: b, to: a, cost: 7}
                  - {from: a, to: q}
                  - {from: w, to: b}
                """.formatted(nobody, nobody)));
        try (LocalRouters routers = LocalRouters.start(t, binary, dir.resolve("brokers"), READY_WITHIN)) {
            assertEquals(java.util.Set.of(List.of("perf", "in"), List.of("perf", "out"), List.of("orders", "in"),
                    List.of("orders", "out")), java.util.Set.copyOf(query(binary, routers.managementUrl("a"),
                    "router.config.linkRoute", "prefix", "direction")));
            assertEquals(java.util.Set.of(List.of("queue", "in"), List.of("queue", "out")), java.util.Set.copyOf(
                    query(binary, routers.managementUrl("b"), "router.config.autoLink", "address", "direction")));
            assertTrue(query(binary, routers.managementUrl("b"), "router.config.address", "prefix", "waypoint")
                    .contains(List.of("queue", "true")), "a waypoint address for the broker's queue");
            assertEquals(List.of(List.of("2")), query(binary, routers.managementUrl("a"), "router", "workerThreads"));
            assertTrue(query(binary, routers.managementUrl("b"), "connector", "role", "cost")
                    .contains(List.of("inter-router", "7")), "b's connector to a costs 7");
        }
    }

    private static List<List<String>> query(RouterBinary binary, String managementUrl, String type, String... attributes)
            throws Exception {
        try (AmqpManagementInspector m = new AmqpManagementInspector(ManagementUrl.parse(managementUrl),
                List.of(new EntityQuery("q", binary.kind().entityType(type), List.of(attributes))), Duration.ofSeconds(5))) {
            return m.sample().rowsOf("q");
        }
    }

    /** What report.html shows, as the JSON inside it. */
    static JsonNode reportData(Path run) throws IOException {
        String html = Files.readString(run.resolve("report.html"));
        return JSON.readTree(html.substring(html.indexOf('>', html.indexOf("id=\"report-data\"")) + 1,
                html.indexOf("</script>", html.indexOf("id=\"report-data\""))));
    }

    /** Processes whose command line names a file under {@code dir}: routers started there. */
    private static List<Long> runningUnder(Path dir) {
        String where = dir.toAbsolutePath().toString();
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().arguments().map(a -> String.join(" ", a).contains(where)).orElse(false))
                .map(ProcessHandle::pid).toList();
    }
}
