package org.maestro.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.note.Command;
import org.maestro.common.note.Payload;
import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;
import org.maestro.common.util.LoopbackPorts;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ready handlers of test-scripts/handlers, run by an agent against a real standalone Artemis broker:
 * restart-broker.sh takes it down and brings it back, stop-broker-for.sh keeps it down for the time asked,
 * await-port.groovy sees it accept connections again.
 */
@Integration
class BrokerRestartHandlerTest {
    private static final Path HANDLERS = Path.of("..", "test-scripts", "handlers");
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();

    @Test
    void theExampleHandlersRestartAndStopTheStandaloneBroker(@TempDir Path tmp) throws Exception {
        ArtemisBroker sut = lab.sut();
        try (GitRepo repo = GitRepo.of(tmp.resolve("handlers"), HANDLERS);
             AgentFixture f = new AgentFixture(lab, tmp, "sut-agent", List.of(repo.url()))) {
            Path instance = sut.instanceDirectory().toRealPath();
            try {
                long firstPid = brokerPid(sut);
                f.set(Map.of("test.id", "restart", "agent.handler.timeout", "150s"));
                f.source(repo.url(), "");

                PortWatch restartWatch = PortWatch.start(sut.amqpPort());
                Payload.HandlerOutcome restart = f.run(160, "restart-broker.sh", instance.toString());
                long restartDownMillis = restartWatch.stop();
                String log = f.logText(restart.runId());
                assertEquals("succeeded", restart.outcome(), restart.reason() + "\n" + log);
                assertFalse(sut.isRunning(), "the broker process the test started has ended");
                long secondPid = brokerPid(sut);
                assertNotEquals(firstPid, secondPid, "a new broker process runs");
                assertTrue(restartDownMillis > 0, "the acceptor was seen closed during the restart");
                assertTrue(log.contains("stopping broker " + instance + " (pid " + firstPid + ") with SIGTERM")
                        && log.contains("broker stopped") && log.contains("broker started (pid " + secondPid + ")"), log);
                assertTrue(jolokiaSaysAcceptorStarted(sut), "the restarted broker serves again (Jolokia: acceptor started)");

                Payload.HandlerOutcome awaited = f.run(60, "await-port.groovy", "127.0.0.1", Integer.toString(sut.amqpPort()), "30");
                assertEquals("succeeded", awaited.outcome(), awaited.reason() + "\n" + f.logText(awaited.runId()));
                Payload.NotifySuccess said = (Payload.NotifySuccess) f.notes(Command.NOTIFY_SUCCESS).get(0).payload();
                assertTrue(said.detail().contains("127.0.0.1:" + sut.amqpPort() + " accepts connections"), said.detail());

                PortWatch outageWatch = PortWatch.start(sut.amqpPort());
                Payload.HandlerOutcome outage = f.run(160, "stop-broker-for.sh", "2", instance.toString());
                long outageMillis = outageWatch.stop();
                assertEquals("succeeded", outage.outcome(), outage.reason() + "\n" + f.logText(outage.runId()));
                assertTrue(outageMillis >= 2_000, "the acceptor was closed for " + outageMillis + " ms, at least the 2 s asked");
                assertNotEquals(secondPid, brokerPid(sut));
                assertTrue(f.logText(outage.runId()).contains("broker stays down for 2 s"));
                assertTrue(LoopbackPorts.isListening(sut.amqpPort()));

                String usage = f.run(30, "stop-broker-for.sh", "soon", instance.toString()).reason();
                assertTrue(usage.contains("exit status 1") && usage.contains("SECONDS must be a number, not 'soon'"), usage);
            } finally {
                // The brokers the handlers started are not the test's children; closing the fixture stops them.
                sut.close();
            }
        }
    }

    /** The one broker JVM of this instance (its command line holds -Dartemis.instance=<instance>). */
    private static long brokerPid(ArtemisBroker sut) {
        List<ProcessHandle> found = sut.detachedBrokers();
        assertEquals(1, found.size(), "broker processes of " + sut.instanceDirectory() + ": " + found);
        return found.get(0).pid();
    }


    private static boolean jolokiaSaysAcceptorStarted(ArtemisBroker sut) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (sut.acceptorStarted()) { // the web console may come up a little after the acceptor
                return true;
            }
            Thread.sleep(200); // polling interval
        }
        return false;
    }

    /** Polls a port every 20 ms on a thread of its own and measures how long it was closed. */
    private static final class PortWatch {
        private final int port;
        private final Thread thread;
        private volatile boolean running = true;
        private long downMillis;

        private PortWatch(int port) {
            this.port = port;
            this.thread = new Thread(this::watch, "port-watch-" + port);
        }

        static PortWatch start(int port) {
            PortWatch w = new PortWatch(port);
            w.thread.start();
            return w;
        }

        /** @return the longest time the port was closed, in milliseconds (0 if never) */
        long stop() throws InterruptedException {
            running = false;
            thread.join();
            return downMillis;
        }

        private void watch() {
            long downSince = -1;
            while (running) {
                boolean up = LoopbackPorts.isListening(port);
                long now = System.nanoTime();
                if (!up && downSince < 0) {
                    downSince = now;
                } else if (up && downSince >= 0) {
                    downMillis = Math.max(downMillis, (now - downSince) / 1_000_000);
                    downSince = -1;
                }
                try {
                    Thread.sleep(20); // polling interval
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }
}
