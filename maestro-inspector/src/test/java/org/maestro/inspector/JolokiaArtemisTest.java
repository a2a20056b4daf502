package org.maestro.inspector;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.maestro.common.metrics.MetricNames;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.MetricsPage;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.Stats;
import org.maestro.common.note.TestOptions;
import org.maestro.common.runfiles.ColumnKind;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunJson;
import org.maestro.common.runfiles.TestJson;
import org.maestro.common.util.SystemInfo;
import com.fasterxml.jackson.databind.JsonNode;
import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.TestLab;
import org.maestro.common.util.LoopbackPorts;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Jolokia inspector against a real standalone Artemis (its web console's Jolokia), driven over real
 * Mosquitto with the worker's own sender and receiver putting messages through a queue. The broker is killed
 * in the last test.
 */
@Integration
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class JolokiaArtemisTest {
    private static final String QUEUE = "maestro.inspected";
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();
    private ArtemisBroker sut;
    private InspectorCluster cluster;

    @TempDir
    Path dataDir;

    @BeforeEach
    void startPeers() throws Exception {
        sut = lab.sut();
        cluster = new InspectorCluster(lab, dataDir);
    }

    private static Map<String, String> inspectorOptions(String testId, String managementUrl) {
        Map<String, String> o = new HashMap<>();
        o.put(TestOptions.TEST_ID, testId);
        o.put(TestOptions.MANAGEMENT_URL, managementUrl);
        o.put(TestOptions.INSPECTOR_TYPE, "jolokia");
        o.put(TestOptions.INSPECTOR_INTERVAL, "1s");
        return o;
    }

    static String[] once(String url) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int code = InspectOnce.run("jolokia", url, "", Duration.ofSeconds(5), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return new String[]{Integer.toString(code), bytes.toString(StandardCharsets.UTF_8)};
    }

    @Test
    @Order(1)
    void inspectOncePrintsEveryDataSetOrSaysClearlyWhatIsWrong() {
        String[] ok = once(sut.jolokiaUrl(ArtemisBroker.USER, ArtemisBroker.PASSWORD));
        assertEquals("0", ok[0], ok[1]);
        for (String heading : List.of("== jvm-memory", "== os", "== queues", "== addresses")) {
            assertTrue(ok[1].contains(heading), heading + " in " + ok[1]);
        }
        assertTrue(ok[1].contains("\nheap,heap,") && ok[1].contains("\nDLQ,DLQ,anycast,"), ok[1]);
        assertTrue(ok[1].contains("OK: jolokia at " + sut.jolokiaUrl() + ": 4 data sets read in "), ok[1]);

        String[] wrongPassword = once(sut.jolokiaUrl(ArtemisBroker.USER, "wrong"));
        assertEquals("2", wrongPassword[0]);
        assertTrue(wrongPassword[1].contains("refused the credentials of user 'admin' (HTTP 403)"), wrongPassword[1]);
        assertFalse(wrongPassword[1].contains("wrong"), "no password in messages: " + wrongPassword[1]);

        String[] none = once(sut.jolokiaUrl());
        assertTrue(none[1].contains("refused a request without credentials"), none[1]);

        // Artemis' Jolokia answers HTTP 200 with "status":403 in the body to an Origin it does not allow.
        String[] origin = once(sut.jolokiaUrl(ArtemisBroker.USER, ArtemisBroker.PASSWORD) + "?origin=http://elsewhere.example");
        assertEquals("2", origin[0]);
        assertTrue(origin[1].contains("refused the request with status 403") && origin[1].contains("Origin http://elsewhere.example"),
                origin[1]);

        String[] path = once(sut.jolokiaUrl(ArtemisBroker.USER, ArtemisBroker.PASSWORD).replace("/console/jolokia", "/jolokia"));
        assertTrue(path[1].contains("(HTTP 404): check the path"), path[1]);

        int closed = LoopbackPorts.free();
        String[] refused = once("http://admin:admin@127.0.0.1:" + closed + "/console/jolokia");
        assertEquals("2", refused[0]);
        assertTrue(refused[1].contains("cannot connect to Jolokia at http://127.0.0.1:" + closed + "/console/jolokia"), refused[1]);
    }

    @Test
    @Order(2)
    void queueCountsInTheCsvMatchWhatTheWorkersSentAndReceived() throws Exception {
        Map<String, String> o = inspectorOptions("counts", sut.jolokiaUrl(ArtemisBroker.USER, ArtemisBroker.PASSWORD));
        o.put(TestOptions.SEND_URL, sut.amqpUrl(QUEUE));
        o.put(TestOptions.RATE, "300");
        o.put(TestOptions.DURATION, "300msg");
        o.put(TestOptions.DRAIN_QUIET, "1s");
        assertTrue(cluster.setAll(o).allOk());
        Payload.Ok started = assertInstanceOf(Payload.Ok.class, cluster.request(cluster.inspector, new Payload.StartInspector("")));
        assertTrue(started.detail().contains("first sample complete"), started.detail());

        // 300 messages to a queue nobody consumes yet: the queue holds them all.
        assertInstanceOf(Payload.Ok.class, cluster.request(cluster.sender, new Payload.StartSender()));
        assertInstanceOf(Payload.NotifySuccess.class, cluster.awaitEnd(cluster.sender.info(), 30).payload());
        Path dir = dataDir.resolve("counts/inspector-1");
        Csv.await(dir.resolve("queues.csv"), r -> r.get("queue").equals(QUEUE) && r.get("messageCount").equals("300"), 10);

        // The receiver drains the queue.
        assertInstanceOf(Payload.Ok.class, cluster.request(cluster.receiver, new Payload.StartReceiver()));
        assertInstanceOf(Payload.Ok.class, cluster.request(cluster.receiver, new Payload.StopReceiver()));
        Note received = cluster.awaitEnd(cluster.receiver.info(), 30);
        assertTrue(((Payload.NotifySuccess) received.payload()).detail().contains("received 300"), received.toString());

        Payload.Ok stopped = assertInstanceOf(Payload.Ok.class, cluster.request(cluster.inspector, new Payload.StopInspector()));
        Note end = cluster.awaitEnd(cluster.inspector.info(), 10);
        String detail = ((Payload.NotifySuccess) end.payload()).detail();
        assertTrue(detail.contains(", 0 missing"), detail);
        assertEquals(stopped.detail(), detail);

        // The last sample (taken at STOP_INSPECTOR) has the exact counts of the test.
        List<Map<String, String>> queue = Csv.rows(dir.resolve("queues.csv")).stream().filter(r -> r.get("queue").equals(QUEUE)).toList();
        Map<String, String> last = queue.get(queue.size() - 1);
        assertEquals("300", last.get("messagesAdded"), last.toString());
        assertEquals("300", last.get("messagesAcknowledged"), last.toString());
        assertEquals("0", last.get("messageCount"), last.toString());
        assertEquals("0", last.get("messagesExpired"), last.toString());
        assertEquals("anycast", last.get("routingType"));
        // The inspector's /metrics carries the same last sample's figures (the dashboard's SUT panels), by queue.
        MetricsPage metrics = MetricsPage.get(cluster.peers.metricsUrl("inspector-1"));
        for (String column : List.of("messagesAdded", "messagesAcknowledged", "messageCount")) {
            String series = MetricNames.SUT_VALUE + "{column=\"" + column + "\",data_set=\"queues\",entity=\"" + QUEUE + "/" + QUEUE
                    + "\",test_id=\"counts\"}";
            assertEquals(Double.parseDouble(last.get(column)), metrics.value(series), series + " in\n" + metrics.text());
        }
        assertTrue(metrics.text().contains(MetricNames.SUT_VALUE + "{column=\"systemCpuLoad\",data_set=\"os\",entity=\"\""), metrics.text());
        List<Map<String, String>> address = Csv.rows(dir.resolve("addresses.csv")).stream()
                .filter(r -> r.get("address").equals(QUEUE)).toList();
        assertEquals("300", address.get(address.size() - 1).get("routedMessages"));

        // Every CSV has a header and rows, each stamped with an ISO-8601 time.
        for (String file : List.of("jvm-memory.csv", "os.csv", "queues.csv", "addresses.csv", "sampling.csv")) {
            List<Map<String, String>> rows = Csv.rows(dir.resolve(file));
            assertFalse(rows.isEmpty(), file);
            assertTrue(rows.get(0).get("timestamp").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"), rows.get(0).toString());
        }
        assertTrue(Csv.rows(dir.resolve("jvm-memory.csv")).stream().anyMatch(r -> r.get("area").equals("heap")
                && Long.parseLong(r.get("usedBytes")) > 0));
        Map<String, String> os = Csv.rows(dir.resolve("os.csv")).get(0);
        assertTrue(Long.parseLong(os.get("openFileDescriptors")) > 0 && Long.parseLong(os.get("maxFileDescriptors")) > 0, os.toString());
        assertTrue(Csv.rows(dir.resolve("sampling.csv")).stream().allMatch(r -> r.get("outcome").equals("complete")));
        String testJson = Files.readString(dir.resolve("test.json"));
        assertTrue(testJson.contains("admin:***@") && !testJson.contains("admin:admin@"), testJson);

        // Every column the report charts has its kind in test.json, and the real figures fit it: no attribute name the
        // broker does not have (a silently empty column), and the counters only grow during the test.
        TestJson.Inspector written = (TestJson.Inspector) TestJson.read(dir).orElseThrow();
        for (TestJson.DataSet d : written.dataSets().values()) {
            assertEquals(d.columns(), List.copyOf(d.kinds().keySet()), d.file() + ": a kind for every column, in order");
            if (d.file().equals("sampling.csv")) {
                continue;
            }
            for (Map<String, String> row : Csv.rows(dir.resolve(d.file()))) {
                for (String c : d.columns()) {
                    assertFalse(row.get(c).isEmpty(), d.file() + " column " + c + " is empty: " + row);
                }
            }
        }
        TestJson.DataSet queues = written.dataSets().get("queues");
        assertEquals(ColumnKind.KEY, queues.kindOf("queue"));
        assertEquals(ColumnKind.IDENTITY, queues.kindOf("routingType"));
        assertEquals(ColumnKind.GAUGE, queues.kindOf("messageCount"));
        assertEquals(ColumnKind.COUNTER, written.dataSets().get("addresses").kindOf("routedMessages"));
        for (String counter : List.of("messagesAdded", "messagesAcknowledged")) {
            assertEquals(ColumnKind.COUNTER, queues.kindOf(counter));
            long previous = 0;
            for (Map<String, String> r : queue) {
                long v = Long.parseLong(r.get(counter));
                assertTrue(v >= previous, counter + " went down: " + queue);
                previous = v;
            }
        }

        Stats stats = cluster.inspectorStats();
        assertEquals("done", stats.phase());
        assertEquals(0, stats.lost());
        assertTrue(stats.messages() >= 3, stats.toString());

        assertSystemJsonNamesTheBroker(dir);
    }

    @Test
    @Order(3)
    void wrongCredentialsDoNotStopTheTestAndAreCountedAsMissingSamples() throws Exception {
        assertTrue(cluster.setAll(inspectorOptions("bad-credentials", sut.jolokiaUrl(ArtemisBroker.USER, "wrong"))).allOk());
        Payload.Ok started = assertInstanceOf(Payload.Ok.class, cluster.request(cluster.inspector, new Payload.StartInspector("")));
        assertTrue(started.detail().contains("first sample missing (Jolokia at " + sut.jolokiaUrl()
                + " refused the credentials of user 'admin' (HTTP 403)"), started.detail());
        awaitStats(s -> s.lost() >= 2);
        assertInstanceOf(Payload.Ok.class, cluster.request(cluster.inspector, new Payload.StopInspector()));
        String detail = ((Payload.NotifySuccess) cluster.awaitEnd(cluster.inspector.info(), 10).payload()).detail();
        assertTrue(detail.matches(".*: (\\d+) samples, \\1 missing \\(jvm-memory \\1, os \\1, queues \\1, addresses \\1\\); last failure: "
                + "Jolokia at .* refused the credentials.*"), detail);
        // Its metrics (no token) count the same samples, every one missing.
        java.util.regex.Matcher counts = java.util.regex.Pattern.compile(": (\\d+) samples").matcher(detail);
        assertTrue(counts.find(), detail);
        MetricsPage metrics = MetricsPage.get(cluster.peers.metricsUrl("inspector-1"));
        String test = "_total{test_id=\"bad-credentials\"}";
        double samples = Double.parseDouble(counts.group(1));
        assertEquals(samples, metrics.value(MetricNames.INSPECTOR_SAMPLES + test), metrics.text());
        assertEquals(samples, metrics.value(MetricNames.INSPECTOR_SAMPLES_MISSING + test), metrics.text());
        assertEquals(1, metrics.value(MetricNames.TEST_PHASE + "{phase=\"done\",test_id=\"bad-credentials\"}"), metrics.text());
        List<Map<String, String>> sampling = Csv.rows(dataDir.resolve("bad-credentials/inspector-1/sampling.csv"));
        assertTrue(sampling.stream().allMatch(r -> r.get("outcome").equals("missing")), sampling.toString());
        assertTrue(Csv.rows(dataDir.resolve("bad-credentials/inspector-1/queues.csv")).isEmpty());

        // A bad option is refused at SET, naming it.
        Payload bad = cluster.request(cluster.inspector, new Payload.SetOptions(Map.of(TestOptions.INSPECTOR_INTERVAL, "100ms")));
        assertTrue(((Payload.InternalError) bad).reason().startsWith("option inspector.interval: '100ms' is too short"), bad.toString());
    }

    @Test
    @Order(4)
    void aBrokerKilledMidSamplingIsCountedAsMissingSamplesAndSamplingResumesAfterItsRestart() throws Exception {
        assertTrue(cluster.setAll(inspectorOptions("killed", sut.jolokiaUrl(ArtemisBroker.USER, ArtemisBroker.PASSWORD))).allOk());
        assertInstanceOf(Payload.Ok.class, cluster.request(cluster.inspector, new Payload.StartInspector("jolokia")));
        awaitStats(s -> s.messages() >= 2);
        sut.kill();
        long missingBefore = cluster.inspectorStats().lost();
        awaitStats(s -> s.lost() >= missingBefore + 2);
        sut.start();
        String restarted = CsvFile.timestamp(java.time.Instant.now());
        Path sampling = dataDir.resolve("killed/inspector-1/sampling.csv");
        Csv.await(sampling, r -> r.get("outcome").equals("complete") && r.get("timestamp").compareTo(restarted) > 0, 30);
        assertInstanceOf(Payload.Ok.class, cluster.request(cluster.inspector, new Payload.StopInspector()));
        String detail = ((Payload.NotifySuccess) cluster.awaitEnd(cluster.inspector.info(), 10).payload()).detail();
        // While it restarts, the broker first refuses connections, then its console may accept and not answer yet.
        assertTrue(detail.contains("; last failure: ") && detail.contains("Jolokia at " + sut.jolokiaUrl()), detail);

        List<Map<String, String>> rows = Csv.rows(sampling);
        List<String> outcomes = rows.stream().map(r -> r.get("outcome")).toList();
        int firstMissing = outcomes.indexOf("missing");
        assertTrue(firstMissing >= 2 && outcomes.lastIndexOf("complete") > outcomes.lastIndexOf("missing"), outcomes.toString());
        long missing = outcomes.stream().filter("missing"::equals).count();
        assertTrue(detail.contains(", " + missing + " missing (jvm-memory " + missing), detail + " vs " + outcomes);
        // Usually "cannot connect to Jolokia at ...: connection refused"; a read in flight at the kill fails otherwise.
        assertTrue(rows.get(firstMissing).get("reason").contains("Jolokia at " + sut.jolokiaUrl()), rows.get(firstMissing).toString());
    }

    /** system.json says what the SUT is: the broker's own Version, as the distribution that runs it is numbered. */
    private static void assertSystemJsonNamesTheBroker(Path dir) throws Exception {
        String jar;
        try (var lib = Files.list(Path.of(System.getProperty(ArtemisBroker.HOME_PROPERTY), "lib"))) {
            jar = lib.map(f -> f.getFileName().toString()).filter(n -> n.matches("artemis-server-[0-9.]+\\.jar")).findFirst().orElseThrow();
        }
        String version = jar.substring("artemis-server-".length(), jar.length() - ".jar".length());
        JsonNode system = RunJson.MAPPER.readTree(dir.resolve(PeerFiles.SYSTEM_JSON).toFile());
        assertEquals("ActiveMQ Artemis " + version, system.path(SystemInfo.SUT_VERSION).asText(), system.toString());
    }

    private void awaitStats(java.util.function.Predicate<Stats> condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        Stats last = null;
        while (System.nanoTime() < deadline) {
            last = cluster.inspectorStats();
            if (condition.test(last)) {
                return;
            }
            Thread.sleep(200); // polling interval of a bounded wait
        }
        throw new AssertionError("inspector stats never matched within 20 s; last " + last);
    }
}
