package org.maestro.worker;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.TestOptions;
import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SUT dies mid-test: the workers say so honestly, never hang, and serve the next test. The kill is tried in
 * every protocol; failover, slower, with AMQP and core.
 */
@Integration
class BrokerFailureTest {
    /**
     * One Artemis for the class (creating and starting one is ~8 s of each test): every test leaves it running (a kill
     * test starts it again to run its next test) and sends to a queue of its own (its test id), so no test receives
     * what another left. A test that failed with the SUT down is followed by a start in {@link #start()}.
     */
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();
    private ArtemisBroker sut;
    private WorkerCluster cluster;

    @TempDir
    Path dataDir;

    @BeforeEach
    void start() throws Exception {
        sut = lab.sut();
        if (!sut.isRunning()) {
            sut.start();
        }
        cluster = new WorkerCluster(lab, dataDir);
    }

    private Map<String, String> options(String testId, String urlOptions) {
        return options(SutProtocol.AMQP, testId, urlOptions);
    }

    private Map<String, String> options(SutProtocol protocol, String testId, String urlOptions) {
        Map<String, String> o = new HashMap<>();
        o.put(TestOptions.TEST_ID, testId);
        o.put(TestOptions.SEND_URL, protocol.url(sut, queue(protocol, testId) + urlOptions));
        o.put(TestOptions.RATE, "500");
        o.put(TestOptions.DURATION, "12s");
        o.put(TestOptions.DRAIN_QUIET, "1s");
        return o;
    }

    /** The test's own queue on the class's SUT (a parameterized test's cases each their own too). */
    private static String queue(SutProtocol protocol, String testId) {
        return "maestro.failure." + testId + "." + protocol.name().toLowerCase(java.util.Locale.ROOT);
    }

    private void startBoth(Map<String, String> o) throws Exception {
        assertTrue(cluster.set(o).allOk());
        assertTrue(cluster.request(cluster.receiver, new Payload.StartReceiver()).allOk());
        assertTrue(cluster.request(cluster.sender, new Payload.StartSender()).allOk());
        cluster.awaitReceived(500);
    }

    @ParameterizedTest
    @EnumSource(SutProtocol.class)
    void aKilledBrokerEndsTheTestWithNotifyFailAndTheWorkersServeTheNextTest(SutProtocol protocol) throws Exception {
        startBoth(options(protocol, "killed", ""));
        WorkerCluster.Failures ends = cluster.killAndAwaitFailures(sut::kill);
        Payload.NotifyFail s = ends.sender();
        Payload.NotifyFail r = ends.receiver();
        long seconds = ends.seconds();
        assertTrue(s.reason().contains("lost") || s.reason().contains("refused"), s.reason());
        assertTrue(r.reason().contains("connection to " + protocol.scheme + "://admin@127.0.0.1:" + sut.amqpPort()
                        + "/" + queue(protocol, "killed") + " lost"),
                r.reason());
        assertTrue(r.reason().contains("received "), "the counts so far are reported: " + r.reason());
        assertTrue(seconds < 30, "ended " + seconds + " s after the kill");

        sut.start();
        Map<String, String> next = options(protocol, "after-kill", "");
        next.put(TestOptions.DURATION, "200msg");
        Note[] end = cluster.run(next);
        WorkerIntegrationTest.assertSuccess(end);
    }

    /** Each client's failover, retrying quickly. */
    private static final Map<SutProtocol, String> FAILOVER = Map.of(
            SutProtocol.AMQP, "?failover=true&failover.initialReconnectDelay=100&failover.reconnectDelay=200",
            SutProtocol.CORE, "?failover=true&jms.retryInterval=200",
            SutProtocol.OPENWIRE, "?failover=true&failover.initialReconnectDelay=100");

    /**
     * AMQP and core (whose client also reports a reconnection that succeeded to the exception listener); OpenWire
     * passes too (names = all three) but is left out to keep this class short.
     */
    @ParameterizedTest
    @EnumSource(value = SutProtocol.class, names = {"AMQP", "CORE"})
    void withFailoverTheTestRecoversAndEveryMessageIsAccountedFor(SutProtocol protocol) throws Exception {
        startBoth(options(protocol, "failover", FAILOVER.get(protocol)));
        sut.stop();
        sut.start();
        Note senderEnd = cluster.awaitEnd(cluster.sender.info(), 60);
        assertTrue(cluster.request(cluster.receiver, new Payload.StopReceiver()).allOk());
        Note receiverEnd = cluster.awaitEnd(cluster.receiver.info(), 60);
        assertInstanceOf(Payload.NotifySuccess.class, senderEnd.payload(), senderEnd.toString());
        String r = ((Payload.NotifySuccess) assertInstanceOf(Payload.NotifySuccess.class, receiverEnd.payload(),
                receiverEnd.toString())).detail();
        long sent = number(((Payload.NotifySuccess) senderEnd.payload()).detail(), "sent (\\d+) message");
        long received = number(r, "received (\\d+) message");
        long lost = number(r, "lost (\\d+)");
        long duplicated = number(r, "duplicated (\\d+)");
        // Non-persistent messages in flight when the broker stopped are gone; each is counted.
        assertEquals(sent, received - duplicated + lost, "sent = received distinct + lost: " + r);
    }

    private static long number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), regex + " in " + text);
        return Long.parseLong(m.group(1));
    }
}
