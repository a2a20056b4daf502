package org.maestro.worker.bench;

import org.maestro.common.testing.ArtemisPerfReport;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.TestOptions;
import org.maestro.common.peer.Peer;
import org.maestro.common.dataserver.DataServer;
import org.maestro.common.metrics.PeerMetrics;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.peer.PeerHandler;
import org.maestro.common.testing.PrometheusServer;
import org.maestro.common.ratelog.RateLogReader;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.MosquittoBroker;
import org.maestro.common.units.TestDuration;
import org.maestro.worker.WorkerHandler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Flat-out throughput through one standalone Artemis, side by side in one run: Artemis's own
 * {@code artemis perf client} over AMQP against a Maestro sender and receiver, same message count,
 * size and in-flight limit, alternating rounds. Both figures are end to end: messages received
 * divided by the time from the first send to the last receive.
 */
public final class ThroughputBench {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The peers' names in {@link #maestroRun}, so their directories under the test's. */
    static final String SENDER = "bench-sender";
    static final String RECEIVER = "bench-receiver";

    private ThroughputBench() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int size = 1024;
        int inFlight = 1000;
        Path work = Files.createTempDirectory("maestro-throughput-");
        List<Double> perf = new ArrayList<>();
        List<Double> maestro = new ArrayList<>();
        try (ArtemisBroker sut = ArtemisBroker.fromSystemProperties();
             // The control plane (SET, START, stats) only: off the measured path, so any MQTT broker does.
             MosquittoBroker control = MosquittoBroker.launch()) {
            sut.start();
            for (int round = 0; round < rounds; round++) {
                perf.add(artemisPerf(sut, "AMQP", work, count, size, inFlight, round));
                maestro.add(maestroRun(sut.amqpUrl("bench.maestro." + round), control, work, count, size, inFlight, round));
                System.out.printf(Locale.ROOT, "round %d: artemis perf %.0f msg/s, maestro %.0f msg/s%n", round + 1,
                        perf.get(round), maestro.get(round));
            }
        }
        double p = median(perf);
        double m = median(maestro);
        System.out.printf(Locale.ROOT, "%n%d messages of %d bytes, flat out, 1 producer + 1 consumer, %d in flight, AMQP, median of %d rounds%n",
                count, size, inFlight, rounds);
        System.out.printf(Locale.ROOT, "%-34s %12s%n", "tool", "msg/s");
        System.out.printf(Locale.ROOT, "%-34s %12.0f%n", "artemis perf client (AMQP)", p);
        System.out.printf(Locale.ROOT, "%-34s %12.0f%n", "maestro sender + receiver", m);
        System.out.printf(Locale.ROOT, "%-34s %12.2f%n", "maestro / artemis perf", m / p);
    }

    /**
     * One {@code artemis perf client} run in {@code protocol} (AMQP or CORE, all that 2.44's perf client speaks) to a
     * queue of its own; its end-to-end msg/s.
     */
    static double artemisPerf(ArtemisBroker sut, String protocol, Path work, int count, int size, int inFlight, int round)
            throws Exception {
        String name = "perf-" + protocol.toLowerCase(Locale.ROOT) + "-" + round;
        Path report = work.resolve(name + ".json");
        Path home = Path.of(System.getProperty(ArtemisBroker.HOME_PROPERTY));
        String url = protocol.equals("AMQP") ? sut.amqpUrl() : "tcp://127.0.0.1:" + sut.amqpPort();
        Process p = new ProcessBuilder(home.resolve("bin/artemis").toString(), "perf", "client", "--silent",
                "--protocol", protocol, "--url", url, "--user", ArtemisBroker.USER,
                "--password", ArtemisBroker.PASSWORD, "--message-count", Integer.toString(count),
                "--message-size", Integer.toString(size), "--max-pending", Integer.toString(inFlight),
                "--json", report.toString(), "queue://bench." + name)
                .redirectErrorStream(true).redirectOutput(work.resolve(name + ".log").toFile()).start();
        if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("artemis perf failed; see " + work.resolve(name + ".log"));
        }
        return ArtemisPerfReport.throughput(JSON.readTree(report.toFile()), count);
    }

    /**
     * A Maestro sender and receiver (in this JVM) send {@code count} messages flat out to {@code sutUrl} (its scheme picks the driver); returns the
     * end-to-end rate: messages received over the time from the first send to the last receive.
     */
    static double maestroRun(String sutUrl, MosquittoBroker control, Path work, int count, int size,
                                     int inFlight, int round) throws Exception {
        return maestroRun(sutUrl, control, work, count, size, inFlight,
                "bench-" + sutUrl.substring(0, sutUrl.indexOf(':')) + "-" + round, Metrics.NONE);
    }

    /** What a run does about the peers' Prometheus metrics. */
    enum Metrics {
        /** None: the peers have no data server (as ThroughputBench has always run). */
        NONE,
        /** Each peer serves its metrics on a data server of its own, which nobody scrapes. */
        SERVED,
        /** As SERVED, and a real Prometheus scrapes both every second. */
        SCRAPED
    }

    /**
     * A flat-out Maestro run of {@code count} messages; its end-to-end throughput (msg/s). With
     * {@link Metrics#SCRAPED}, checks that Prometheus ends with the sender's count, so it did scrape.
     */
    static double maestroRun(String sutUrl, MosquittoBroker control, Path work, int count, int size,
                             int inFlight, String testId, Metrics metrics) throws Exception {
        return throughput(maestroRun(sutUrl, control, work, flatOut(count, size, inFlight), count, testId, metrics), count);
    }

    /**
     * One Maestro sender and one receiver (peers {@value #SENDER} and {@value #RECEIVER}, in this JVM) run the load
     * {@code load} (rate, duration, size... as SET options) to {@code sutUrl} (its scheme picks the driver), the
     * receiver started first and stopped once the sender has ended; returns the test's data directory (one
     * directory per peer). {@code due} is the number of messages the load sends: with {@link Metrics#SCRAPED},
     * Prometheus must end with that count.
     */
    static Path maestroRun(String sutUrl, MosquittoBroker control, Path work, Map<String, String> load, long due,
                           String testId, Metrics metrics) throws Exception {
        Path data = Files.createDirectories(work.resolve("maestro-" + testId));
        List<AutoCloseable> extras = new ArrayList<>();
        try (Peer sender = extras(extras, metrics, data, Peer.identity(SENDER, Role.SENDER, ""), control).start();
             Peer receiver = extras(extras, metrics, data, Peer.identity(RECEIVER, Role.RECEIVER, ""), control).start();
             ControlClient client = new ControlClient(control.url()).connect(Duration.ofSeconds(10))) {
            PrometheusServer prometheus = null;
            if (metrics == Metrics.SCRAPED) {
                List<String> targets = extras.stream().filter(e -> e instanceof DataServer)
                        .map(e -> "127.0.0.1:" + ((DataServer) e).port()).toList();
                prometheus = PrometheusServer.start(PrometheusServer.staticTargets(targets));
                extras.add(prometheus);
            }
            runTest(client, sender.info(), receiver.info(), sutUrl, load, testId);
            if (prometheus != null) {
                awaitScraped(prometheus, testId, due);
            }
        } finally {
            for (AutoCloseable e : extras) {
                e.close();
            }
        }
        return data.resolve(testId);
    }

    /**
     * One test on a sender and a receiver peer (in this JVM or not): SET {@code load} with the test id and SUT URL, start the
     * receiver then the sender, and once the sender has ended stop the receiver (1 s drain) and wait for its end.
     */
    static void runTest(ControlClient client, PeerInfo sender, PeerInfo receiver, String sutUrl, Map<String, String> load,
                        String testId) throws Exception {
        LinkedBlockingQueue<Note> ends = new LinkedBlockingQueue<>();
        java.util.function.Consumer<Note> listener = n -> {
            if (n.command() == Command.NOTIFY_SUCCESS || n.command() == Command.NOTIFY_FAIL) {
                ends.add(n);
            }
        };
        client.addListener(listener);
        try {
            List<PeerInfo> both = List.of(sender, receiver);
            // A START opens the SUT connection: at a load of 20-40 on this shared host that took more than 20 s.
            Duration t = Duration.ofSeconds(120);
            Map<String, String> options = new HashMap<>(load);
            options.put(TestOptions.TEST_ID, testId);
            options.put(TestOptions.SEND_URL, sutUrl);
            options.put(TestOptions.DRAIN_QUIET, "1s");
            require(client.request(Address.all(), new Payload.SetOptions(options), both, t).allOk(), "SET");
            require(client.request(Address.peer(receiver.id()), new Payload.StartReceiver(), List.of(receiver), t).allOk(), "START_RECEIVER");
            require(client.request(Address.peer(sender.id()), new Payload.StartSender(), List.of(sender), t).allOk(), "START_SENDER");
            awaitEnd(ends, sender);
            require(client.request(Address.peer(receiver.id()), new Payload.StopReceiver(), List.of(receiver), t).allOk(), "STOP_RECEIVER");
            awaitEnd(ends, receiver);
        } finally {
            client.removeListener(listener);
        }
    }

    /** A flat-out load of {@code count} messages of {@code size} bytes, at most {@code inFlight} unacknowledged, as SET options. */
    static Map<String, String> flatOut(long count, int size, int inFlight) {
        return Map.of(TestOptions.RATE, "0", TestOptions.DURATION, count + TestDuration.MESSAGES,
                TestOptions.MESSAGE_SIZE, Integer.toString(size), TestOptions.MAX_IN_FLIGHT, Integer.toString(inFlight));
    }

    /**
     * The end-to-end rate of a flat-out test whose files are in {@code testDir} (one directory per peer): messages received
     * over the time from the first send to the last receive; fails unless the receiver got {@code count}.
     */
    static double throughput(Path testDir, long count) throws IOException {
        long firstSend = firstEta(testDir.resolve(SENDER));
        long[] received = lastAta(testDir.resolve(RECEIVER));
        long startDelta = startOffsetMicros(testDir);
        if (received[1] != count) {
            throw new IllegalStateException("maestro received " + received[1] + " of " + count);
        }
        return count / ((received[0] + startDelta - firstSend) / 1e6);
    }

    /** The peer, with its metrics served on a data server of its own unless {@code metrics} is NONE. */
    private static Peer extras(List<AutoCloseable> extras, Metrics metrics, Path data, PeerInfo identity, MosquittoBroker control)
            throws IOException {
        PeerHandler handler = new WorkerHandler(data, "");
        if (metrics != Metrics.NONE) {
            PeerMetrics registry = PeerMetrics.of(identity);
            extras.add(DataServer.start(data, "127.0.0.1", 0, registry));
            handler.registerMetrics(registry.registry());
        }
        return new Peer(identity, PeerConfig.of(control.url()), handler);
    }

    /** Waits (10 s at most) until Prometheus has scraped the sender's final count: proof that it scraped at all. */
    private static void awaitScraped(PrometheusServer prometheus, String testId, long count) throws Exception {
        String query = "maestro_messages_sent_total{test_id=\"" + testId + "\"}";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!prometheus.values(query).equals(List.of((double) count))) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Prometheus did not scrape the sender's " + count + " messages: "
                        + prometheus.values(query) + "; targets: " + prometheus.targets());
            }
            Thread.sleep(200); // polling interval of a bounded wait
        }
    }

    private static void awaitEnd(LinkedBlockingQueue<Note> ends, PeerInfo peer) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        while (System.nanoTime() < deadline) {
            Note n = ends.poll(1, TimeUnit.SECONDS);
            if (n != null && n.senderId().equals(peer.id())) {
                if (n.command() == Command.NOTIFY_FAIL) {
                    throw new IllegalStateException(peer.name() + " failed: " + n.payload());
                }
                return;
            }
        }
        throw new IllegalStateException(peer.name() + " did not end");
    }

    private static long firstEta(Path dir) throws IOException {
        long min = Long.MAX_VALUE;
        for (Path f : rateLogs(dir)) {
            try (RateLogReader r = RateLogReader.open(f)) {
                if (r.next()) {
                    min = Math.min(min, r.etaMicros());
                }
            }
        }
        return min;
    }

    /** {last ata, records} over the receiver's rate logs. */
    private static long[] lastAta(Path dir) throws IOException {
        long max = 0;
        long records = 0;
        for (Path f : rateLogs(dir)) {
            try (RateLogReader r = RateLogReader.open(f)) {
                long[] last = {0};
                records += r.forEachRemaining((eta, ata) -> last[0] = Math.max(last[0], ata));
                max = Math.max(max, last[0]);
            }
        }
        return new long[]{max, records};
    }

    /** Receiver start minus sender start, so both rate logs' times share one origin. */
    private static long startOffsetMicros(Path testDir) throws IOException {
        long s = JSON.readTree(testDir.resolve(SENDER).resolve(PeerFiles.TEST_JSON).toFile()).get("startEpochMicros").asLong();
        long r = JSON.readTree(testDir.resolve(RECEIVER).resolve(PeerFiles.TEST_JSON).toFile()).get("startEpochMicros").asLong();
        return r - s;
    }

    private static List<Path> rateLogs(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.toString().endsWith(".rlog")).toList();
        }
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what + " was not answered OK");
        }
    }

    static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
