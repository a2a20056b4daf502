package org.maestro.common.testing;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.maestro.common.mqtt.BrokerUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;

/**
 * The brokers of an integration test, as a JUnit 5 extension: the control broker (Mosquitto, or any
 * {@link TestBroker}) and, if asked, a standalone Artemis as the system under test, plus the peers and
 * processes a test starts through it. Everything it started is closed, in reverse order, whether the
 * tests pass or fail, and by a shutdown hook if the JVM exits first.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final TestLab lab = TestLab.withMosquitto().withArtemis();
 *
 * @Test
 * void aTest(@TempDir Path data) throws Exception {
 *     TestCluster c = lab.cluster().dataDir(data)
 *             .peerWithData("sender-1", Role.SENDER, WorkerHandler::new)
 *             .peerWithData("receiver-1", Role.RECEIVER, WorkerHandler::new)
 *             .start();
 *     c.setAll(Map.of(TestOptions.SEND_URL, lab.sut().amqpUrl("a.queue")));
 *     ...
 * }
 * }</pre>
 *
 * <p>Registered on a static field, the brokers start once for the test class and stop after its last
 * test; on an instance field, they start and stop around each test (for tests that leave a broker in
 * a state the next test must not inherit). Clusters and other resources given to
 * {@link #closeAfterEach} are closed after each test either way; those given to {@link #closeAfterAll}, when the brokers stop.
 */
public final class TestLab implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback, AfterAllCallback {
    private static final Logger LOG = LoggerFactory.getLogger(TestLab.class);
    /** How much of a child process's output (or the control broker's log) a failed test shows. */
    private static final int CHILD_LINES_SHOWN = 200;

    private final Supplier<? extends TestBroker> controlFactory;
    private final boolean withSut;
    private TestBroker control;
    private ArtemisBroker sut;
    private boolean perClass;
    private String[] sutUser;
    private boolean sutFullJit;
    private Thread shutdownHook;
    private final Deque<AutoCloseable> perTest = new ArrayDeque<>();
    private final Deque<AutoCloseable> sharedByTests = new ArrayDeque<>();

    private TestLab(Supplier<? extends TestBroker> controlFactory, boolean withSut) {
        this.controlFactory = controlFactory;
        this.withSut = withSut;
    }

    /** A lab whose control broker is a real Mosquitto on a free loopback port. */
    public static TestLab withMosquitto() {
        return new TestLab(MosquittoBroker::launch, false);
    }

    /** A lab whose control broker is made (and started) by {@code broker}, e.g. {@code EmbeddedTestBroker::new}. */
    public static TestLab withControlBroker(Supplier<? extends TestBroker> broker) {
        return new TestLab(broker, false);
    }

    /** The same lab with a standalone Artemis as the system under test (see {@link ArtemisBroker#fromSystemProperties()}). */
    public TestLab withArtemis() {
        return new TestLab(controlFactory, true);
    }

    /**
     * The same lab, whose Artemis also lets {@code user} in with {@code password} (role amq: AMQP and Jolokia), for
     * a test that wants a password of its own in the SUT and management URLs.
     */
    public TestLab withArtemisUser(String user, String password) {
        if (!withSut) {
            throw new IllegalStateException("an Artemis user needs a lab made withArtemis()");
        }
        sutUser = new String[]{user, password};
        return this;
    }

    /**
     * The same lab, whose Artemis runs with the JIT a user's broker has, not the tests' C1 only
     * ({@link ArtemisBroker#fromSystemProperties(boolean)}): for a test whose load, not its start, is what it takes.
     */
    public TestLab withFullJitSut() {
        if (!withSut) {
            throw new IllegalStateException("a full-JIT SUT needs a lab made withArtemis()");
        }
        sutFullJit = true;
        return this;
    }

    /** The control broker the peers and clients talk over. */
    public TestBroker control() {
        return started(control, "control broker");
    }

    /** The URL of {@link #control()}. */
    public BrokerUrl controlUrl() {
        return control().url();
    }

    /** The system under test; only in a lab made {@link #withArtemis()}. */
    public ArtemisBroker sut() {
        if (!withSut) {
            throw new IllegalStateException("this TestLab has no system under test: make it with TestLab.withMosquitto().withArtemis()");
        }
        return started(sut, "system under test");
    }

    /** A cluster of in-process peers over {@link #control()}, closed after the test (or earlier by try-with-resources). */
    public TestCluster.Builder cluster() {
        return new TestCluster.Builder(controlUrl(), this::closeAfterEach);
    }

    /** Closes {@code resource} after the current test, before anything registered earlier; returns it. */
    public synchronized <T extends AutoCloseable> T closeAfterEach(T resource) {
        perTest.push(resource);
        return resource;
    }

    /**
     * Closes {@code resource} when the brokers stop (after the class's last test, for a lab on a static field), before the
     * brokers and before anything registered earlier; returns it. For what several tests share, e.g. peer JVMs whose
     * start-up is most of a short test's time.
     */
    public synchronized <T extends AutoCloseable> T closeAfterAll(T resource) {
        sharedByTests.push(resource);
        return resource;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        perClass = true;
        startBrokers();
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        if (!perClass) {
            startBrokers();
        }
    }

    @Override
    public synchronized void afterEach(ExtensionContext context) {
        if (context.getExecutionException().isPresent()) {
            showChildOutput();
        }
        closeAll(perTest);
        if (!perClass) {
            stopBrokers();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        stopBrokers();
    }

    private synchronized void startBrokers() throws IOException {
        shutdownHook = new Thread(this::closeEverything, "TestLab shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        try {
            control = controlFactory.get();
            if (withSut) {
                sut = ArtemisBroker.fromSystemProperties(!sutFullJit);
                if (sutUser != null) {
                    sut.addUser(sutUser[0], sutUser[1]);
                }
                sut.start();
            }
        } catch (IOException | RuntimeException e) {
            stopBrokers(); // what did start must not outlive the failure
            throw e;
        }
    }

    private synchronized void stopBrokers() {
        closeEverything();
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // The JVM is shutting down: the hook runs anyway and finds nothing left.
            }
            shutdownHook = null;
        }
    }

    /** Peers and processes first (they hold connections to the brokers), then the SUT, then the control broker. */
    private synchronized void closeEverything() {
        closeAll(perTest);
        closeAll(sharedByTests);
        Deque<AutoCloseable> brokers = new ArrayDeque<>();
        if (control != null) {
            brokers.push(control);
        }
        if (sut != null) {
            brokers.push(sut);
        }
        control = null;
        sut = null;
        closeAll(brokers);
    }

    /**
     * A failed test's child processes (peers, commands) are why it failed as often as the test itself: their output
     * goes into the test's report, where CI keeps it, not only into target/ (which a CI run may not keep).
     */
    private void showChildOutput() {
        for (AutoCloseable r : java.util.stream.Stream.concat(perTest.stream(), sharedByTests.stream()).toList()) {
            if (r instanceof ChildJvm child) {
                LOG.error("the test failed; {}", child.outputTail(CHILD_LINES_SHOWN));
            }
        }
        // Who connected, was dropped for its keep-alive or taken over, and when: the broker's side of the story.
        if (control instanceof MosquittoBroker mosquitto) {
            List<String> lines = mosquitto.log().lines().toList();
            LOG.error("the test failed; the control broker's log ends with:\n{}",
                    String.join("\n", lines.subList(Math.max(0, lines.size() - CHILD_LINES_SHOWN), lines.size())));
        }
    }

    /** Closes each in turn, logging what fails so that one failure never leaves the rest running. */
    private static void closeAll(Deque<AutoCloseable> resources) {
        while (!resources.isEmpty()) {
            AutoCloseable r = resources.pop();
            try {
                r.close();
            } catch (Exception e) {
                LOG.warn("TestLab could not close {}: {}", r, e.toString(), e);
            }
        }
    }

    private static <T> T started(T broker, String what) {
        if (broker == null) {
            throw new IllegalStateException("the TestLab's " + what + " is not running: register the lab with"
                    + " @RegisterExtension and use it from tests or @BeforeEach/@AfterEach methods only");
        }
        return broker;
    }
}
