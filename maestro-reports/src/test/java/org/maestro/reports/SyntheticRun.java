package org.maestro.reports;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.maestro.common.ratelog.RateLogWriter;

/**
 * Writes a run directory as the client would, with the real writers: one sender and one receiver at a fixed
 * rate (rate logs, send-delay and latency HDR interval logs, one interval per second, warm-up intervals
 * tagged), an inspector CSV, an agent's handlers.csv and a summary.json. Streaming: any number of messages.
 * Keeps the measured (after warm-up) response-time histogram for checks.
 */
final class SyntheticRun {
    static final String SENDER = "sender-1";
    static final String RECEIVER = "receiver-1";
    static final String INSPECTOR = "inspector-1";
    static final String AGENT = "agent-1";

    final Path dir;
    final long startEpochMicros;
    final int seconds;
    final int ratePerSecond;
    final int warmupSeconds;
    final Histogram measuredResponse = new Histogram(3);
    final Histogram measuredService = new Histogram(3);
    final Histogram measuredDelay = new Histogram(3);
    long messages;
    private long seed = 42;
    private double latencyScale = 1;
    private String name = "synthetic";
    private String verdict = "passed";

    SyntheticRun(Path dir, long startEpochMicros, int seconds, int ratePerSecond, int warmupSeconds) {
        this.dir = dir;
        this.startEpochMicros = startEpochMicros;
        this.seconds = seconds;
        this.ratePerSecond = ratePerSecond;
        this.warmupSeconds = warmupSeconds;
    }

    /** Another random sequence: two runs alike but not identical, as two real runs are. */
    SyntheticRun seed(long seed) {
        this.seed = seed;
        return this;
    }

    /** Service times (and so response times) multiplied by {@code factor}: a slower SUT. */
    SyntheticRun latencyScale(double factor) {
        this.latencyScale = factor;
        return this;
    }

    SyntheticRun named(String testName) {
        this.name = testName;
        return this;
    }

    SyntheticRun verdict(String v) {
        this.verdict = v;
        return this;
    }

    /** Writes the whole run directory. */
    SyntheticRun write() throws IOException {
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
            long intervalMicros = 1_000_000L / ratePerSecond;
            for (int s = 0; s < seconds; s++) {
                boolean warmup = s < warmupSeconds;
                for (int i = 0; i < ratePerSecond; i++) {
                    long eta = s * 1_000_000L + i * intervalMicros;
                    long delay = 20 + random.nextInt(80);
                    long ata = eta + delay;
                    // Warm-up is slow at first; after it, a long tail of latencies.
                    long serviceMicros = (long) (latencyScale * ((warmup ? 5_000 : 300) + random.nextInt(700)
                            + (random.nextInt(100) == 0 ? random.nextInt(20_000) : 0)));
                    long responseMicros = serviceMicros + delay;
                    sent.record(eta, ata);
                    long arrivalEpoch = startEpochMicros + ata + serviceMicros;
                    received.record(startEpochMicros + eta - receiverStart, arrivalEpoch - receiverStart);
                    sendDelay.record(delay, warmup);
                    service.record(serviceMicros, warmup);
                    response.record(responseMicros, warmup);
                    if (!warmup) {
                        measuredResponse.recordValue(responseMicros);
                        measuredService.recordValue(serviceMicros);
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
        Json.MAPPER.writeValue(peerDir.resolve("system.json").toFile(), system);
    }

    private void inspector() throws IOException {
        Path d = Files.createDirectories(dir.resolve("peers").resolve(INSPECTOR));
        StringBuilder csv = new StringBuilder("timestamp,address,queue,routingType,messageCount,messagesAdded\n");
        for (int s = 0; s <= seconds; s++) {
            String at = Instant.ofEpochMilli(startEpochMicros / 1000 + s * 1000L).toString();
            csv.append(at).append(",maestro,maestro,ANYCAST,").append(s % 7).append(',').append((long) s * ratePerSecond).append('\n');
            csv.append(at).append(",\"dlq, dead\",DLQ,ANYCAST,0,0\n");
        }
        Files.writeString(d.resolve("queues.csv"), csv, StandardCharsets.UTF_8);
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
        }
        // As the client writes them (Summary.PeerHost, Summary.ClockCheck): four hosts, the agent's clock 2.5 ms off.
        ArrayNode hosts = s.putArray("peerHosts");
        String[][] where = {{SENDER, "sender", "10.77.0.11", "0.042"}, {RECEIVER, "receiver", "10.77.0.12", "-0.031"},
                {INSPECTOR, "inspector", "10.77.0.13", "0.008"}, {AGENT, "agent", "10.77.0.13", "2.5"}};
        for (String[] p : where) {
            ObjectNode h = hosts.addObject();
            h.put("peer", p[0]);
            h.put("role", p[1]);
            h.put("hostName", "lab-" + p[1]);
            h.put("address", p[2]);
            h.put("dataUrl", "http://" + p[2] + ":7001/");
            h.put("dataHost", p[2]);
            h.put("clockOffsetMillis", Double.parseDouble(p[3]));
            h.put("roundTripMillis", 0.412);
            h.put("pings", 5);
        }
        ObjectNode clocks = s.putObject("clockCheck");
        clocks.put("limitMillis", 1.0);
        clocks.put("rule", "|offset| <= max(1 ms, 10 % of the p50 response time)");
        clocks.put("maxAbsOffsetMillis", 2.5);
        clocks.putArray("warnings").add("the clock of agent-1 on lab-agent is +2.500 ms off the client's");
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
        s.put("verdict", verdict);
        s.putArray("reasons");
        ObjectNode totals = s.putObject("totals");
        long measuredMessages = (long) (seconds - warmupSeconds) * ratePerSecond;
        totals.put("sent", measuredMessages);
        totals.put("received", measuredMessages);
        totals.put("lost", 0);
        totals.put("duplicated", 0);
        totals.put("outOfOrder", 0);
        totals.put("sendRate", ratePerSecond);
        totals.put("receiveRate", ratePerSecond);
        totals.set("responseTime", latency(measuredResponse));
        totals.set("serviceTime", latency(measuredService));
        totals.set("sendDelay", latency(measuredDelay));
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(dir.resolve("summary.json").toFile(), s);
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
