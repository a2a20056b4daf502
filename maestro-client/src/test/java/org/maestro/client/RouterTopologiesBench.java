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
 * bench/router-topologies.sh: the thesis's comparison on this machine, in one run: flat-out throughput, then the p99
 * response time at 80 % of that maximum, for a single router, a line of three routers, a single broker (a standalone
 * Artemis 2.44) and router-broker-router (the broker between two routers, reached by link routes), in interleaved
 * rounds (round 1 of every set-up, then round 2, ...) so that the host's other load falls on all of them alike. Prints
 * each round, the medians, and the ratio line of 3 / single router (the thesis saw about 0.26 on its lab).
 * Everything runs on this host: the routers (LocalRouters, on loopback), the broker, and Maestro's sender and receiver
 * ({@code --local}), acknowledged sends, 1 KiB, {@code maestro.bench.connections} connections.
 *
 * <p>Not a test (no assertion, minutes long): surefire runs it only when named, {@code -Dtest=RouterTopologiesBench}.
 * System properties: {@code maestro.bench.rounds} (3), {@code maestro.bench.duration} (10s),
 * {@code maestro.bench.warmup} (3s), {@code maestro.bench.connections} (2). A round 0 of one warm-up's length, flat out,
 * is not counted.
 */
class RouterTopologiesBench {
    private static final Path SCRIPT = Path.of("..", "test-scripts", "router-line.groovy");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String OUT = "router-topologies: ";
    private static final Duration READY_WITHIN = Duration.ofSeconds(120);
    /** The share of each set-up's flat-out rate its latency is measured at. */
    private static final double LATENCY_SHARE = 0.8;
    /** The broker's address prefix: the routers beside it link-route it there. */
    private static final String BROKER_ADDRESS = "bench";

    @TempDir
    Path work;

    /** A set-up: where the sender sends and the receiver receives. */
    private record Setup(String name, String sendUrl, String receiveUrl) {
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
        RouterBinary binary = TestRouters.binary();
        try (ArtemisBroker broker = anonymousBroker();
             LocalRouters single = LocalRouters.start(Topology.line(1), binary, work.resolve("single"), READY_WITHIN);
             LocalRouters line = LocalRouters.start(Topology.line(3), binary, work.resolve("line"), READY_WITHIN);
             LocalRouters rbr = LocalRouters.start(routerBrokerRouter(broker.amqpPort()), binary, work.resolve("rbr"), READY_WITHIN)) {
            List<Setup> setups = List.of(
                    new Setup("single router", single.amqpUrl("router-1", "bench.single"), single.amqpUrl("router-1", "bench.single")),
                    new Setup("line of 3", line.amqpUrl("router-1", "bench.line"), line.amqpUrl("router-3", "bench.line")),
                    new Setup("single broker", broker.amqpUrl() + "/" + BROKER_ADDRESS + ".broker", broker.amqpUrl() + "/" + BROKER_ADDRESS + ".broker"),
                    new Setup("router-broker-router", rbr.amqpUrl("router-1", BROKER_ADDRESS + ".rbr"), rbr.amqpUrl("router-2", BROKER_ADDRESS + ".rbr")));
            Map<String, List<Figures>> all = new LinkedHashMap<>();
            setups.forEach(s -> all.put(s.name(), new ArrayList<>()));
            print("%d round(s) of %s (%s warm-up) per set-up and load, %s connection(s), 1 KiB, acknowledged; host load %s",
                    rounds, duration, warmup, connections, Files.readString(Path.of("/proc/loadavg")).strip());
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
                    all.get(s.name()).add(new Figures(max, p99));
                    print("round %d  %-22s flat out %8.0f msg/s (sent %d, lost %d); at %d msg/s p99 %8.1f ms (lost %d)", round,
                            s.name(), max, flat.get("sent").asLong(), flat.get("lost").asLong(), at, p99, paced.get("lost").asLong());
                }
            }
            print("");
            print("%-22s %14s %14s %16s", "median of " + rounds, "flat out msg/s", "p99 ms at 80 %", "÷ single router");
            double singleMax = median(all.get("single router").stream().map(Figures::flatOutPerSecond).toList());
            for (var e : all.entrySet()) {
                double max = median(e.getValue().stream().map(Figures::flatOutPerSecond).toList());
                double p99 = median(e.getValue().stream().map(Figures::p99Millis).toList());
                print("%-22s %14.0f %14.1f %16.2f", e.getKey(), max, p99, max / singleMax);
            }
            List<Figures> lines = all.get("line of 3");
            List<Figures> singles = all.get("single router");
            List<String> perRound = new ArrayList<>();
            for (int i = 0; i < rounds; i++) {
                perRound.add(String.format(Locale.ROOT, "%.2f", lines.get(i).flatOutPerSecond() / singles.get(i).flatOutPerSecond()));
            }
            print("line of 3 / single router, flat out: %.2f (per round: %s; the thesis: about 0.26)",
                    median(lines.stream().map(Figures::flatOutPerSecond).toList()) / singleMax, String.join(", ", perRound));
        }
    }

    /** Router-1 and router-2 on either side of the broker, each link-routing {@value #BROKER_ADDRESS} to it. */
    private Topology routerBrokerRouter(int brokerPort) throws Exception {
        return TopologyFile.read(Files.writeString(work.resolve("router-broker-router.yaml"), """
                nodes:
                  - {name: router-1}
                  - {name: broker, kind: broker, port: %d, addresses: [%s]}
                  - {name: router-2}
                links:
                  - {from: router-1, to: broker}
                  - {from: router-2, to: broker}
                """.formatted(brokerPort, BROKER_ADDRESS)));
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
        Path runs = work.resolve("runs").resolve(s.name().replace(' ', '-') + "-" + round + "-" + rate);
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

    private static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static void print(String format, Object... args) {
        System.out.println(OUT + String.format(Locale.ROOT, format, args));
    }
}
