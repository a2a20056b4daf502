package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.SecretSearch;
import org.maestro.common.testing.TestLab;
import org.maestro.worker.WorkerMain;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The maestro command end to end: worker peers as processes of their own, Mosquitto as the
 * control broker, a standalone Artemis as the SUT, and the scenarios of test-scripts/.
 *
 * <p>The tests that need a plain receiver-1 and sender-1 share one pair, started once (a pair's start-up was most of a
 * short test's time; a worker runs one test after another, as in a lab), the first of them one whose verdict a cold
 * JVM cannot change; those that start peers of their own run last.
 */
@Integration
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EndToEndTest {
    /** The order of the tests that start peers of their own: after those that share {@link #sharedPair}. */
    private static final int OWN_PEERS = Order.DEFAULT + 1;
    /** The order of the test that starts the shared pair: first. */
    private static final int WARMS_THE_PAIR = 1;
    private static final Path SCRIPTS = Path.of("..", "test-scripts");
    private static final ObjectMapper JSON = new ObjectMapper();
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();

    @TempDir
    Path runs;

    @TempDir
    Path data;

    /** The data directories of the shared pair: they outlive one test. */
    @TempDir
    static Path sharedData;

    /** The shared receiver-1 and sender-1 by name, while running. */
    private static final Map<String, ChildJvm> shared = new LinkedHashMap<>();

    /** Peers started and not yet seen ready: {@link #maestro} waits for them, so a test's peers start side by side. */
    private final List<PeerProcesses.Launched> starting = new ArrayList<>();

    /** A worker peer, started now and ready by the next {@link #maestro} command. */
    private ChildJvm worker(String role, String name, String... more) throws Exception {
        PeerProcesses.Launched peer = PeerProcesses.launch(lab, WorkerMain.class, control(), data, name,
                concat(new String[]{"--role", role}, more));
        starting.add(peer);
        return peer.jvm();
    }

    /**
     * The shared plain workers receiver-1 and sender-1, each started (again) if not running; ready by the next
     * {@link #maestro} command. Closed with the lab's brokers after the last test.
     */
    private void sharedPair() throws Exception {
        for (String role : List.of("receiver", "sender")) {
            String name = role + "-1";
            ChildJvm running = shared.get(name);
            if (running == null || !running.process().isAlive()) {
                PeerProcesses.Launched peer = PeerProcesses.launchShared(lab, WorkerMain.class, control(), sharedData, name,
                        "--role", role);
                starting.add(peer);
                shared.put(name, peer.jvm());
            }
        }
    }

    /** For a test with peers of its own (maybe of the same names): the shared pair ends first. */
    private static void noSharedPeers() {
        shared.values().forEach(ChildJvm::close);
        shared.clear();
    }

    /** An agent peer, agent-1, that may fetch this repository; ready by the next {@link #maestro} command. */
    private void agent(Path repo) throws Exception {
        starting.add(PeerProcesses.launch(lab, org.maestro.agent.AgentMain.class, control(), data, "agent-1", "--work-dir",
                data.resolve("agent-work").toString(), "--allow", repo.toUri().toString()));
    }

    /** Waits until every peer started so far says it is ready. */
    private void peersReady() {
        try {
            PeerProcesses.awaitReady(starting);
            starting.clear();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String control() {
        return lab.controlUrl().toString();
    }

    private static String sutUrl(String queue) {
        return lab.sut().amqpUrl(queue);
    }

    /** Runs the maestro command; returns {exit code, stdout + stderr}. */
    private Object[] maestro(String... args) {
        peersReady();
        MaestroCommand.Result r = MaestroCommand.run(args);
        return new Object[]{r.exitCode(), r.output()};
    }

    /** The one run directory (next to it, the runs' index.html). */
    private Path onlyRun() throws IOException {
        return MaestroCommand.onlyRun(runs);
    }

    @Test
    void fixedRatePassesAndLeavesACompleteRunDirectory() throws Exception {
        sharedPair();
        Object[] r = maestro("run", SCRIPTS.resolve("fixed-rate.groovy").toString(), "--broker", control(),
                "--runs", runs.toString(), "-P", "url=" + sutUrl("e2e.fixed"), "-P", "rate=400", "-P", "duration=4s",
                // On schedule within the tolerance the latency is judged by: a cold worker JVM on a busy CI host may
                // start a second or more behind, and a run whose sender never caught up fails by design.
                "-P", "warmup=1s", "-P", "warmupSendDelay=500ms", "-P", "warmupMax=3s", "-P", "p99=500 ms");
        assertEquals(0, r[0], (String) r[1]);
        Path run = onlyRun();
        for (String f : List.of("summary.json", "junit.xml", "console.log", "peers/sender-1/send-delay.hlog",
                "peers/sender-1/sender-0.rlog", "peers/receiver-1/latency-response.hlog", "peers/receiver-1/test.json")) {
            assertTrue(Files.exists(run.resolve(f)), f + " in " + run);
        }
        JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
        assertEquals("passed", s.get("verdict").asText());
        assertEquals(DueMessages.of(400, 4, "1s"), s.get("totals").get("sent").asLong(),
                "400 msg/s for 4 s on the intended schedule, ramped in its warm-up");
        assertEquals(s.get("totals").get("sent").asLong(), s.get("totals").get("received").asLong());
        assertEquals(0, s.get("totals").get("lost").asLong());
        assertTrue(Math.abs(s.get("totals").get("receiveRate").asDouble() - 400) < 20, s.get("totals").toString());
        assertTrue(s.get("parameters").get("routes").get(0).get("sendUrl").asText().contains("admin:***@"),
                "no password in summary.json");
        String junit = Files.readString(run.resolve("junit.xml"));
        assertTrue(junit.contains("failures=\"0\"") && junit.contains("errors=\"0\"") && junit.contains("tests=\"5\""), junit);
        assertTrue(Files.readString(run.resolve("console.log")).contains("verdict: PASSED"));
        assertTrue(Files.size(run.resolve("report.html")) > 10_000, "the report is written at the end of the run");
        reportAgreesWithTheRawFiles(run);
        // The warm-up waited for the sender's schedule: its actual length is recorded.
        JsonNode warmup = peer(s, "sender-1").get("warmup");
        assertTrue(warmup.get("onSchedule").asBoolean(), warmup.toString());
        assertTrue(warmup.get("seconds").asDouble() >= 1.0 && warmup.get("seconds").asDouble() < 3.0, warmup.toString());
        assertEquals(500.0, warmup.get("sendDelayBoundMillis").asDouble());
        assertTrue(Files.readString(run.resolve("console.log")).contains("warm-up of sender-1: "), "on the console");
        assertEquals(warmup, peer(org.maestro.reports.ReportHtml.data(run.resolve("report.html")).get("summary"), "sender-1")
                .get("warmup"), "in the report's data");
        String index = Files.readString(runs.resolve("index.html"));
        assertTrue(index.contains("\"dir\":\"" + run.getFileName() + "\""), "the runs' index.html lists the run");
    }

    /** The figures report.html shows of a real run, against the peers' raw rate logs and HDR logs. */
    private static void reportAgreesWithTheRawFiles(Path run) throws IOException {
        JsonNode report = org.maestro.reports.ReportHtml.data(run.resolve("report.html"));
        for (String[] c : new String[][] {{"throughput-sent", "sender-1"}, {"throughput-received", "receiver-1"}}) {
            long records = 0;
            try (Stream<Path> files = Files.list(run.resolve("peers").resolve(c[1]))) {
                for (Path f : files.filter(f -> f.toString().endsWith(".rlog")).toList()) {
                    try (org.maestro.common.ratelog.RateLogReader r = org.maestro.common.ratelog.RateLogReader.open(f)) {
                        records += r.forEachRemaining((eta, ata) -> { });
                    }
                }
            }
            double charted = 0;
            for (JsonNode chart : report.path("charts")) {
                if (chart.path("id").asText().equals(c[0])) {
                    for (JsonNode y : chart.path("series").get(0).path("y")) {
                        charted += y.asDouble() * report.path("bucketSeconds").asInt();
                    }
                }
            }
            assertEquals(records, Math.round(charted), c[1] + ": messages per second in the report add up to its rate logs");
        }
        org.HdrHistogram.Histogram measured = new org.HdrHistogram.Histogram(3);
        org.HdrHistogram.HistogramLogReader hdr = new org.HdrHistogram.HistogramLogReader(
                run.resolve("peers/receiver-1/latency-response.hlog").toFile());
        for (org.HdrHistogram.EncodableHistogram h; (h = hdr.nextIntervalHistogram()) != null; ) {
            if (!"warmup".equals(h.getTag())) {
                measured.add((org.HdrHistogram.Histogram) h);
            }
        }
        hdr.close();
        JsonNode figures = null;
        for (JsonNode f : report.path("latency")) {
            if (f.path("peer").asText().equals("receiver-1") && f.path("file").asText().equals("latency-response.hlog")) {
                figures = f;
            }
        }
        assertEquals(measured.getTotalCount(), figures.path("count").asLong(), "values after warm-up");
        assertEquals(measured.getValueAtPercentile(99) / 1000.0, figures.path("p99").asDouble(), 1e-9, "p99 as HdrHistogram reads the log");
        assertEquals(measured.getMaxValue() / 1000.0, figures.path("max").asDouble(), 1e-9);
    }

    @Test
    void anInspectorSamplesTheSutsJolokiaThroughTheWholeTest() throws Exception {
        sharedPair();
        for (String name : List.of("inspector-1", "inspector-2")) {   // side by side, ready by the run
            starting.add(PeerProcesses.launch(lab, org.maestro.inspector.InspectorMain.class, control(), data, name));
        }
        Path script = data.resolve("inspected.groovy");
        String jolokia = lab.sut().jolokiaUrl(ArtemisBroker.USER, ArtemisBroker.PASSWORD);
        Files.writeString(script, "test {\n  name 'inspected'\n  url '" + sutUrl("e2e.inspected") + "'\n  rate 200\n"
                + "  duration '4s'\n  inspector 'jolokia', url: '" + jolokia + "', interval: '1s'\n"
                + "  inspector 'jolokia', url: '" + jolokia + "', interval: '2s'\n  expect 'loss == 0'\n}\n");
        Object[] r = maestro("run", script.toString(), "--broker", control(), "--runs", runs.toString());
        assertEquals(0, r[0], (String) r[1]);
        Path run = onlyRun();
        List<String> queues = Files.readAllLines(run.resolve("peers/inspector-1/queues.csv"));
        assertTrue(queues.size() > 3, "a sample a second: " + queues);
        assertTrue(queues.get(0).startsWith("timestamp"), queues.get(0));
        assertTrue(queues.stream().anyMatch(l -> l.contains("e2e.inspected")), "the test's queue is sampled: " + queues);
        assertTrue(Files.exists(run.resolve("peers/inspector-1/jvm-memory.csv")));
        List<String> second = Files.readAllLines(run.resolve("peers/inspector-2/queues.csv"));
        assertTrue(second.size() > 1 && second.size() < queues.size(), "two inspectors, each at its own interval: "
                + queues.size() + " and " + second.size() + " lines");
        JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
        assertTrue(s.get("peers").toString().contains("\"role\":\"inspector\""), s.get("peers").toString());
        reportChartsTheQueuesCounterAsARate(run);
    }

    /**
     * The report charts the real queue's messagesAdded as a rate per second: the rates, times the gaps between the
     * inspector's samples, add up to how much the counter grew in its CSV; routingType (an identity) is never charted.
     */
    private static void reportChartsTheQueuesCounterAsARate(Path run) throws IOException {
        JsonNode report = org.maestro.reports.ReportHtml.data(run.resolve("report.html"));
        JsonNode line = null;
        for (JsonNode chart : report.path("charts")) {
            for (JsonNode series : chart.path("series")) {
                assertFalse(series.path("label").asText().endsWith("routingType"), chart.path("title").asText());
                if (chart.path("title").asText().equals("inspector-1: queues.csv: rates per second (counters)")
                        && series.path("label").asText().equals("e2e.inspected e2e.inspected messagesAdded")) {
                    line = series;
                }
            }
        }
        assertTrue(line != null, "the queue's messagesAdded rate is charted: " + report.path("charts").findValuesAsText("title"));
        List<double[]> samples = new java.util.ArrayList<>(); // {seconds, messagesAdded} of the test's queue
        List<String> csv = Files.readAllLines(run.resolve("peers/inspector-1/queues.csv"));
        List<String> header = List.of(csv.get(0).split(","));
        for (String row : csv.subList(1, csv.size())) {
            List<String> v = List.of(row.split(","));
            if (v.get(header.indexOf("queue")).equals("e2e.inspected")) {
                samples.add(new double[] {java.time.Instant.parse(v.get(0)).toEpochMilli() / 1000.0,
                        Double.parseDouble(v.get(header.indexOf("messagesAdded")))});
            }
        }
        double grew = samples.get(samples.size() - 1)[1] - samples.get(0)[1];
        assertTrue(grew > 0, "the queue's counter grew during the test");
        assertEquals(samples.size() - 1, line.path("y").size(), "a rate per pair of samples");
        double integrated = 0;
        for (int i = 1; i < samples.size(); i++) {
            integrated += line.path("y").get(i - 1).asDouble() * (samples.get(i)[0] - samples.get(i - 1)[0]);
        }
        assertEquals(grew, integrated, grew * 1e-4, "rates times sample gaps add up to the counter's growth");
    }

    @Test
    void theAgentRestartsTheBrokerMidTestAndTheSummaryMeasuresTheCost() throws Exception {
        try (ArtemisBroker own = ArtemisBroker.fromSystemProperties()) {
            Path repo = handlerRepository();
            sharedPair();
            agent(repo);   // the peers start side by side with the broker, ready by the run
            own.start();
            String url = own.amqpUrl("e2e.fault?failover=true&failover.initialReconnectDelay=100&failover.reconnectDelay=200");
            Object[] r = maestro("run", SCRIPTS.resolve("fixed-rate-with-agent.groovy").toString(), "--broker",
                    control(), "--runs", runs.toString(), "-P", "url=" + url, "-P", "rate=300",
                    "-P", "duration=16s", "-P", "handlers=" + repo.toUri(), "-P", "at=4s",
                    "-P", "instance=" + own.instanceDirectory());
            assertEquals(0, r[0], (String) r[1]);
            Path run = onlyRun();
            JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
            JsonNode action = s.get("actions").get(0);
            assertEquals("restart-broker.sh", action.get("handler").asText());
            assertEquals("succeeded", action.get("outcome").asText(), action.toString());
            assertEquals(4000, action.get("atMillis").asLong());
            long outage = action.get("outageMillis").asLong();
            long recovery = action.get("recoveryMillis").asLong();
            assertTrue(outage > 0, "the restart stopped the flow: " + action);
            assertTrue(recovery >= outage, "recovery comes after the flow resumes: " + action);
            // Consistent with the raw files: the receiver's longest silence after the fault is the outage, to the
            // timeline's resolution. The outage counts whole empty buckets; the silence between the last arrival before
            // it and the first after it also spans part of the bucket on each side: up to two buckets more (a bound of
            // one bucket failed when the first arrival sat later in its bucket than the last one had in its own).
            long startMicros = java.time.Instant.parse(action.get("start").asText()).toEpochMilli() * 1000;
            long gapMillis = longestReceiveGapMillis(run.resolve("peers/receiver-1"), startMicros);
            long bucketMillis = org.maestro.results.reduce.Timeline.BUCKET_MICROS / 1000;
            assertTrue(gapMillis > 0 && gapMillis < outage + 2 * bucketMillis,
                    "gap " + gapMillis + " ms, outage " + outage + " ms");
            JsonNode totals = s.get("totals");
            assertEquals(totals.get("sent").asLong() - (totals.get("received").asLong() - totals.get("duplicated").asLong()),
                    totals.get("lost").asLong(), totals.toString());
            assertTrue(action.get("lost").asLong() <= totals.get("lost").asLong(), action + " vs " + totals);
            long eventsInFile = Files.readAllLines(run.resolve("peers/receiver-1/sequence-events.csv")).size() - 1;
            assertTrue(action.get("duplicated").asLong() + action.get("outOfOrder").asLong() <= eventsInFile,
                    "the action's duplicates and reorderings are events of the receiver's file: " + action);
            assertTrue(Files.exists(run.resolve("peers/agent-1/handlers.csv")), "the agent's files are collected");
        }
    }

    /**
     * A fault that did not take place has tested nothing: a handler that exits 1, and one the agent will not run,
     * each fail the test (exit 1) with the handler's or the agent's words in summary.json, junit.xml and the console.
     */
    @Test
    void anAgentActionThatDidNotDoItsJobFailsTheTestInItsOwnWords() throws Exception {
        Path repo = handlerRepository();
        Files.writeString(repo.resolve("fail.sh"), "#!/bin/sh\necho 'cannot reach the broker at 127.0.0.1:1' >&2\nexit 1\n");
        repo.resolve("fail.sh").toFile().setExecutable(true);
        try (org.eclipse.jgit.api.Git git = org.eclipse.jgit.api.Git.open(repo.toFile())) {
            git.add().addFilepattern("fail.sh").call();
            git.commit().setMessage("a handler that fails").setAuthor("qe", "qe@example.org").setCommitter("qe", "qe@example.org").call();
        }
        Path script = data.resolve("failing-fault.groovy");
        Files.writeString(script, """
                test {
                    url          param('url', null)
                    rate         200
                    duration     '3s'
                    agent {
                        source   param('handlers', null)
                        at       '1s', run: param('handler', 'fail.sh')
                    }
                    expect       'loss == 0', 'outage < 10 s'
                }
                """);
        sharedPair();
        agent(repo);
        String[][] cases = {
                {"fail.sh", "failed: exit status 1; last output: cannot reach the broker at 127.0.0.1:1"},
                {"../outside.sh", "refused: handler '../outside.sh' contains '..'; a handler must be a file inside the source repository"},
        };
        for (String[] c : cases) {
            Path runsOfCase = runs.resolve(c[0].replaceAll("[^a-z]", ""));
            Object[] r = maestro("run", script.toString(), "--broker", control(), "--runs", runsOfCase.toString(),
                    "-P", "url=" + sutUrl("e2e.failing-fault"), "-P", "handlers=" + repo.toUri(), "-P", "handler=" + c[0]);
            String out = (String) r[1];
            assertEquals(1, r[0], "the action " + c[0] + " did not take place:\n" + out);
            Path run;
            try (Stream<Path> dirs = Files.list(runsOfCase)) {
                run = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
            }
            JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
            assertEquals("failed", s.get("verdict").asText(), s.toString());
            JsonNode check = s.get("checks").get(1);
            assertEquals("agent action " + c[0] + " at 1.0 s", check.get("criterion").asText(), s.get("checks").toString());
            assertFalse(check.get("passed").asBoolean());
            assertTrue(check.get("measured").asText().startsWith(c[1]), check.toString());
            assertEquals("outage < 10 s (" + c[0] + " at 1.0 s)", s.get("checks").get(2).get("criterion").asText());
            assertTrue(s.get("reasons").toString().contains("agent action " + c[0]), s.get("reasons").toString());
            String junit = Files.readString(run.resolve("junit.xml"));
            assertTrue(java.util.regex.Pattern.compile("<testcase classname=\"maestro.failing-fault.criteria\" name=\"agent action "
                    + java.util.regex.Pattern.quote(c[0]) + " at 1.0 s\"( time=\"[0-9.]+\")?><failure message=\"agent action "
                    + java.util.regex.Pattern.quote(c[0] + " at 1.0 s: measured " + c[1])).matcher(junit).find(), junit);
            assertTrue(out.contains("  [FAIL] agent action " + c[0] + " at 1.0 s: measured " + c[1]), out);
            assertTrue(out.contains("verdict: FAILED (agent action " + c[0]), out);
        }
    }

    /** A git repository of test-scripts/handlers, made with JGit. */
    private Path handlerRepository() throws Exception {
        return org.maestro.client.local.HandlerRepository.commit(SCRIPTS.resolve("handlers"), data.resolve("handlers-repo"));
    }

    /** The longest time without a received message after {@code fromMicros}, from the receiver's rate logs. */
    private static long longestReceiveGapMillis(Path receiverDir, long fromMicros) throws IOException {
        long start = JSON.readTree(receiverDir.resolve("test.json").toFile()).get("startEpochMicros").asLong();
        List<Long> arrivals = new ArrayList<>();
        try (Stream<Path> files = Files.list(receiverDir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".rlog")).toList()) {
                try (org.maestro.common.ratelog.RateLogReader reader = org.maestro.common.ratelog.RateLogReader.open(f)) {
                    reader.forEachRemaining((eta, ata) -> arrivals.add(start + ata));
                }
            }
        }
        arrivals.sort(null);
        long longest = 0;
        for (int i = 1; i < arrivals.size(); i++) {
            if (arrivals.get(i) > fromMicros) {
                longest = Math.max(longest, arrivals.get(i) - Math.max(arrivals.get(i - 1), fromMicros));
            }
        }
        return longest / 1000;
    }

    @Test
    void aRunWorseThanItsBaselineFailsInJunitAndTheExitCode() throws Exception {
        sharedPair();
        String[] common = {"--broker", control(), "--runs", runs.toString(), "-P", "url=" + sutUrl("e2e.baseline"),
                "-P", "duration=3s", "-P", "warmup=1s", "-P", "p99=2 s",
                // About the comparison, not the warm-up: a cold sender JVM may start a few hundred ms behind.
                "-P", "warmupSendDelay=off"};
        Object[] r = maestro(concat(new String[] {"run", SCRIPTS.resolve("fixed-rate.groovy").toString(), "-P", "rate=400"}, common));
        assertEquals(0, r[0], (String) r[1]);
        Path baseline = onlyRun();

        // A mistyped baseline is refused before anything runs.
        r = maestro(concat(new String[] {"run", SCRIPTS.resolve("fixed-rate.groovy").toString(), "--baseline",
                runs.resolve("no-such-run").toString()}, common));
        assertEquals(2, r[0], (String) r[1]);
        assertTrue(((String) r[1]).contains("--baseline " + runs.resolve("no-such-run") + " does not exist"), (String) r[1]);
        assertEquals(baseline, onlyRun(), "no run was made");

        // Half the throughput against the directory of runs: its one passed run of the test is the baseline. Half the
        // rate asked for is another load, so the verdict is "not comparable": a nightly fails on it as on a regression, in
        // the exit code and junit.xml. The rates fall by half, but two seconds measured cannot show how much a rate moves
        // by chance (RunFigures.MIN_SLICES): they are "not judged", never "same" (bench/compare-noise.sh's 10 s runs at
        // 80 % of the rate are judged worse).
        r = maestro(concat(new String[] {"run", SCRIPTS.resolve("fixed-rate.groovy").toString(), "-P", "rate=200",
                "--baseline", runs.toString()}, common));
        String out = (String) r[1];
        assertEquals(1, r[0], "the run passed its criteria but its load is not the baseline's:\n" + out);
        assertTrue(out.contains("compared with baseline " + baseline.getFileName() + ": NOT COMPARABLE; not judged: receive rate,"
                + " send rate"), out);
        Path run;
        try (Stream<Path> dirs = Files.list(runs)) {
            run = dirs.filter(d -> !d.equals(baseline) && Files.isDirectory(d)).findFirst().orElseThrow();
        }
        JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
        assertEquals("passed", s.path("verdict").asText(), "the run's own criteria passed");
        JsonNode c = JSON.readTree(run.resolve("comparison.json").toFile());
        assertEquals("not comparable", c.path("verdict").asText());
        JsonNode rate = null;
        for (JsonNode m : c.path("metrics")) {
            if (m.path("metric").asText().equals("receive rate")) {
                rate = m;
            }
        }
        assertEquals(s.at("/totals/receiveRate").asDouble(), rate.path("value").asDouble(), 1e-6, "the run's own figure");
        assertEquals(JSON.readTree(baseline.resolve("summary.json").toFile()).at("/totals/receiveRate").asDouble(),
                rate.path("baseline").asDouble(), 1e-6, "the baseline's figure");
        assertEquals("not judged", rate.path("verdict").asText());
        assertTrue(rate.path("basis").asText().startsWith("too few samples: "), rate.toString());
        assertEquals(-50, rate.path("changePercent").asDouble(), 10, "the fall is shown: " + rate);
        String junit = Files.readString(run.resolve("junit.xml"));
        assertTrue(junit.contains("<testsuites") && junit.contains("name=\"maestro.fixed-rate.baseline\""), junit);
        assertTrue(junit.contains("<failure message=\"receive rate: ") && junit.contains("(too few samples: "), junit);
        assertTrue(junit.contains("<failure message=\"not comparable: "), junit);
        assertTrue(Files.size(run.resolve("comparison.html")) > 10_000);
        assertTrue(Files.readString(run.resolve("report.html")).contains("\"comparison\":{"), "report.html carries the comparison");

        // The same by hand: maestro compare BASELINE RUN.
        r = maestro("compare", baseline.toString(), run.toString());
        assertEquals(1, r[0], (String) r[1]);
        assertTrue(((String) r[1]).contains("receive rate (msg/s)"), (String) r[1]);
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static JsonNode peer(JsonNode summary, String name) {
        for (JsonNode p : summary.get("peers")) {
            if (p.get("name").asText().equals(name)) {
                return p;
            }
        }
        throw new AssertionError(name + " is not in " + summary.get("peers"));
    }

    /**
     * A sender asked for far more than the SUT takes never gets on schedule: the warm-up ends at its cap, the verdict
     * fails naming the sender and its send delay, and the latency criterion is not evaluated. The SUT's limit is the
     * URL's throttle (1000 msg/s on each of the 2 connections), so the 6000 messages take 3 s on any host, past the
     * 2 s cap (a message count keeps it short: a timed run would have the sender catch up on every message due); the
     * warm-up's minimum is short enough that on schedule the count would not all be warm-up (6000 messages at
     * 100000 msg/s is 60 ms: a longer minimum is refused, as nothing would be measured).
     */
    @Test
    void aSenderThatNeverGetsOnScheduleFailsTheRunAndItsLatencyIsNotJudged() throws Exception {
        sharedPair();
        Object[] r = maestro("run", SCRIPTS.resolve("fixed-rate.groovy").toString(), "--broker", control(),
                "--runs", runs.toString(), "-P", "url=" + sutUrl("e2e.offschedule") + "?throttle=1000", "-P", "rate=100000",
                "-P", "duration=6000msg", "-P", "warmup=10ms", "-P", "warmupMax=2s", "-P", "p99=10 s");
        assertEquals(1, r[0], (String) r[1]);
        Path run = onlyRun();
        JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
        assertEquals("failed", s.get("verdict").asText());
        JsonNode schedule = s.get("checks").get(0);
        assertEquals("sender 'sender-1' on schedule after the warm-up", schedule.get("criterion").asText());
        assertFalse(schedule.get("passed").asBoolean());
        assertTrue(schedule.get("measured").asText().matches("connection [01] send delay [0-9.]+ ms when the warm-up .*"),
                schedule.toString());
        JsonNode latency = s.get("checks").get(1);
        assertEquals("p99 latency < 10 s", latency.get("criterion").asText());
        assertTrue(latency.get("passed").isNull(), latency.toString());
        assertTrue(latency.get("measured").asText().startsWith("not evaluated: sender 'sender-1' never got on schedule"));
        assertFalse(peer(s, "sender-1").get("warmup").get("onSchedule").asBoolean());
        String junit = Files.readString(run.resolve("junit.xml"));
        assertTrue(junit.contains("<failure message=\"sender 'sender-1' on schedule after the warm-up: measured connection "), junit);
        assertTrue(junit.contains("<skipped message=\"p99 latency &lt; 10 s: not evaluated"), junit);
        String console = Files.readString(run.resolve("console.log"));
        assertTrue(console.contains("[NOT EVALUATED] p99 latency < 10 s") && console.contains("verdict: FAILED"), console);
    }

    /**
     * The first of the tests sharing the pair: its verdict (a bound no latency meets) does not depend on how soon a cold
     * sender gets on schedule, and its short run warms the pair for those whose first seconds are judged (a cold sender
     * on a busy 2-core host failed incrementalFindsTheSustainableRate's first step when it came first).
     */
    @Test
    @Order(WARMS_THE_PAIR)
    void aBrokenCriterionExitsWith1AndJUnitCarriesTheMeasuredValue() throws Exception {
        sharedPair();
        // Only the p99 bound is meant to break: with no warm-up a cold sender on a busy host may also fall short of 95 %
        Object[] r = maestro("run", SCRIPTS.resolve("fixed-rate.groovy").toString(), "--broker", control(),
                "--runs", runs.toString(), "-P", "url=" + sutUrl("e2e.criterion"), "-P", "rate=200", "-P", "duration=2s",
                "-P", "warmup=0s", "-P", "p99=1 us", "-P", "minRate=1 %");
        assertEquals(1, r[0], (String) r[1]);
        String junit = Files.readString(onlyRun().resolve("junit.xml"));
        assertTrue(junit.contains("failures=\"1\""), junit);
        assertTrue(junit.contains("<failure message=\"p99 latency &lt; 1 us: measured "), junit);
        assertTrue(junit.contains("bound &lt; 0.001 ms"), junit);
    }

    @Test
    void aMissingPeerExitsWith2AndIsNamed() throws Exception {
        sharedPair();
        Object[] r = maestro("run", SCRIPTS.resolve("fixed-rate.groovy").toString(), "--broker", control(),
                "--runs", runs.toString(), "--discovery-timeout", "3s", "-P", "url=" + sutUrl("e2e.missing"),
                "-P", "senders=2", "-P", "duration=2s", "-P", "warmup=0s");
        assertEquals(2, r[0], (String) r[1]);
        String output = (String) r[1];
        assertTrue(output.contains("required peers missing after 3 s: 1 sender (found sender 'sender-1', receiver 'receiver-1')"),
                output);
        JsonNode s = JSON.readTree(onlyRun().resolve("summary.json").toFile());
        assertEquals("error", s.get("verdict").asText());
        assertTrue(Files.readString(onlyRun().resolve("junit.xml")).contains("errors=\"1\""));
    }

    @Test
    @Order(OWN_PEERS)
    void aWorkerKilledMidTestEndsTheRunWithin2NamingThePeerAndKeepsTheFiles() throws Exception {
        noSharedPeers();
        worker("receiver", "receiver-1");
        ChildJvm sender = worker("sender", "sender-1");
        peersReady(); // here, not in the run's thread: the wait for progress below is for the run alone
        CompletableFuture<Object[]> run = CompletableFuture.supplyAsync(() -> maestro("run",
                SCRIPTS.resolve("fixed-rate.groovy").toString(), "--broker", control(), "--runs",
                runs.toString(), "-P", "url=" + sutUrl("e2e.killed"), "-P", "rate=300", "-P", "duration=60s"));
        // Let the test get going, then kill the sender without a goodbye.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!MaestroCommand.hasProgress(runs) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        long killedAt = System.nanoTime();
        sender.kill();
        Object[] r = run.get(60, TimeUnit.SECONDS);
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killedAt);
        assertEquals(2, r[0], (String) r[1]);
        assertTrue(((String) r[1]).contains("sender 'sender-1'") && ((String) r[1]).contains("disconnected abnormally"),
                (String) r[1]);
        assertTrue(seconds < 20, "the client ended " + seconds + " s after the kill");
        Path dir = onlyRun();
        assertTrue(Files.exists(dir.resolve("peers/receiver-1/latency-response.hlog")), "the receiver's files were collected");
        assertTrue(Files.readString(dir.resolve("console.log")).contains("disconnected abnormally"));
        assertEquals("error", JSON.readTree(dir.resolve("summary.json").toFile()).get("verdict").asText());
    }

    @Test
    @Order(OWN_PEERS)
    void multipointRunsEachRouteOnItsOwnGroupAndEndpoints() throws Exception {
        noSharedPeers();
        worker("receiver", "east-r", "--group", "east");
        worker("sender", "east-s", "--group", "east");
        worker("receiver", "west-r", "--group", "west");
        worker("sender", "west-s", "--group", "west");
        worker("sender", "idle-s");   // not in any route: must not be used or started
        Object[] r = maestro("run", SCRIPTS.resolve("multipoint.groovy").toString(), "--broker", control(),
                "--runs", runs.toString(), "-P", "east=" + sutUrl("e2e.east"), "-P", "west=" + sutUrl("e2e.west"),
                "-P", "rate=400", "-P", "duration=4s", "-P", "warmup=1s",
                // This test is about routes, not latency: two cold sender JVMs started at once on a 2-core host may
                // stay a second behind their schedule (seen at stop 18's head too), which is not what it checks.
                "-P", "warmupSendDelay=off", "-P", "p99=10 s");
        assertEquals(0, r[0], (String) r[1]);
        JsonNode s = JSON.readTree(onlyRun().resolve("summary.json").toFile());
        assertEquals(2 * DueMessages.of(200, 4, "1s"), s.get("totals").get("sent").asLong(),
                "400 msg/s in total for 4 s, 200 on each route, ramped in the warm-up");
        assertEquals(s.get("totals").get("sent").asLong(), s.get("totals").get("received").asLong());
        assertEquals(4, s.get("peers").size());
        JsonNode east = JSON.readTree(onlyRun().resolve("peers/east-s/test.json").toFile());
        assertTrue(east.get("sendUrl").asText().endsWith("/e2e.east"), east.toString());
        assertEquals(200, east.get("rate").asLong());
        assertTrue(JSON.readTree(onlyRun().resolve("peers/west-r/test.json").toFile()).get("receiveUrl").asText().endsWith("/e2e.west"));
        assertTrue(((String) r[1]).contains("east-s") && !((String) r[1]).contains("idle-s ended"), (String) r[1]);
    }

    @Test
    void incrementalFindsTheSustainableRate() throws Exception {
        // Rates any host keeps up with, cold JVMs and a busy machine included: the test is about the search's answer.
        sharedPair();
        Object[] r = maestro("run", SCRIPTS.resolve("incremental.groovy").toString(), "--broker", control(),
                "--runs", runs.toString(), "-P", "url=" + sutUrl("e2e.incremental"), "-P", "startRate=100", "-P", "step=100",
                "-P", "maxRate=200", "-P", "stepDuration=2s", "-P", "p99=2 s", "-P", "sendDelay=1s");
        assertEquals(0, r[0], (String) r[1]);
        JsonNode inc = JSON.readTree(onlyRun().resolve("incremental.json").toFile());
        assertEquals(200, inc.get("sustainableRate").asLong(), inc.toString());
        assertEquals(2, inc.get("steps").size());
        // Every step passed up to the maximum: only a lower bound, and said so (issue 21, reproduction 6).
        assertTrue(inc.get("lowerBound").asBoolean(), inc.toString());
        assertTrue(((String) r[1]).contains("sustainable throughput: at least 200 msg/s (every step up to 200 msg/s was sustainable)"), (String) r[1]);
        assertTrue(Files.exists(onlyRun().resolve("report.html")), "the incremental run's top page");
        String index = Files.readString(runs.resolve("index.html"));
        assertTrue(index.contains("\"dir\":\"" + onlyRun().getFileName() + "\",\"kind\":\"incremental\""), "listed as one incremental run");
        assertTrue(!index.contains("\"kind\":\"run\"") && !Files.exists(onlyRun().resolve("steps/index.html")),
                "its steps are not listed at the top, nor indexed on their own");
    }

    /**
     * The limit search's backlog judged by the SUT's queue depth, as a real inspector reads it from this Artemis through
     * Jolokia (--local peers, the lab's broker): receivers that take at most 2 × 100 msg/s (the URL's receiveThrottle)
     * keep up with 100 msg/s, their queue flat; at 300 msg/s the queue grows by the difference, about 100 msg/s, and the
     * step is not sustainable for that (the bounds of the senders' schedule and of p99 are loose, out of the way on a busy host).
     */
    @Test
    void theSearchJudgesTheBacklogByTheQueueDepthTheInspectorReads() throws Exception {
        String jolokia = lab.sut().jolokiaUrl(ArtemisBroker.USER, ArtemisBroker.PASSWORD);
        Object[] r = maestro("run", SCRIPTS.resolve("find-limit.groovy").toString(), "--local", "--runs", runs.toString(),
                "-P", "url=" + sutUrl("e2e.backlog") + "?receiveThrottle=100", "-P", "connections=2", "-P", "jolokia=" + jolokia,
                "-P", "startRate=100", "-P", "step=200", "-P", "maxRate=300", "-P", "resolution=200", "-P", "stepDuration=6s",
                "-P", "warmup=1s", "-P", "warmupSendDelay=off", "-P", "sendDelay=1s", "-P", "maxTime=2m", "-P", "p99=60 s");
        assertEquals(0, r[0], (String) r[1]);
        JsonNode inc = JSON.readTree(onlyRun().resolve("incremental.json").toFile());
        assertEquals(100, inc.get("sustainableRate").asLong(), inc.toString());
        assertEquals(300, inc.get("unsustainableRate").asLong(), inc.toString());
        JsonNode keptUp = null;
        JsonNode fellBehind = null;
        for (JsonNode step : inc.get("steps")) {   // a repeated (borderline) step counts by its last run
            keptUp = step.get("rate").asLong() == 100 ? step : keptUp;
            fellBehind = step.get("rate").asLong() == 300 ? step : fellBehind;
        }
        assertTrue(keptUp.get("sustainable").asBoolean() && Math.abs(keptUp.get("queueGrowthPerSecond").asDouble()) <= 3,
                "100 msg/s: the queue stays flat (within 3 % of the send rate a second): " + keptUp);
        assertFalse(fellBehind.get("sustainable").asBoolean(), fellBehind.toString());
        double growth = fellBehind.get("queueGrowthPerSecond").asDouble();
        assertTrue(growth > 70 && growth < 130, "300 msg/s in, 200 msg/s out: the queue grows by about 100 msg/s: " + fellBehind);
        List<String> reasons = new ArrayList<>();
        fellBehind.get("reasons").forEach(reason -> reasons.add(reason.asText()));
        assertTrue(reasons.stream().anyMatch(reason -> reason.startsWith("queue depth grew ")), "the queue's growth judged: " + reasons);
        assertTrue(reasons.stream().noneMatch(reason -> reason.contains("receive rate")), "not the rates' ratio: " + reasons);
        // The inspector's samples, in the step's own run directory, are what was judged.
        assertTrue(Files.readString(onlyRun().resolve(fellBehind.get("run").asText()).resolve("peers/inspector-1/queues.csv"))
                .contains("e2e.backlog"), "the inspector sampled the test's queue");
    }

    @Test
    void aScriptWithATypoNamesTheFileAndLine() throws Exception {
        Path script = runs.resolve("typo.groovy");
        Files.writeString(script, "test {\n    name 'typo'\n    rat 1000\n}\n");
        Object[] r = maestro("run", script.toString(), "--local", "--runs", runs.resolve("out").toString());
        assertEquals(2, r[0]);
        assertTrue(((String) r[1]).contains("typo.groovy:3: no such setting or command 'rat'"), (String) r[1]);
        Files.writeString(script, "test {\n    name 'bad'\n    rate 'fast'\n}\n");
        r = maestro("run", script.toString(), "--local", "--runs", runs.resolve("out").toString());
        assertTrue(((String) r[1]).contains("typo.groovy:3: bad rate 'fast'"), (String) r[1]);
        Files.writeString(script, "test {\n    name 'broken'\n    rate 1000 +\n");
        r = maestro("run", script.toString(), "--local", "--runs", runs.resolve("out").toString());
        assertEquals(2, r[0]);
        assertTrue(((String) r[1]).contains("typo.groovy") && ((String) r[1]).contains("does not compile"), (String) r[1]);
    }

    @Test
    @Order(OWN_PEERS)
    void aMalformedSutUrlFailsTheRunAndItsPasswordLandsNowhere() throws Exception {
        noSharedPeers();
        String password = "S3cr3t-Zebra-42";
        List<ChildJvm> workers = List.of(worker("receiver", "receiver-1"), worker("sender", "sender-1"));
        String url = lab.sut().amqpUrl().replace("amqp://", "amqp://admin:" + password + "@") + "/e2e.secret?bogus=1";
        Object[] r = maestro("run", SCRIPTS.resolve("fixed-rate.groovy").toString(), "--broker", control(),
                "--runs", runs.toString(), "-P", "url=" + url, "-P", "rate=100", "-P", "duration=2s", "-P", "warmup=0s");
        String console = (String) r[1];
        assertTrue((int) r[0] != 0, console);
        assertTrue(console.contains("unknown option 'bogus'"), "the console says what is wrong: " + console);
        workers.forEach(ChildJvm::close);   // their logs are complete once they have ended

        SecretSearch search = new SecretSearch(password).files(workers.get(0).log(), workers.get(1).log(), runs, data)
                .text("the console", console);
        System.out.println("password search: " + search);
        List<Path> searched = search.searchedFiles();
        // Refused before any peer was touched (PeerRefusals): what the password could reach is the console and the peers' logs.
        assertTrue(console.contains("the peers would refuse this test"), console);
        assertTrue(searched.contains(workers.get(0).log()) && searched.contains(workers.get(1).log()), "the peers' logs were searched: " + searched);
        assertEquals(List.of(), search.hits(), "the password " + password + " was written to these");
    }
}
