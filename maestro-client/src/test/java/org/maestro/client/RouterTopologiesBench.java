package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.local.LocalRouters;
import org.maestro.client.local.RouterBinary;
import org.maestro.client.local.TestRouters;
import org.maestro.client.topology.Topology;
import org.maestro.client.topology.TopologyFile;
import org.maestro.common.router.RouterKind;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.testing.ArtemisBroker;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * bench/router-topologies.sh: the thesis's comparison on this machine, in one run, for each router kind chosen (Qpid
 * Dispatch, skupper-router, or both side by side): flat-out throughput, then the p99 response time at 80 % of that
 * maximum, for a single router, a line of three routers, a single broker (a standalone Artemis 2.44, no router: measured
 * once, shown under each kind) and router-broker-router (the broker between two routers, reached by waypoint
 * auto-links, the attach both kinds have), in interleaved rounds (round 1 of every set-up and kind, then round 2, ...)
 * so that the host's other load falls on all of them alike. Prints each round, then the medians side by side: per kind
 * each shape's figures and ÷ single router (line of 3 ÷ single: the thesis saw about 0.26 on its lab), and skupper ÷
 * Qpid Dispatch for each shape. Everything runs on this host: the routers (LocalRouters, on loopback), the broker, and
 * Maestro's sender and receiver ({@code --local}), acknowledged sends, 1 KiB, {@code maestro.bench.connections}
 * connections.
 *
 * <p>Not a test (no assertion, minutes long): surefire runs it only when named, {@code -Dtest=RouterTopologiesBench}.
 * System properties: {@code maestro.bench.router} ({@code both}, or a kind: {@code qpid-dispatch}, {@code skupper}),
 * {@code maestro.bench.rounds} (3), {@code maestro.bench.duration} (10s), {@code maestro.bench.warmup} (3s),
 * {@code maestro.bench.connections} (2). A round 0 of one warm-up's length, flat out, is not counted.
 */
class RouterTopologiesBench {
    private static final Path SCRIPT = Path.of("..", "test-scripts", "router-line.groovy");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String OUT = "router-topologies: ";
    private static final Duration READY_WITHIN = Duration.ofSeconds(120);
    /** The share of each set-up's flat-out rate its latency is measured at. */
    private static final double LATENCY_SHARE = 0.8;
    /** The broker's addresses start so; each kind's router-broker-router has a queue of its own there. */
    private static final String BROKER_ADDRESS = "bench";
    /** {@code maestro.bench.router}'s value for every kind. */
    private static final String BOTH = "both";
    private static final String SINGLE = "single router";
    private static final String LINE = "line of 3";
    private static final String BROKER = "single broker";
    private static final String RBR = "router-broker-router";
    private static final List<String> SHAPES = List.of(SINGLE, LINE, BROKER, RBR);

    @TempDir
    Path work;

    /** A set-up: a shape on a kind of router (null: the broker alone), where the sender sends and the receiver receives. */
    private record Setup(String shape, RouterKind kind, String sendUrl, String receiveUrl) {
        String name() {
            return kind == null ? shape : shape + " (" + kind.word() + ")";
        }
    }

    /** One round's figures of one set-up. */
    private record Figures(double flatOutPerSecond, double p99Millis) {
    }

    @Test
    void compareTopologies() throws Exception {
        int rounds = Integer.getInteger("maestro.bench.rounds", 3);
        String duration = System.getProperty("maestro.bench.duration", "10s");
        String warmup = System.getProperty("maestro.bench.warmup", "3s");
        String connections = System.getProperty("maestro.bench.connections", "2");
        String chosen = System.getProperty("maestro.bench.router", BOTH);
        List<RouterKind> kinds = chosen.equals(BOTH) ? List.of(RouterKind.values()) : List.of(RouterKind.parse(chosen));
        List<RouterBinary> binaries = new ArrayList<>();
        for (RouterKind kind : kinds) {
            binaries.add(TestRouters.binary(kind));
        }
        List<AutoCloseable> started = new ArrayList<>();
        try (ArtemisBroker broker = anonymousBroker()) {
            List<Setup> setups = new ArrayList<>();
            setups.add(new Setup(BROKER, null, broker.amqpUrl() + "/" + BROKER_ADDRESS + ".broker",
                    broker.amqpUrl() + "/" + BROKER_ADDRESS + ".broker"));
            for (RouterBinary binary : binaries) {
                RouterKind kind = binary.kind();
                Path dir = work.resolve(kind.word());
                String rbrQueue = BROKER_ADDRESS + ".rbr." + kind.word();
                LocalRouters single = start(started, Topology.line(1), binary, dir.resolve("single"));
                LocalRouters line = start(started, Topology.line(3), binary, dir.resolve("line"));
                LocalRouters rbr = start(started, routerBrokerRouter(broker.amqpPort(), rbrQueue, dir), binary, dir.resolve("rbr"));
                setups.add(new Setup(SINGLE, kind, single.amqpUrl("router-1", "bench.single"), single.amqpUrl("router-1", "bench.single")));
                setups.add(new Setup(LINE, kind, line.amqpUrl("router-1", "bench.line"), line.amqpUrl("router-3", "bench.line")));
                setups.add(new Setup(RBR, kind, rbr.amqpUrl("router-1", rbrQueue), rbr.amqpUrl("router-2", rbrQueue)));
            }
            Map<Setup, List<Figures>> all = new LinkedHashMap<>();
            setups.forEach(s -> all.put(s, new ArrayList<>()));
            print("%d round(s) of %s (%s warm-up) per set-up and load, %s connection(s), 1 KiB, acknowledged; routers: %s;"
                    + " host load %s", rounds, duration, warmup, connections,
                    String.join(", ", binaries.stream().map(RouterBinary::describe).toList()),
                    Files.readString(Path.of("/proc/loadavg")).strip());
            // Round 0, not counted: this JVM's sender and receiver code, the broker and the routers warm up (the first
            // measured round ran 2-15 times slower than the second without it).
            for (Setup s : setups) {
                run(s, 0, "max", warmup, null, connections);
            }
            for (int round = 1; round <= rounds; round++) {
                for (Setup s : setups) {
                    JsonNode flat = totals(run(s, round, "max", duration, warmup, connections));
                    double max = flat.get("receiveRate").asDouble();
                    long at = Math.max(1, Math.round(max * LATENCY_SHARE));
                    JsonNode paced = totals(run(s, round, Long.toString(at), duration, warmup, connections));
                    double p99 = paced.get("responseTime").get("p99").asDouble();
                    all.get(s).add(new Figures(max, p99));
                    print("round %d  %-36s flat out %8.0f msg/s (sent %d, lost %d); at %d msg/s p99 %8.1f ms (lost %d)", round,
                            s.name(), max, flat.get("sent").asLong(), flat.get("lost").asLong(), at, p99, paced.get("lost").asLong());
                }
            }
            table(rounds, kinds, binaries, all);
        } finally {
            for (int i = started.size() - 1; i >= 0; i--) {
                started.get(i).close();
            }
        }
    }

    /** The medians side by side: per kind each shape's flat out, p99 and ÷ single router; then skupper ÷ Qpid Dispatch. */
    private static void table(int rounds, List<RouterKind> kinds, List<RouterBinary> binaries, Map<Setup, List<Figures>> all) {
        print("");
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-22s", "median of " + rounds));
        StringBuilder sub = new StringBuilder(String.format(Locale.ROOT, "%-22s", ""));
        for (RouterBinary b : binaries) {
            head.append(String.format(Locale.ROOT, " | %-36s", b.describe()));
            sub.append(String.format(Locale.ROOT, " | %12s %11s %11s", "flat msg/s", "p99 ms@80%", "÷ single"));
        }
        boolean both = kinds.size() == 2;
        if (both) {
            head.append(String.format(Locale.ROOT, " | %-23s", kinds.get(1).word() + " ÷ " + kinds.get(0).word()));
            sub.append(String.format(Locale.ROOT, " | %11s %11s", "flat out", "p99"));
        }
        print("%s", head);
        print("%s", sub);
        for (String shape : SHAPES) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-22s", shape));
            List<Figures> medians = new ArrayList<>();
            for (RouterKind kind : kinds) {
                Figures m = medians(figures(all, shape, kind));
                double single = medians(figures(all, SINGLE, kind)).flatOutPerSecond();
                medians.add(m);
                row.append(String.format(Locale.ROOT, " | %12.0f %11.1f %11.2f", m.flatOutPerSecond(), m.p99Millis(),
                        m.flatOutPerSecond() / single));
            }
            if (both) {
                row.append(shape.equals(BROKER) ? String.format(Locale.ROOT, " | %11s %11s", "(no router)", "")
                        : String.format(Locale.ROOT, " | %11.2f %11.2f", medians.get(1).flatOutPerSecond() / medians.get(0).flatOutPerSecond(),
                        medians.get(1).p99Millis() / medians.get(0).p99Millis()));
            }
            print("%s", row);
        }
        for (RouterKind kind : kinds) {
            List<Figures> lines = figures(all, LINE, kind);
            List<Figures> singles = figures(all, SINGLE, kind);
            List<String> perRound = new ArrayList<>();
            for (int i = 0; i < rounds; i++) {
                perRound.add(String.format(Locale.ROOT, "%.2f", lines.get(i).flatOutPerSecond() / singles.get(i).flatOutPerSecond()));
            }
            print("%s: line of 3 / single router, flat out: %.2f (per round: %s; the thesis, on Qpid Dispatch: about 0.26)",
                    kind.product(), medians(lines).flatOutPerSecond() / medians(singles).flatOutPerSecond(), String.join(", ", perRound));
        }
    }

    /** A shape's figures per round on a kind; the broker's (no router) whatever the kind. */
    private static List<Figures> figures(Map<Setup, List<Figures>> all, String shape, RouterKind kind) {
        return all.entrySet().stream().filter(e -> e.getKey().shape().equals(shape)
                && (e.getKey().kind() == null || e.getKey().kind() == kind)).findFirst().orElseThrow().getValue();
    }

    private static LocalRouters start(List<AutoCloseable> started, Topology topology, RouterBinary binary, Path dir) throws Exception {
        LocalRouters routers = LocalRouters.start(topology, binary, dir, READY_WITHIN);
        started.add(routers);
        return routers;
    }

    /**
     * Router-1 and router-2 on either side of the broker, by auto-links to its queue {@code queue}: router-1's takes it
     * out to the broker, router-2's brings it in (one way per router: skupper-router has no waypoint phases).
     */
    private static Topology routerBrokerRouter(int brokerPort, String queue, Path dir) throws Exception {
        Files.createDirectories(dir);
        return TopologyFile.read(Files.writeString(dir.resolve("router-broker-router.yaml"), """
                nodes:
                  - {name: router-1}
                  - {name: broker, kind: broker, port: %d, addresses: [%s], attach: waypoint}
                  - {name: router-2}
                links:
                  - {from: router-1, to: broker, direction: out}
                  - {from: router-2, to: broker, direction: in}
                """.formatted(brokerPort, queue)));
    }

    /**
     * A standalone Artemis (full JIT, as a lab's) that lets anyone in: the routers' link-route connectors log in
     * anonymously (the generator writes no credentials), and so do Maestro's workers here.
     */
    private static ArtemisBroker anonymousBroker() throws Exception {
        ArtemisBroker broker = ArtemisBroker.fromSystemProperties(false);
        Path xml = broker.instanceDirectory().resolve("etc/broker.xml");
        String config = Files.readString(xml);
        if (!config.contains("<security-enabled>")) {
            Files.writeString(xml, config.replaceFirst("<core xmlns=\"urn:activemq:core\"([^>]*)>",
                    "<core xmlns=\"urn:activemq:core\"$1>\n      <security-enabled>false</security-enabled>"));
        }
        broker.start();
        return broker;
    }

    /**
     * One {@code maestro run router-line.groovy --local} of a set-up at a rate ('max': flat out); its run directory.
     * A null warm-up: none (the warm-up round itself).
     */
    private Path run(Setup s, int round, String rate, String duration, String warmup, String connections) throws Exception {
        Path runs = work.resolve("runs").resolve(s.name().replaceAll("[^A-Za-z0-9.-]+", "-") + "-" + round + "-" + rate);
        MaestroCommand.Result r = MaestroCommand.run("run", SCRIPT.toString(), "--local", "--runs", runs.toString(),
                "-P", "sendUrl=" + s.sendUrl(), "-P", "receiveUrl=" + s.receiveUrl(), "-P", "rate=" + rate,
                "-P", "duration=" + duration, "-P", "warmup=" + (warmup == null ? "0s" : warmup), "-P", "warmupSendDelay=off",
                "-P", "connections=" + connections, "-P", "size=1024",
                // the figures are read from the summary; criteria would only judge a bench
                "-P", "p99=60 s", "-P", "minRate=1 %", "-P", "sut=" + s.name());
        if (r.exitCode() == 2) {
            throw new IllegalStateException(s.name() + " at " + rate + " could not run:\n" + r.output());
        }
        return MaestroCommand.onlyRun(runs);
    }

    private static JsonNode totals(Path run) throws Exception {
        return JSON.readTree(run.resolve(RunLayout.SUMMARY_JSON).toFile()).get("totals");
    }

    /** The medians of the rounds' flat-out rates and of their p99s. */
    private static Figures medians(List<Figures> rounds) {
        return new Figures(median(rounds.stream().map(Figures::flatOutPerSecond).toList()),
                median(rounds.stream().map(Figures::p99Millis).toList()));
    }

    private static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static void print(String format, Object... args) {
        System.out.println(OUT + String.format(Locale.ROOT, format, args));
    }
}
