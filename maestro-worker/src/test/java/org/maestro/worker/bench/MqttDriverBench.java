package org.maestro.worker.bench;

import org.maestro.common.note.TestOptions;
import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.MosquittoBroker;
import org.maestro.common.units.TestDuration;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Maestro's MQTT driver beside a bare Paho loop ({@link BarePahoLoop}), side by side in one run: end-to-end throughput
 * and CPU per message (user + system of the sender's and the receiver's processes) at the same QoS, size and in-flight
 * window, flat out and at a fixed rate, against a Mosquitto and the standalone Artemis's MQTT acceptor. The four
 * JVMs (two maestro-worker peers, two loops) live through every run; each side first runs one unmeasured test per
 * broker and mode, then rounds alternate which side goes first. Ratios are Maestro's over the bare loop's, per round,
 * then their median.
 *
 * <p>Arguments: {@code [COUNT [ROUNDS [RATE [QOS]]]]} (default 100000 3 5000 1); a fixed-rate run sends COUNT / 2.
 */
public final class MqttDriverBench {
    private static final int SIZE = 1024;
    private static final int IN_FLIGHT = 1000;

    private MqttDriverBench() {
    }

    /** One broker the bench loads: its worker URL of a topic, and the bare loop's address and credentials. */
    private record Target(String name, String maestroUrlPrefix, String serverUri, String user, String password) {
    }

    public static void main(String[] args) throws Exception {
        long count = args.length > 0 ? Long.parseLong(args[0]) : 100_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        long rate = args.length > 2 ? Long.parseLong(args[2]) : 5_000;
        int qos = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        Path work = Files.createTempDirectory("maestro-mqtt-bench-");
        Map<String, List<GeneratorCostBench.Run[]>> results = new LinkedHashMap<>();
        try (ArtemisBroker artemis = ArtemisBroker.fromSystemProperties();
             // Unbounded queues: Mosquitto's default (1000 a client) would drop what a subscriber has not taken yet.
             MosquittoBroker mosquitto = MosquittoBroker.launch("max_queued_messages 0\n");
             MosquittoBroker control = MosquittoBroker.launch()) {
            artemis.start(Duration.ofMinutes(5));
            List<Target> targets = List.of(
                    new Target("Mosquitto", "mqtt://127.0.0.1:" + mosquitto.port() + "/", "tcp://127.0.0.1:" + mosquitto.port(), "-", "-"),
                    new Target("Artemis 2.44", "mqtt://" + ArtemisBroker.USER + ":" + ArtemisBroker.PASSWORD + "@127.0.0.1:"
                            + artemis.amqpPort() + "/", "tcp://127.0.0.1:" + artemis.amqpPort(), ArtemisBroker.USER, ArtemisBroker.PASSWORD));
            try (GeneratorCostBench.MaestroSide maestro = GeneratorCostBench.MaestroSide.start(artemis, control, work, List.of())) {
                for (Target target : targets) {
                    try (Bare bare = Bare.start(target)) {
                        for (long r : new long[]{0, rate}) {
                            long n = r == 0 ? count : count / 2;
                            String mode = target.name() + (r == 0 ? ", flat out" : ", " + r + " msg/s");
                            List<GeneratorCostBench.Run[]> runs = results.computeIfAbsent(mode, k -> new ArrayList<>());
                            String topic = "bench/" + (r == 0 ? "flat" : "fixed");
                            // Unmeasured: the JIT's first pass over this broker's path.
                            maestroRun(maestro, target, topic + "/warmup", n / 4, r, qos);
                            bare.run(topic + "/warmup/bare", n / 4, r, qos);
                            for (int round = 0; round < rounds; round++) {
                                GeneratorCostBench.Run m;
                                GeneratorCostBench.Run b;
                                if (round % 2 == 0) {
                                    m = maestroRun(maestro, target, topic + "/" + round, n, r, qos);
                                    b = bare.run(topic + "/" + round + "/bare", n, r, qos);
                                } else {
                                    b = bare.run(topic + "/" + round + "/bare", n, r, qos);
                                    m = maestroRun(maestro, target, topic + "/" + round, n, r, qos);
                                }
                                runs.add(new GeneratorCostBench.Run[]{m, b});
                                System.out.printf(Locale.ROOT, "%s, round %d: maestro %.0f msg/s, %.1f µs CPU/msg; bare Paho %.0f msg/s,"
                                        + " %.1f µs CPU/msg%n", mode, round + 1, m.msgPerSecond(), m.cpuMicrosPerMessage(),
                                        b.msgPerSecond(), b.cpuMicrosPerMessage());
                            }
                        }
                    }
                }
            }
        }
        System.out.printf(Locale.ROOT, "%nmqtt:// driver vs a bare Paho MQTT 5 loop: %d bytes, QoS %d, %d in flight, 1 + 1 connections,"
                + " type=topic; %d messages flat out, %d at a fixed rate; medians of %d rounds, ratios per round then their median%n",
                SIZE, qos, IN_FLIGHT, count, count / 2, rounds);
        System.out.printf(Locale.ROOT, "%-28s %11s %11s %9s %11s %11s %9s%n", "broker, load", "maestro/s", "bare/s",
                "ratio", "maestro µs", "bare µs", "ratio");
        for (Map.Entry<String, List<GeneratorCostBench.Run[]>> e : results.entrySet()) {
            List<GeneratorCostBench.Run[]> runs = e.getValue();
            System.out.printf(Locale.ROOT, "%-28s %11.0f %11.0f %9.2f %11.1f %11.1f %9.2f%n", e.getKey(),
                    median(runs, 0, true), median(runs, 1, true), ratio(runs, true),
                    median(runs, 0, false), median(runs, 1, false), ratio(runs, false));
        }
        System.out.println("(msg/s: end to end, first send to last receive; µs: CPU of sender + receiver process per message."
                + " Goal: throughput ratio >= 0.95, CPU per message ratio <= 1.10)");
    }

    private static GeneratorCostBench.Run maestroRun(GeneratorCostBench.MaestroSide maestro, Target target, String topic,
                                                     long count, long rate, int qos) throws Exception {
        Map<String, String> load = new LinkedHashMap<>();
        load.put(TestOptions.RATE, Long.toString(rate));
        load.put(TestOptions.DURATION, count + TestDuration.MESSAGES);
        load.put(TestOptions.MESSAGE_SIZE, Integer.toString(SIZE));
        load.put(TestOptions.MAX_IN_FLIGHT, Integer.toString(IN_FLIGHT));
        String testId = topic.replace('/', '.');
        return maestro.run(target.maestroUrlPrefix() + topic + "?type=topic&qos=" + qos, testId, count, load);
    }

    private static double median(List<GeneratorCostBench.Run[]> runs, int side, boolean throughput) {
        return ThroughputBench.median(runs.stream().map(r -> throughput ? r[side].msgPerSecond() : r[side].cpuMicrosPerMessage()).toList());
    }

    private static double ratio(List<GeneratorCostBench.Run[]> runs, boolean throughput) {
        return ThroughputBench.median(runs.stream().map(r -> throughput ? r[0].msgPerSecond() / r[1].msgPerSecond()
                : r[0].cpuMicrosPerMessage() / r[1].cpuMicrosPerMessage()).toList());
    }

    /** Two {@link BarePahoLoop} JVMs for one broker, told what to run on their standard input. */
    private record Bare(ChildJvm sender, ChildJvm receiver) implements AutoCloseable {
        static Bare start(Target target) throws IOException {
            return new Bare(loop(target, "send"), loop(target, "receive"));
        }

        private static ChildJvm loop(Target target, String role) throws IOException {
            return ChildJvm.start(List.of(), BarePahoLoop.class, role, target.serverUri(), target.user(), target.password());
        }

        GeneratorCostBench.Run run(String topic, long count, long rate, int qos) throws Exception {
            double s0 = GeneratorCostBench.cpuSeconds(sender);
            double r0 = GeneratorCostBench.cpuSeconds(receiver);
            String command = topic + " " + count + " " + SIZE + " " + IN_FLIGHT + " " + qos + " " + rate + "\n";
            tell(receiver, command);
            receiver.awaitLine(BarePahoLoop.READY, 60);
            tell(sender, command);
            long first = Long.parseLong(sender.awaitLine(BarePahoLoop.SENT + " ", 600).split(" ")[2]);
            long last = Long.parseLong(receiver.awaitLine(BarePahoLoop.RECEIVED + " ", 600).split(" ")[2]);
            return new GeneratorCostBench.Run(count, count / ((last - first) / 1e6), GeneratorCostBench.cpuSeconds(sender) - s0,
                    GeneratorCostBench.cpuSeconds(receiver) - r0, 0);
        }

        private static void tell(ChildJvm jvm, String line) throws IOException {
            OutputStream in = jvm.process().getOutputStream();
            in.write(line.getBytes(StandardCharsets.UTF_8));
            in.flush();
        }

        @Override
        public void close() {
            sender.close();
            receiver.close();
        }
    }
}
