package org.maestro.worker;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.maestro.client.control.Replies;
import org.maestro.client.data.DataClient;
import org.maestro.common.dataserver.DataToken;
import org.maestro.client.data.FetchResult;
import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.Stats;
import org.maestro.common.note.TestOptions;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.ratelog.RateLogReader;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;
import org.maestro.common.util.LoopbackPorts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Senders and receivers against a real Artemis broker in its own process, driven over real Mosquitto. The
 * exact fixed-rate run, topics, persistent messages and the unreachable SUT are tried in every protocol (AMQP, core,
 * OpenWire).
 */
@Integration
class WorkerIntegrationTest {
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();
    private WorkerCluster cluster;

    @TempDir
    Path dataDir;

    /** Where the client side downloads to: a temporary directory of its own, removed after the test. */
    @TempDir
    Path collectDir;

    @BeforeEach
    void startPeers() throws Exception {
        cluster = new WorkerCluster(lab, dataDir);
    }

    private Map<String, String> options(String testId, String url) {
        Map<String, String> o = new HashMap<>();
        o.put(TestOptions.TEST_ID, testId);
        o.put(TestOptions.SEND_URL, url);
        o.put(TestOptions.DRAIN_QUIET, "1s");
        return o;
    }

    private String url(String destination, String options) {
        return url(SutProtocol.AMQP, destination, options);
    }

    private String url(SutProtocol protocol, String destination, String options) {
        return protocol.url(lab.sut(), destination + (options.isEmpty() ? "" : "?" + options));
    }

    @ParameterizedTest
    @EnumSource(SutProtocol.class)
    void fixedRateToAQueueForATimeSendsExactlyTheScheduleAndLosesNothing(SutProtocol protocol) throws Exception {
        Note[] end = cluster.run(FixedRateRun.options(options("fixed-queue", url(protocol, "maestro.fixed." + protocol.scheme, ""))));
        FixedRateRun.assertExact(dataDir.resolve("fixed-queue"), end);
        assertTrue(Files.exists(dataDir.resolve("fixed-queue/sender-1/test.json")));
        String testJson = Files.readString(dataDir.resolve("fixed-queue/receiver-1/test.json"));
        assertTrue(testJson.contains(protocol.scheme + "://admin:***@") && !testJson.contains("admin:admin@"),
                "passwords are not written to test.json: " + testJson);
        String system = Files.readString(dataDir.resolve("fixed-queue/sender-1/system.json"));
        assertTrue(system.contains("\"cpus\""), system);
        assertTrue(system.contains(Map.of(SutProtocol.AMQP, "qpid-jms ", SutProtocol.CORE, "artemis-jakarta-client ",
                SutProtocol.OPENWIRE, "activemq-client ").get(protocol)), "the driver's client is recorded: " + system);
        assertEquals(protocol == SutProtocol.AMQP, system.contains("\"driverDefaults\" : {\n    \"amqp.maxFrameSize\" : \"65536\""),
                "the frame size the worker gave qpid-jms is recorded: " + system);
        assertTrue(cluster.progress.stream().anyMatch(n -> ((Payload.Progress) n.payload()).stats().messages() > 0),
                "progress notes arrive every second");

        // The client's side of collection: ask for the data server and its token, download, verify every byte.
        String dataUrl = ((Payload.GetReply) cluster.request(cluster.receiver, new Payload.Get("data.url"))
                .of(cluster.receiver.info()).payload()).value();
        Path collected = collectDir.resolve("collected");
        DataToken token = DataToken.of(((Payload.GetReply) cluster.request(cluster.receiver, new Payload.Get("data.token"))
                .of(cluster.receiver.info()).payload()).value());
        FetchResult fetched = DataClient.fetchAll(java.net.URI.create(dataUrl), token, "fixed-queue/receiver-1", collected);
        try (Stream<Path> files = Files.list(dataDir.resolve("fixed-queue/receiver-1"))) {
            List<Path> local = files.toList();
            assertEquals(local.size(), fetched.files());
            for (Path f : local) {
                assertTrue(Arrays.equals(Files.readAllBytes(f), Files.readAllBytes(collected.resolve(f.getFileName()))), f.toString());
            }
        }
    }

    /**
     * Issue 22: presettled (fire-and-forget) sends. The SUT acknowledges nothing, so the sender's end line and its
     * delivery.json say "sent, not acknowledged" instead of a count of acknowledgements; what arrived is the receiver's.
     */
    @Test
    void presettledSendsAreNotCountedAsAcknowledged() throws Exception {
        Note[] end = cluster.run(FixedRateRun.options(options("presettled", url("maestro.presettled", "delivery=presettled"))));
        String sent = ((Payload.NotifySuccess) end[0].payload()).detail();
        assertTrue(sent.startsWith("sent 1500 message(s), presettled: sent, not acknowledged (the receivers' loss is the truth);"), sent);
        assertFalse(sent.contains("acknowledged,"), "no count of acknowledgements: " + sent);
        assertEquals(new org.maestro.common.runfiles.DeliveryJson(org.maestro.common.runfiles.DeliveryMode.PRESETTLED, null, null,
                null, 0), org.maestro.common.runfiles.DeliveryJson.read(dataDir.resolve("presettled/sender-1")).orElseThrow());
        String received = ((Payload.NotifySuccess) end[1].payload()).detail();
        assertTrue(received.contains("received 1500 message(s)") && received.contains("lost 0"), received);
    }

    @ParameterizedTest
    @EnumSource(SutProtocol.class)
    void flatOutToATopicForACount(SutProtocol protocol) throws Exception {
        Map<String, String> o = options("flat-topic", url(protocol, "maestro.topic." + protocol.scheme, "type=topic"));
        o.put(TestOptions.RATE, "0");
        o.put(TestOptions.DURATION, "20000msg");
        o.put(TestOptions.CONNECTIONS, "2");
        o.put(TestOptions.MESSAGE_SIZE, "100");
        Note[] end = cluster.run(o);
        assertSuccess(end);
        assertEquals(20000, rateLogRecords("flat-topic", "sender-1", "sender-"));
        // Each of the receiver's two topic subscriptions gets every message.
        assertEquals(40000, rateLogRecords("flat-topic", "receiver-1", "receiver-"));
        assertTrue(((Payload.NotifySuccess) end[1].payload()).detail().contains("lost 0, duplicated 0"), end[1].toString());
        // Reproduction 7 of issue 21. Flat out there is no schedule: no send delay, live or at the end, rather than 0.
        List<Stats> sender = progressOf(cluster.sender);
        assertTrue(sender.stream().allMatch(s -> s.sendDelayP99Micros() == -1), sender.toString());
        String senderEnd = ((Payload.NotifySuccess) end[0].payload()).detail();
        assertTrue(senderEnd.contains("(flat out); no send delay") && !senderEnd.contains("p99 send delay"), senderEnd);
        // ... nor a send-delay log of zeros, which the report would chart as a figure.
        assertFalse(Files.exists(dataDir.resolve("flat-topic/sender-1").resolve(PeerFiles.SEND_DELAY_HLOG)));
        // Each peer's last progress, before its end, carries its final counts (the last tick's were up to a second old).
        Stats senderLast = sender.get(sender.size() - 1);
        assertEquals(Stats.DONE, senderLast.phase());
        assertEquals(20000, senderLast.messages());
        List<Stats> receiver = progressOf(cluster.receiver);
        Stats receiverLast = receiver.get(receiver.size() - 1);
        assertEquals(Stats.DONE, receiverLast.phase());
        assertEquals(40000, receiverLast.messages());
        assertEquals(0, receiverLast.lost());
    }

    /**
     * test.json gets the begin after the instant (by the one-second tick), never at it: a run over before its first
     * tick writes it at its end.
     */
    @Test
    void aRunOverBeforeItsFirstTickStillRecordsWhenItBeganAtItsInstant() throws Exception {
        Map<String, String> o = options("short-instant", url("maestro.short.instant", ""));
        o.put(TestOptions.RATE, "0");
        o.put(TestOptions.DURATION, "50msg");
        assertTrue(cluster.set(o).allOk());
        assertTrue(cluster.request(cluster.receiver, new Payload.StartReceiver()).allOk());
        long instant = org.maestro.common.util.Clocks.epochMicros() + 300_000;
        assertTrue(cluster.request(cluster.sender, new Payload.StartSender(instant)).allOk());
        Note senderEnd = cluster.awaitEnd(cluster.sender.info(), 60);
        assertInstanceOf(Payload.NotifySuccess.class, senderEnd.payload(), senderEnd.toString());
        assertTrue(cluster.request(cluster.receiver, new Payload.StopReceiver()).allOk());
        cluster.awaitEnd(cluster.receiver.info(), 60);
        com.fasterxml.jackson.databind.JsonNode start = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(dataDir.resolve("short-instant/sender-1/test.json").toFile()).path("startInstant");
        assertEquals(instant, start.path("intendedEpochMicros").asLong(), start.toString());
        assertTrue(start.path("begunEpochMicros").isNumber() && start.path("begunEpochMicros").asLong() >= instant, start.toString());
    }

    /** The progress notes of one peer, in arrival order. */
    private List<Stats> progressOf(org.maestro.common.peer.Peer peer) {
        return cluster.progress.stream().filter(n -> n.senderId().equals(peer.info().id()))
                .map(n -> ((Payload.Progress) n.payload()).stats()).toList();
    }

    @ParameterizedTest
    @EnumSource(SutProtocol.class)
    void persistentMessagesByCountAllArrive(SutProtocol protocol) throws Exception {
        Map<String, String> o = options("persistent", url(protocol, "maestro.persistent." + protocol.scheme, "persistent=true"));
        o.put(TestOptions.RATE, "200");
        o.put(TestOptions.DURATION, "300msg");
        Note[] end = cluster.run(o);
        // Pass/fail is the client's to judge (docs/protocol.md): a worker ends in success when its load ran.
        assertInstanceOf(Payload.NotifySuccess.class, end[0].payload(), end[0].toString());
        assertInstanceOf(Payload.NotifySuccess.class, end[1].payload(), end[1].toString());
        assertEquals(300, rateLogRecords("persistent", "receiver-1", "receiver-"));
    }

    @ParameterizedTest
    @EnumSource(SutProtocol.class)
    void aRefusedConnectionIsAClearErrorAndTheWorkerStaysUp(SutProtocol protocol) throws Exception {
        int closed = LoopbackPorts.free();
        Map<String, String> o = options("refused", protocol.scheme + "://127.0.0.1:" + closed + "/q");
        assertTrue(cluster.set(o).allOk());
        Replies r = cluster.request(cluster.sender, new Payload.StartSender());
        Payload.InternalError e = assertInstanceOf(Payload.InternalError.class, r.of(cluster.sender.info()).payload());
        assertTrue(e.reason().startsWith("cannot connect to " + protocol.scheme + "://127.0.0.1:" + closed + "/q"), e.reason());
        // qpid-jms and ActiveMQ pass on the socket's "Connection refused"; Artemis says only that it could not connect.
        assertTrue(e.reason().toLowerCase().contains("refused") || e.reason().contains("Cannot connect to server"), e.reason());
        // Set-up opens the connections before any START (PREPARE): the same refusal, named there.
        Replies prepared = cluster.request(cluster.sender, new Payload.Prepare());
        Payload.InternalError early = assertInstanceOf(Payload.InternalError.class, prepared.of(cluster.sender.info()).payload());
        assertTrue(early.reason().startsWith("cannot connect to " + protocol.scheme + "://127.0.0.1:" + closed + "/q"), early.reason());

        Replies bad = cluster.set(Map.of(TestOptions.RATE, "fast"));
        Payload.InternalError badRate = assertInstanceOf(Payload.InternalError.class, bad.of(cluster.sender.info()).payload());
        assertTrue(badRate.reason().startsWith("option rate: bad rate 'fast'"), badRate.reason());
        Replies badUrl = cluster.set(Map.of(TestOptions.SEND_URL, "amqp://127.0.0.1:5672/q?colour=red"));
        assertTrue(((Payload.InternalError) badUrl.of(cluster.receiver.info()).payload()).reason()
                .contains("unknown option 'colour'"), badUrl.toString());

        // The same workers run the next test.
        Map<String, String> good = options("after-refusal", url(protocol, "maestro.after." + protocol.scheme, ""));
        good.put(TestOptions.RATE, "100");
        good.put(TestOptions.DURATION, "100msg");
        assertSuccess(cluster.run(good));
        assertEquals(100, rateLogRecords("after-refusal", "receiver-1", "receiver-"));
    }

    @Test
    void flushMakesEveryRecordSoFarReadableWhileTheTestRuns() throws Exception {
        Map<String, String> o = options("flush", url("maestro.flush", ""));
        o.put(TestOptions.RATE, "300");
        o.put(TestOptions.DURATION, "4s");
        assertTrue(cluster.set(o).allOk());
        assertTrue(cluster.request(cluster.receiver, new Payload.StartReceiver()).allOk());
        assertTrue(cluster.request(cluster.sender, new Payload.StartSender()).allOk());
        long sentBefore = 0;
        while (sentBefore < 200) {
            sentBefore = ((Payload.StatsReply) cluster.request(cluster.sender, new Payload.StatsRequest())
                    .of(cluster.sender.info()).payload()).stats().messages();
        }
        Replies flushed = cluster.request(cluster.sender, new Payload.Flush());
        assertTrue(((Payload.Ok) flushed.of(cluster.sender.info()).payload()).detail().contains("rate logs flushed"),
                flushed.toString());
        try (RateLogReader reader = RateLogReader.open(dataDir.resolve("flush/sender-1/sender-0.rlog"))) {
            long records = reader.forEachRemaining((eta, ata) -> { });
            assertTrue(records >= sentBefore, records + " records readable, " + sentBefore + " sent before FLUSH");
        }
        assertEquals(Command.NOTIFY_SUCCESS, cluster.awaitEnd(cluster.sender.info(), 30).command());
        assertTrue(cluster.request(cluster.receiver, new Payload.StopReceiver()).allOk());
        assertEquals(Command.NOTIFY_SUCCESS, cluster.awaitEnd(cluster.receiver.info(), 30).command());
    }

    /**
     * Issue 21, reproduction 2: the sender's end line and summary.json (so the console's table and the report's peer
     * table) show one rate after warm-up, with one label. The end line used to divide by the time up to the end of
     * sending (the wait for the SUT's last acknowledgements and for the next, never-sent message's due time
     * included), the results model by the span to the last message sent: two figures under one name.
     */
    @Test
    void theSendersEndLineStatesTheResultsModelsRate() throws Exception {
        Note[] end = cluster.run(FixedRateRun.options(options("rate-figure", url("maestro.rate.figure", ""))));
        assertSuccess(end);
        String line = ((Payload.NotifySuccess) end[0].payload()).detail();
        Path sender = dataDir.resolve("rate-figure/sender-1");
        long boundary = org.maestro.results.reduce.RunReduction.Frame.of(List.of(
                new org.maestro.results.reduce.WarmupBoundary.Worker("sender-1", true, null, sender, 0)), null, 0).boundary("sender-1");
        org.maestro.results.reduce.PeerReduction model = org.maestro.results.reduce.PeerReduction.read(sender, "sender-1",
                true, boundary, boundary, 1, org.maestro.results.reduce.PeerReduction.Intervals.NONE);
        String figure = String.format(java.util.Locale.ROOT, "%.1f %s", model.rate(),
                org.maestro.common.runfiles.Figures.RATE_AFTER_WARMUP);
        assertTrue(line.contains(figure), "end line: " + line + "; results model: " + figure);
    }

    @Test
    void aWorkerAnswersOnlyItsOwnRole() throws Exception {
        Replies r = cluster.request(cluster.receiver, new Payload.StartSender());
        assertEquals("a receiver does not handle START_SENDER",
                ((Payload.InternalError) r.of(cluster.receiver.info()).payload()).reason());
        Replies stats = cluster.request(cluster.sender, new Payload.StatsRequest());
        assertEquals("idle", ((Payload.StatsReply) stats.of(cluster.sender.info()).payload()).stats().phase());
    }

    static void assertSuccess(Note[] end) {
        for (Note n : end) {
            assertEquals(Command.NOTIFY_SUCCESS, n.command(), n.toString());
        }
    }

    long rateLogRecords(String testId, String peer, String prefix) throws IOException {
        return RunOutput.rateLogRecords(dataDir.resolve(testId).resolve(peer), prefix);
    }

    static List<String> lines(Path p) throws IOException {
        return Files.readAllLines(p);
    }
}
