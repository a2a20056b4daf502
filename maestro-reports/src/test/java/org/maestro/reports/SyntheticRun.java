package org.maestro.reports;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.maestro.common.ratelog.RateLogWriter;
import org.maestro.common.runfiles.ColumnKind;
import org.maestro.common.runfiles.CsvReader;
import org.maestro.common.runfiles.TestJson;

/**
 * Writes a run directory as the client would, with the real writers: one sender and one receiver at a fixed
 * rate (rate logs, send-delay and latency HDR interval logs, one interval per second, warm-up intervals
 * tagged), an inspector's CSVs (Artemis queues, a Qpid Dispatch router's data sets) with its test.json, an agent's handlers.csv and a
 * summary.json. Streaming: any number of messages. Keeps the measured (after warm-up) response-time histogram for checks.
 */
public final class SyntheticRun {
    public static final String SENDER = "sender-1";
    public static final String RECEIVER = "receiver-1";
    public static final String INSPECTOR = "inspector-1";
    static final String AGENT = "agent-1";

    public final Path dir;
    public final long startEpochMicros;
    public final int seconds;
    public final int ratePerSecond;
    final int warmupSeconds;
    public final Histogram measuredResponse = new Histogram(3);
    final Histogram measuredService = new Histogram(3);
    final Histogram measuredDelay = new Histogram(3);
    public long messages;
    private long seed = 42;
    private double latencyScale = 1;
    private String name = "synthetic";
    private String verdict = "passed";
    private int receiverWarmupTailSeconds;
    private long receiverWarmupTailMicros;
    /** Messages sent in each second, cycled; null: the rate every second. */
    private int[] perSecond;

    public SyntheticRun(Path dir, long startEpochMicros, int seconds, int ratePerSecond, int warmupSeconds) {
        this.dir = dir;
        this.startEpochMicros = startEpochMicros;
        this.seconds = seconds;
        this.ratePerSecond = ratePerSecond;
        this.warmupSeconds = warmupSeconds;
    }

    /** Another random sequence: two runs alike but not identical, as two real runs are. */
    public SyntheticRun seed(long seed) {
        this.seed = seed;
        return this;
    }

    /** Service times (and so response times) multiplied by {@code factor}: a slower SUT. */
    public SyntheticRun latencyScale(double factor) {
        this.latencyScale = factor;
        return this;
    }

    public SyntheticRun named(String testName) {
        this.name = testName;
        return this;
    }

    /**
     * The receiver's intervals stay tagged warm-up for {@code seconds} after the senders' warm-up ended, with response
     * times of {@code micros}: as a real receiver's do while the messages sent during the warm-up still arrive late.
     */
    SyntheticRun receiverWarmupTail(int seconds, long micros) {
        this.receiverWarmupTailSeconds = seconds;
        this.receiverWarmupTailMicros = micros;
        return this;
    }

    /**
     * The messages actually sent (and received) in each second, cycled over the run, while the load asked for stays
     * {@code ratePerSecond}: a busy host's uneven seconds, or a SUT that throttles.
     */
    public SyntheticRun perSecond(int... counts) {
        this.perSecond = counts.clone();
        return this;
    }

    private int countIn(int second) {
        return perSecond == null ? ratePerSecond : perSecond[second % perSecond.length];
    }

    public SyntheticRun verdict(String v) {
        this.verdict = v;
        return this;
    }

    /** Writes the whole run directory. */
    public SyntheticRun write() throws IOException {
        Path sender = Files.createDirectories(dir.resolve("peers").resolve(SENDER));
        Path receiver = Files.createDirectories(dir.resolve("peers").resolve(RECEIVER));
        // The receiver starts 250 ms before the sender, as it does in a real run.
        long receiverStart = startEpochMicros - 250_000;
        testJson(sender, "sender", startEpochMicros);
        testJson(receiver, "receiver", receiverStart);
        SplittableRandom random = new SplittableRandom(seed);
        long startMillis = startEpochMicros / 1000;
        try (RateLogWriter sent = RateLogWriter.create(sender.resolve("sender-0.rlog"), startEpochMicros, SENDER + " sender");
             RateLogWriter received = RateLogWriter.create(receiver.resolve("receiver-0.rlog"), receiverStart, RECEIVER + " receiver");
             Hlog sendDelay = new Hlog(sender.resolve("send-delay.hlog"), startMillis);
             Hlog response = new Hlog(receiver.resolve("latency-response.hlog"), receiverStart / 1000);
             Hlog service = new Hlog(receiver.resolve("latency-service.hlog"), receiverStart / 1000)) {
            for (int s = 0; s < seconds; s++) {
                boolean warmup = s < warmupSeconds;
                boolean receiverWarm = s < warmupSeconds + receiverWarmupTailSeconds;
                int count = countIn(s);
                long intervalMicros = count == 0 ? 0 : 1_000_000L / count;
                for (int i = 0; i < count; i++) {
                    long eta = s * 1_000_000L + i * intervalMicros;
                    long delay = 20 + random.nextInt(80);
                    long ata = eta + delay;
                    // Warm-up is slow at first; after it, a long tail of latencies.
                    long serviceMicros = (long) (latencyScale * ((warmup ? 5_000 : 300) + random.nextInt(700)
                            + (random.nextInt(100) == 0 ? random.nextInt(20_000) : 0)));
                    long responseMicros = warmup || !receiverWarm ? serviceMicros + delay : receiverWarmupTailMicros;
                    sent.record(eta, ata);
                    long arrivalEpoch = startEpochMicros + ata + serviceMicros;
                    received.record(startEpochMicros + eta - receiverStart, arrivalEpoch - receiverStart);
                    sendDelay.record(delay, warmup);
                    service.record(serviceMicros, receiverWarm);
                    response.record(responseMicros, receiverWarm);
                    if (!receiverWarm) {
                        measuredResponse.recordValue(responseMicros);
                        measuredService.recordValue(serviceMicros);
                    }
                    if (!warmup) {
                        measuredDelay.recordValue(delay);
                    }
                    messages++;
                }
                sent.flush();
                received.flush();
                long intervalStart = startMillis + s * 1000L;
                sendDelay.interval(intervalStart);
                service.interval(intervalStart);
                response.interval(intervalStart);
            }
        }
        inspector();
        agent();
        summary();
        Files.writeString(dir.resolve("junit.xml"), "<testsuite name=\"synthetic\" tests=\"1\" failures=\"0\"/>\n");
        Files.writeString(dir.resolve("console.log"), "synthetic run\n");
        return this;
    }

    long endEpochMicros() {
        return startEpochMicros + seconds * 1_000_000L;
    }

    private void testJson(Path peerDir, String role, long start) throws IOException {
        ObjectNode t = Json.MAPPER.createObjectNode();
        t.put("testId", dir.getFileName().toString());
        ObjectNode peer = t.putObject("peer");
        peer.put("role", role);
        peer.put("name", peerDir.getFileName().toString());
        peer.put("host", "lab-" + role);
        t.put("startEpochMicros", start);
        t.put("warmupMicros", warmupSeconds * 1_000_000L);
        t.put("rate", ratePerSecond);
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(peerDir.resolve("test.json").toFile(), t);
        ObjectNode system = Json.MAPPER.createObjectNode();
        system.put("host", "lab-" + role);
        system.put("cpus", 8);
        system.put("maxHeapBytes", 4L << 30);
        system.put("os", "Linux 6.1 amd64");
        system.put("jvm", "OpenJDK 64-Bit Server VM 17.0.15");
        system.putArray("jvmArguments").add("-Xmx4g");
        system.put("driver", "qpid-jms 2.6.1");
        system.putObject("driverDefaults").put("amqp.maxFrameSize", "65536");
        Json.MAPPER.writeValue(peerDir.resolve("system.json").toFile(), system);
    }

    /** Links in the synthetic router: two perf links among many flat ones, more than a chart can show. */
    public static final int LINKS = 70;
    /** Links that carry a trickle (router control), so that more series move than a chart draws. */
    public static final int TRICKLE_LINKS = 15;
    /** Allocator types; only the last {@value #MOVING_TYPES} (after the first seven) change under load. */
    public static final int ALLOCATOR_TYPES = 20;
    public static final int MOVING_TYPES = 3;

    /**
     * The inspector's files: an Artemis queues CSV and a Qpid Dispatch router's router, links, memory and connections
     * CSVs as the qpid-dispatch preset writes them, one sample per second, and the test.json with every column's kind.
     */
    private void inspector() throws IOException {
        Path d = Files.createDirectories(dir.resolve("peers").resolve(INSPECTOR));
        Map<String, TestJson.DataSet> sets = new LinkedHashMap<>();
        csv(d, sets, "queues", ColumnKind.columns().key("address", "queue").identity("routingType").gauge("messageCount")
                .counter("messagesAdded"), s -> List.of(
                List.of("maestro", "maestro", "ANYCAST", String.valueOf(s % 7), String.valueOf((long) s * ratePerSecond)),
                List.of("dlq, dead", "DLQ", "ANYCAST", "0", "0")));
        csv(d, sets, "router", ColumnKind.columns().identity("name", "version").gauge("linkCount")
                .counter("deliveriesIngress", "deliveriesEgress", "acceptedDeliveries"), s -> List.of(
                List.of("Router.A", "1.19.0", String.valueOf(LINKS), String.valueOf((long) s * ratePerSecond),
                        String.valueOf((long) s * ratePerSecond), String.valueOf((long) s * ratePerSecond))));
        csv(d, sets, "links", ColumnKind.columns().key("identity", "linkDir", "owningAddr").identity("linkName", "linkType")
                .gauge("capacity", "undeliveredCount").counter("deliveryCount", "acceptedCount"), s -> {
                    List<List<String>> rows = new ArrayList<>();
                    for (int l = 0; l < LINKS; l++) {
                        boolean perf = l >= LINKS - 2; // the last two: the ones a cut at 60 lines dropped
                        boolean trickle = l < TRICKLE_LINKS;
                        long deliveries = perf ? (long) s * ratePerSecond : trickle ? s : 0;
                        rows.add(List.of(String.valueOf(l + 1), l % 2 == 0 ? "in" : "out", perf ? "M0perf" : trickle ? "Mqdrouter" : "",
                                "link-" + (l + 1), perf ? "endpoint" : "router-control", "250",
                                perf && l % 2 == 0 ? String.valueOf(s % 3) : "0", String.valueOf(deliveries),
                                String.valueOf(deliveries)));
                    }
                    return rows;
                });
        csv(d, sets, "memory", ColumnKind.columns().key("typeName").gauge("typeSize").counter("totalAllocFromHeap")
                .gauge("heldByThreads"), s -> {
                    List<List<String>> rows = new ArrayList<>();
                    for (int t = 0; t < ALLOCATOR_TYPES; t++) {
                        boolean moving = t >= ALLOCATOR_TYPES - MOVING_TYPES;
                        rows.add(List.of(String.format("qd_type_%02d_t", t), String.valueOf(64 + t),
                                String.valueOf(moving ? 64L + (long) s * ratePerSecond * (t + 1) : 64),
                                String.valueOf(moving ? 32 + s * (t + 1) : 32)));
                    }
                    return rows;
                });
        csv(d, sets, "connections", ColumnKind.columns().key("host", "container").identity("identity", "role", "dir"), s -> {
                    List<List<String>> rows = new ArrayList<>();
                    for (int c = 0; c < (s < 2 ? 1 : 3); c++) {
                        rows.add(List.of("127.0.0.1:" + (40000 + c), "client-" + c, String.valueOf(c + 1), "normal", "in"));
                    }
                    return rows;
                });
        TestJson.write(d, TestJson.Inspector.builder().testId(dir.getFileName().toString())
                .peer(new TestJson.Peer("3", INSPECTOR, "lab-inspector", "inspector", "")).start(iso(startEpochMicros))
                .inspectorType("amqp-management").managementUrl("amqp://127.0.0.1:5672").intervalMillis(1000)
                .readTimeoutMillis(1000)
                .dataSets(sets).options(Map.of()).build());
    }

    /** Writes one data set's CSV, a sample per second with the rows {@code rows} gives, and records its columns. */
    private void csv(Path d, Map<String, TestJson.DataSet> sets, String name, ColumnKind.Columns columns,
                     java.util.function.IntFunction<List<List<String>>> rows) throws IOException {
        StringBuilder csv = new StringBuilder("timestamp");
        columns.names().forEach(c -> csv.append(',').append(c));
        csv.append('\n');
        for (int s = 0; s <= seconds; s++) {
            String at = Instant.ofEpochMilli(startEpochMicros / 1000 + s * 1000L).toString();
            for (List<String> row : rows.apply(s)) {
                csv.append(at);
                row.forEach(v -> csv.append(',').append(CsvReader.field(v)));
                csv.append('\n');
            }
        }
        Files.writeString(d.resolve(name + ".csv"), csv, StandardCharsets.UTF_8);
        sets.put(name, new TestJson.DataSet(name + ".csv", "synthetic", columns.names(), columns.build()));
    }

    private void agent() throws IOException {
        Path d = Files.createDirectories(dir.resolve("peers").resolve(AGENT));
        Files.writeString(d.resolve("handlers.csv"), "start,end,runId,handler,args,outcome,exitStatus,reason\n"
                + iso(startEpochMicros + 2_000_000) + "," + iso(startEpochMicros + 2_400_000)
                + ",r1,restart-artemis.groovy,\"[\"\"--graceful\"\"]\",succeeded,0,\n", StandardCharsets.UTF_8);
    }

    private void summary() throws IOException {
        ObjectNode s = Json.MAPPER.createObjectNode();
        s.put("testId", dir.getFileName().toString());
        s.put("name", name);
        s.putArray("tags").add("test");
        s.put("description", "synthetic SUT </script><b>not bold</b>");
        s.put("start", iso(startEpochMicros - 500_000));
        s.put("end", iso(endEpochMicros() + 500_000));
        ObjectNode params = s.putObject("parameters");
        params.put("rate", ratePerSecond);
        params.put("duration", seconds + "s");
        params.put("warmup", warmupSeconds + "s");
        params.set("criteria", Json.MAPPER.valueToTree(List.of("p99 latency < 250 ms")));
        ArrayNode peers = s.putArray("peers");
        for (String[] p : new String[][] {{SENDER, "sender"}, {RECEIVER, "receiver"}, {INSPECTOR, "inspector"}, {AGENT, "agent"}}) {
            ObjectNode n = peers.addObject();
            n.put("name", p[0]);
            n.put("role", p[1]);
            n.put("host", "lab-" + p[1]);
            n.put("messages", p[1].equals("sender") || p[1].equals("receiver") ? messages : 0);
            n.put("lost", 0);
            n.put("duplicated", 0);
            n.put("outOfOrder", 0);
            n.put("ok", true);
            n.put("end", "done");
            // Each worker's figures as the client's results model computes them from these same files.
            if (p[1].equals("sender")) {
                n.set("sendDelay", latency(measuredDelay));
            } else if (p[1].equals("receiver")) {
                n.set("responseTime", latency(measuredResponse));
                n.set("serviceTime", latency(measuredService));
            }
        }
        peerHostsAndClocks(s);
        ObjectNode check = s.putArray("checks").addObject();
        check.put("criterion", "p99 latency < 250 ms");
        check.put("passed", true);
        check.put("measured", measuredResponse.getValueAtPercentile(99) / 1000.0 + " ms");
        check.put("bound", "< 250.000 ms");
        ObjectNode action = s.putArray("actions").addObject();
        action.put("handler", "restart-artemis.groovy");
        action.set("args", Json.MAPPER.valueToTree(List.of("--graceful")));
        action.put("atMillis", 2000);
        action.put("start", iso(startEpochMicros + 2_000_000));
        action.put("end", iso(startEpochMicros + 2_400_000));
        action.put("outcome", "succeeded");
        action.put("exitStatus", 0);
        action.put("reason", "");
        action.put("lost", 0);
        action.put("outageMillis", 0);
        action.put("recoveryMillis", 0);
        action.put("agent", "agent-1");
        action.put("startedAtMillis", 2013);
        s.put("verdict", verdict);
        s.putArray("reasons");
        totals(s);
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(dir.resolve("summary.json").toFile(), s);
    }

    private static void peerHostsAndClocks(ObjectNode s) {
        // As the client writes them (PeerHost, ClockCheck): four hosts, the agent's clock 2.5 ms off,
        // the inspector on the client's own host (same boot id: its clock is the client's, not estimated).
        ArrayNode hosts = s.putArray("peerHosts");
        String[][] where = {{SENDER, "sender", "10.77.0.11", "0.042"}, {RECEIVER, "receiver", "10.77.0.12", "-0.031"},
                {INSPECTOR, "inspector", "10.77.0.13", null}, {AGENT, "agent", "10.77.0.13", "2.5"}};
        for (String[] p : where) {
            ObjectNode h = hosts.addObject();
            h.put("peer", p[0]);
            h.put("role", p[1]);
            h.put("hostName", "lab-" + p[1]);
            h.put("address", p[2]);
            h.put("dataUrl", "http://" + p[2] + ":7001/");
            h.put("dataHost", p[2]);
            h.put("roundTripMillis", 0.412);
            h.put("pings", 5);
            if (p[3] == null) {
                h.putNull("clockOffsetMillis");
                h.putNull("clockOffsetUncertaintyMillis");
                h.put("sameClock", "same host");
            } else {
                h.put("clockOffsetMillis", Double.parseDouble(p[3]));
                h.put("clockOffsetUncertaintyMillis", 0.206);
                h.putNull("sameClock");
            }
        }
        ObjectNode clocks = s.putObject("clockCheck");
        clocks.put("limitMillis", 1.0);
        clocks.put("rule", "|offset| - uncertainty <= max(1 ms, 10 % of the p50 response time)");
        clocks.put("maxAbsOffsetMillis", 2.5);
        clocks.putArray("warnings").add("the clock of agent-1 on lab-agent is +2.500 ± 0.206 ms off the client's, at least 2.294 ms");
        clocks.putArray("peersOverLimit").add(AGENT);
    }

    private void totals(ObjectNode s) {
        ObjectNode totals = s.putObject("totals");
        long measuredMessages = 0;
        for (int second = warmupSeconds; second < seconds; second++) {
            measuredMessages += countIn(second);
        }
        double measuredRate = measuredMessages / (double) (seconds - warmupSeconds);
        totals.put("sent", measuredMessages);
        totals.put("received", measuredMessages);
        totals.put("lost", 0);
        totals.put("duplicated", 0);
        totals.put("outOfOrder", 0);
        totals.put("sendRate", measuredRate);
        totals.put("receiveRate", measuredRate);
        totals.set("responseTime", latency(measuredResponse));
        totals.set("serviceTime", latency(measuredService));
        totals.set("sendDelay", latency(measuredDelay));
    }

    /** As the client writes a latency: count and percentiles in ms (three decimals). */
    private static ObjectNode latency(Histogram h) {
        ObjectNode n = Json.MAPPER.createObjectNode();
        n.put("count", h.getTotalCount());
        n.put("p50", h.getValueAtPercentile(50) / 1000.0);
        n.put("p90", h.getValueAtPercentile(90) / 1000.0);
        n.put("p99", h.getValueAtPercentile(99) / 1000.0);
        n.put("p999", h.getValueAtPercentile(99.9) / 1000.0);
        n.put("max", h.getMaxValue() / 1000.0);
        return n;
    }

    static String iso(long epochMicros) {
        return Instant.ofEpochSecond(Math.floorDiv(epochMicros, 1_000_000L), Math.floorMod(epochMicros, 1_000_000L) * 1_000L).toString();
    }

    /** One HDR interval log: a histogram for the measured values and one for the warm-up, written every second. */
    private static final class Hlog implements AutoCloseable {
        private final PrintStream out;
        private final HistogramLogWriter writer;
        private final Histogram measured = new Histogram(3);
        private final Histogram warmup = new Histogram(3);

        Hlog(Path file, long startMillis) throws IOException {
            out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8);
            writer = new HistogramLogWriter(out);
            writer.outputComment("synthetic " + file.getFileName() + ", microseconds");
            writer.outputLogFormatVersion();
            writer.outputStartTime(startMillis);
            writer.setBaseTime(startMillis);
            writer.outputLegend();
        }

        void record(long micros, boolean warm) {
            (warm ? warmup : measured).recordValue(micros);
        }

        void interval(long startMillis) {
            for (Histogram h : new Histogram[] {warmup, measured}) {
                if (h.getTotalCount() == 0) {
                    continue;
                }
                h.setStartTimeStamp(startMillis);
                h.setEndTimeStamp(startMillis + 1000);
                h.setTag(h == warmup ? "warmup" : null);
                writer.outputIntervalHistogram(h);
                h.reset();
            }
        }

        @Override
        public void close() {
            out.close();
        }
    }
}
