package org.maestro.client.artemis;

import org.maestro.common.util.LoopbackPorts;
import org.maestro.common.util.Trees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A standalone ActiveMQ Artemis broker in its own process: the SUT of {@code maestro run --local} for fault
 * injection, and of the integration tests (through the test fixture {@code ArtemisBroker}).
 *
 * <p>{@link #create} runs {@code bin/artemis create} of an unpacked standalone distribution (see
 * {@link ArtemisDistribution}) into a fresh instance directory (user admin/admin, login required), then
 * rewrites the instance so that it listens on 127.0.0.1 only: one acceptor for every protocol (AMQP, CORE,
 * OPENWIRE, MQTT, STOMP, HORNETQ) on a free port, and the web console, which serves Jolokia, on another.
 * {@link #start()} runs {@code bin/artemis run} and waits (bounded) until the broker serves both;
 * {@link #stop()}, {@link #kill()} and {@link #restart()} keep the same ports; {@link #close()} stops it
 * (and any broker of the instance started by someone else, e.g. an agent's restart handler) and deletes
 * the instance. The broker's output goes to {@link #logFile()}, which outlives the instance.
 *
 * <p>Use try-with-resources so the broker process never outlives its user; a JVM shutdown hook kills it
 * as a last resort.
 */
public class StandaloneArtemis implements AutoCloseable {

    /** The broker user, with every permission. */
    public static final String USER = "admin";
    /** The password of {@link #USER}. */
    public static final String PASSWORD = "admin";
    /** The Origin header that Jolokia accepts (its CORS policy allows 127.0.0.1 with strict checking). */
    public static final String JOLOKIA_ORIGIN = "http://127.0.0.1";
    /** The broker name, which appears in its MBean names (org.apache.activemq.artemis:broker="maestro-sut",...). */
    public static final String BROKER_NAME = "maestro-sut";
    /** Every protocol the single acceptor serves. */
    public static final String PROTOCOLS = "CORE,AMQP,STOMP,HORNETQ,MQTT,OPENWIRE";

    private static final Logger LOG = LoggerFactory.getLogger(StandaloneArtemis.class);
    private static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(90);

    private final Path home;
    private final Path instance;
    private final BrokerLog log;
    private final int amqpPort;
    private final int webPort;
    private final AcceptorProbe probe;
    private final BrokerProcess process;

    /** The broker made by {@link #create}, taken over by a subclass (the test fixture). */
    protected StandaloneArtemis(StandaloneArtemis created) {
        this(created.home, created.instance, created.log.file(), created.amqpPort, created.webPort);
    }

    private StandaloneArtemis(Path home, Path instance, Path logFile, int amqpPort, int webPort) {
        this.home = home;
        this.instance = instance;
        this.log = new BrokerLog(logFile);
        this.amqpPort = amqpPort;
        this.webPort = webPort;
        this.probe = new AcceptorProbe(instance, amqpPort, webPort, jolokiaUrl());
        this.process = new BrokerProcess(instance, log, probe);
    }

    /**
     * Creates a fresh broker instance (not started) under {@code workDirectory}/instances, with its
     * log in {@code workDirectory}/logs.
     *
     * @param home          the unpacked distribution, holding bin/artemis
     * @param workDirectory where instances and logs go, e.g. target/artemis
     * @throws IOException if {@code artemis create} fails or the instance cannot be configured
     */
    public static StandaloneArtemis create(Path home, Path workDirectory) throws IOException {
        home = home.toAbsolutePath(); // the scripts run in the instance directory
        Path script = home.resolve("bin/artemis");
        if (!Files.isExecutable(script) && !script.toFile().setExecutable(true)) {
            throw new IOException("cannot make " + script + " executable");
        }
        Path instances = Files.createDirectories(workDirectory.resolve("instances")).toAbsolutePath();
        Path logs = Files.createDirectories(workDirectory.resolve("logs")).toAbsolutePath();
        Path instance = Files.createTempDirectory(instances, "broker-");
        Path logFile = logs.resolve(instance.getFileName() + ".log");
        int[] ports = LoopbackPorts.free(2);
        StandaloneArtemis broker = new StandaloneArtemis(home, instance, logFile, ports[0], ports[1]);
        try {
            ArtemisCreate.run(home, instance, broker.log, ports[0], ports[1]);
            InstanceConfig.listenOnLocalhost(instance.resolve("etc"), ports[0], ports[1]);
        } catch (IOException | RuntimeException e) {
            Trees.delete(instance);
            throw e;
        }
        LOG.info("Created Artemis instance {} (AMQP and other protocols on 127.0.0.1:{}, web console on 127.0.0.1:{}, log {})",
                instance, ports[0], ports[1], logFile);
        return broker;
    }

    /**
     * Adds a user of the {@code amq} role (messaging and Jolokia, like {@link #USER}) before the broker starts: a test
     * can then give the SUT and management URLs a password of its own choosing (e.g. one it searches for afterwards).
     * The password is written into the instance's users file, never on a command line.
     */
    public void addUser(String user, String password) throws IOException {
        InstanceUsers.add(instance.resolve("etc"), user, password);
    }

    /** Starts the broker and waits up to 90 s until it accepts connections; see {@link #start(Duration)}. */
    public void start() throws IOException {
        start(DEFAULT_START_TIMEOUT);
    }

    /**
     * Runs {@code bin/artemis run} and waits until the acceptor accepts TCP connections and Jolokia,
     * asked with authentication, reports that acceptor started (polling every 100 ms).
     *
     * @throws IllegalStateException if the broker is already running
     * @throws IOException           if the broker exits, or is not ready within {@code timeout} (it is
     *                               killed then); the message holds the last lines of its log
     */
    public void start(Duration timeout) throws IOException {
        long millis = process.start(timeout);
        LOG.info("Artemis broker started in {} ms: {} {}", millis, amqpUrl(), jolokiaUrl());
    }

    /** Stops the broker gracefully (SIGTERM), forcibly after 30 s. Does nothing if it is not running. */
    public void stop() throws IOException {
        process.stop();
    }

    /** Kills the broker (SIGKILL), as a crash would. Does nothing if it is not running. */
    public void kill() throws IOException {
        process.kill();
    }

    /** Stops the broker gracefully and starts it again, on the same ports and with the same data. */
    public void restart() throws IOException {
        stop();
        start();
    }

    /** Whether the broker process is running. */
    public boolean isRunning() {
        return process.isRunning();
    }

    /**
     * The CPU time (user + system) the running broker has used so far: its launch script's process and every one
     * under it (the broker's JVM); zero when it is not running.
     */
    public Duration cpuTime() {
        return process.cpuTime();
    }

    /** The URL of the acceptor for AMQP clients, e.g. {@code amqp://127.0.0.1:40123}. */
    public String amqpUrl() {
        return "amqp://127.0.0.1:" + amqpPort;
    }

    /**
     * The URL a Maestro worker sends to or receives from: {@link #amqpUrl()} with {@link #USER} and
     * {@link #PASSWORD}, then {@code /destination}, e.g. {@code amqp://admin:admin@127.0.0.1:40123/a.queue};
     * the destination may end with the URL's options ({@code ?type=topic}).
     */
    public String amqpUrl(String destination) {
        return sutUrl("amqp", destination);
    }

    /** As {@link #amqpUrl(String)}, for Artemis's core protocol: {@code core://admin:admin@127.0.0.1:40123/a.queue}. */
    public String coreUrl(String destination) {
        return sutUrl("core", destination);
    }

    /** As {@link #amqpUrl(String)}, for OpenWire: {@code openwire://admin:admin@127.0.0.1:40123/a.queue}. */
    public String openWireUrl(String destination) {
        return sutUrl("openwire", destination);
    }

    /** As {@link #amqpUrl(String)}, for MQTT (the worker's MQTT 5 unless the options say otherwise): {@code mqtt://admin:admin@127.0.0.1:40123/a/topic}. */
    public String mqttUrl(String destination) {
        return sutUrl("mqtt", destination);
    }

    /** A worker's URL for {@code scheme} on the one acceptor, with {@link #USER} and {@link #PASSWORD}. */
    private String sutUrl(String scheme, String destination) {
        return withCredentials(scheme + "://127.0.0.1:" + amqpPort, USER, PASSWORD) + "/" + destination;
    }

    /** {@link #jolokiaUrl()} with these credentials in it, as the Jolokia inspector takes them. */
    public String jolokiaUrl(String user, String password) {
        return withCredentials(jolokiaUrl(), user, password);
    }

    private static String withCredentials(String url, String user, String password) {
        int authority = url.indexOf("://") + 3;
        return url.substring(0, authority) + user + ":" + password + "@" + url.substring(authority);
    }

    /** The port of the single acceptor, which serves every protocol in {@link #PROTOCOLS}. */
    public int amqpPort() {
        return amqpPort;
    }

    /** The Jolokia endpoint, e.g. {@code http://127.0.0.1:40124/console/jolokia}; see {@link #JOLOKIA_ORIGIN}. */
    public String jolokiaUrl() {
        return "http://127.0.0.1:" + webPort + "/console/jolokia";
    }

    /** The port of the web console (and Jolokia). */
    public int webPort() {
        return webPort;
    }

    /** The broker instance directory (configuration in etc/, journal in data/). */
    public Path instanceDirectory() {
        return instance;
    }

    /** The broker's output, kept after {@link #close()}. */
    public Path logFile() {
        return log.file();
    }

    /** The distribution this instance was created from. */
    public Path home() {
        return home;
    }

    /** Stops the broker (forcibly if need be) and deletes its instance directory; keeps the log. */
    @Override
    public void close() throws IOException {
        try {
            process.stop();
        } finally {
            process.kill();
            process.stopDetachedBrokers();
            Trees.delete(instance);
        }
    }

    /**
     * Brokers of this instance that this fixture did not start (an agent's restart handler starts
     * them detached): found by the {@code -Dartemis.instance=} of their command line and stopped,
     * so nothing outlives the test.
     */
    public List<ProcessHandle> detachedBrokers() {
        return process.detachedBrokers();
    }

    /**
     * Whether Jolokia, asked with authentication, says that this broker's acceptor is started; false
     * while the web console cannot answer (also for a broker started by someone else on this instance).
     */
    public boolean acceptorStarted() {
        return probe.acceptorStarted();
    }

    /** The value of an HTTP Authorization header for {@link #USER} and {@link #PASSWORD}. */
    public static String basicAuthorization() {
        return "Basic " + Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
    }
}
