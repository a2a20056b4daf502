package org.maestro.common.runfiles;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** test.json: each role's record is read back as written, with the fields in the order earlier versions wrote them. */
class TestJsonRoundTripTest {
    private static final TestJson.Peer SENDER = new TestJson.Peer("1a2b", "sender-1", "host-a", "sender", "east");

    @Test
    void aWorkersTestReadsBackAsWritten(@TempDir Path dir) throws Exception {
        TestJson.Worker w = new TestJson.Worker("t-1", "fixed", SENDER, 1_700_000_000_123_456L,
                "2023-11-14T22:13:20.123456Z", 2_000_000, "30s", 1000, 2, "1 KiB", "amqp://h:5672/q", "",
                Map.of("send.url", "amqp://u:***@h:5672/q"), null, null);
        TestJson.write(dir, w);
        assertEquals(Optional.of(w), TestJson.read(dir));
        assertEquals(Optional.of(w), TestJson.worker(dir));
        assertEquals("""
                {
                  "testId" : "t-1",
                  "testName" : "fixed",
                  "peer" : {
                    "id" : "1a2b",
                    "name" : "sender-1",
                    "host" : "host-a",
                    "role" : "sender",
                    "group" : "east"
                  },
                  "startEpochMicros" : 1700000000123456,
                  "start" : "2023-11-14T22:13:20.123456Z",
                  "warmupMicros" : 2000000,
                  "duration" : "30s",
                  "rate" : 1000,
                  "connections" : 2,
                  "messageSize" : "1 KiB",
                  "sendUrl" : "amqp://h:5672/q",
                  "receiveUrl" : "",
                  "options" : {
                    "send.url" : "amqp://u:***@h:5672/q"
                  }
                }""", Files.readString(dir.resolve(PeerFiles.TEST_JSON)));
    }

    @Test
    void anInspectorsTestReadsBackAsWritten(@TempDir Path dir) throws Exception {
        Map<String, TestJson.DataSet> sets = new LinkedHashMap<>();
        sets.put("queues", new TestJson.DataSet("queues.csv", "org.apache.activemq.artemis:*", List.of("name", "depth"),
                Map.of("name", ColumnKind.KEY, "depth", ColumnKind.GAUGE)));
        TestJson.Inspector i = TestJson.Inspector.builder().testId("t-1")
                .peer(new TestJson.Peer("9", "insp", "h", "inspector", ""))
                .start("2023-11-14T22:13:20Z").inspectorType("artemis-jolokia")
                .managementUrl("http://admin:***@h:8161/console/jolokia")
                .intervalMillis(1000).readTimeoutMillis(5000).dataSets(sets)
                .options(Map.of("inspector.url", "http://admin:***@h:8161/console/jolokia")).build();
        TestJson.write(dir, i);
        assertEquals(Optional.of(i), TestJson.read(dir));
        assertEquals(Optional.empty(), TestJson.worker(dir), "an inspector has no rate logs to time");
    }

    @Test
    void anInspectorOfSeveralRoutersListsEachTargetsDirectoryUrlAndDataSets(@TempDir Path dir) throws Exception {
        Map<String, TestJson.DataSet> sets = Map.of("links", new TestJson.DataSet("links.csv", "router.link", List.of("link"),
                Map.of("link", ColumnKind.KEY)));
        TestJson.Inspector i = new TestJson.Inspector("t-1", new TestJson.Peer("9", "inspector-1", "h", "inspector", ""),
                "2023-11-14T22:13:20Z", "amqp-management", "router-1=amqp://127.0.0.1:5672,router-2=amqp://127.0.0.1:5674", 1000,
                1000, Map.of(), Map.of(), List.of(new TestJson.Target("router-1", "amqp://127.0.0.1:5672", sets),
                new TestJson.Target("router-2", "amqp://127.0.0.1:5674", sets)));
        TestJson.write(dir, i);
        TestJson.Inspector back = (TestJson.Inspector) TestJson.read(dir).orElseThrow();
        assertEquals(i, back);
        assertEquals(List.of(dir.resolve("router-1"), dir.resolve("router-2")), back.inspected().stream().map(t -> t.directory(dir)).toList());
        // An inspector of one URL (and a file of an earlier version) is its own one target, its files beside test.json.
        TestJson.Inspector one = TestJson.Inspector.builder().testId("t-1").peer(i.peer()).start(i.start())
                .inspectorType(i.inspectorType()).managementUrl("amqp://127.0.0.1:5672").intervalMillis(1000)
                .readTimeoutMillis(1000)
                .dataSets(sets).options(Map.of()).build();
        assertEquals(List.of(new TestJson.Target("", "amqp://127.0.0.1:5672", sets)), one.inspected());
        assertEquals(dir, one.inspected().get(0).directory(dir));
    }

    @Test
    void anAgentsTestReadsBackAsWrittenWithItsOptionsSorted(@TempDir Path dir) throws Exception {
        TestJson.Agent a = new TestJson.Agent("t-1", new TestJson.Peer("7", "agent-1", "h", "agent", ""), "1m",
                "[file:/tmp]", new TreeMap<>(Map.of("z", "1", "a", "2")));
        TestJson.write(dir, a);
        assertEquals(Optional.of(a), TestJson.read(dir));
        String text = Files.readString(dir.resolve(PeerFiles.TEST_JSON));
        assertTrue(text.indexOf("\"a\" : \"2\"") < text.indexOf("\"z\" : \"1\""), text);
    }

    @Test
    void aSendersWarmupGateReadsBackAndIsLeftOutWhenThereIsNone(@TempDir Path dir) throws Exception {
        TestJson.WarmupGate gate = new TestJson.WarmupGate(5_000_000, 15_000_000, 100_000, false, 1, 812_000, 40L);
        TestJson.Worker w = new TestJson.Worker("t-1", "fixed", SENDER, 1, "x", 15_000_000, "30s", 1000, 2, "1 KiB",
                "amqp://h:5672/q", "", Map.of(), gate, null);
        TestJson.write(dir, w);
        TestJson.Worker back = TestJson.worker(dir).orElseThrow();
        assertEquals(gate, back.warmupGate());
        assertTrue(back.warmupGate().offSchedule());
        assertTrue(!Files.readString(dir.resolve(PeerFiles.TEST_JSON)).contains("offSchedule"), "a derived figure is not written");
        TestJson.write(dir, new TestJson.Worker("t-1", "fixed", SENDER, 1, "x", 0, "30s", 1000, 2, "1 KiB", "", "", Map.of(), null, null));
        assertTrue(!Files.readString(dir.resolve(PeerFiles.TEST_JSON)).contains("warmupGate"));
    }

    @Test
    void aWorkersStartInstantReadsBackWithItsLatenessDerivedNotWritten(@TempDir Path dir) throws Exception {
        TestJson.StartInstant start = new TestJson.StartInstant(1_700_000_000_000_000L, 1_700_000_000_001_250L);
        TestJson.write(dir, new TestJson.Worker("t-1", "fixed", SENDER, 1, "x", 0, "30s", 1000, 2, "1 KiB", "", "",
                Map.of(), null, start));
        TestJson.Worker back = TestJson.worker(dir).orElseThrow();
        assertEquals(start, back.startInstant());
        assertEquals(1_250L, back.startInstant().latenessMicros());
        assertTrue(!Files.readString(dir.resolve(PeerFiles.TEST_JSON)).contains("lateness"), "a derived figure is not written");
    }

    @Test
    void aFileFromAnotherVersionStillReads(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(PeerFiles.TEST_JSON), """
                {"testId": "t", "peer": {"role": "receiver", "host": "h"}, "startEpochMicros": 5, "warmupMicros": 7,
                 "somethingNew": [1, 2]}""");
        TestJson.Worker w = TestJson.worker(dir).orElseThrow();
        assertEquals(5, w.startEpochMicros());
        assertEquals(7, w.warmupMicros());
        assertEquals("h", w.peer().host());
        assertEquals(null, w.warmupGate(), "a file from before the warm-up gate has none");
    }

    @Test
    void anInspectorsDataSetWrittenBeforeColumnKindsHasNone(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(PeerFiles.TEST_JSON), """
                {"testId": "t", "peer": {"role": "inspector"}, "dataSets": {"links": {"file": "links.csv", "source": "e",
                 "columns": ["identity", "deliveryCount"]}}}""");
        TestJson.DataSet links = ((TestJson.Inspector) TestJson.read(dir).orElseThrow()).dataSets().get("links");
        assertEquals(Map.of(), links.kinds());
        assertEquals(null, links.kindOf("deliveryCount"), "unknown: the report guesses");
    }

    @Test
    void aDirectoryWithoutTestJsonHasNone(@TempDir Path dir) throws Exception {
        assertEquals(Optional.empty(), TestJson.read(dir.resolve("missing")));
    }

    @Test
    void anUnknownRoleIsNamedWithTheFile(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(PeerFiles.TEST_JSON), "{\"peer\": {\"role\": \"juggler\"}}");
        Exception e = assertThrows(java.io.IOException.class, () -> TestJson.read(dir));
        assertTrue(e.getMessage().contains(PeerFiles.TEST_JSON) && e.getMessage().contains("juggler"), e.getMessage());
    }
}
