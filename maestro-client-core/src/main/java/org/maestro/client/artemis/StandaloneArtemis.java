package org.maestro.client.artemis;

import org.maestro.common.util.LoopbackPorts;
import org.maestro.common.util.Trees;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
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
    private static final Duration CREATE_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration KILL_TIMEOUT = Duration.ofSeconds(10);
    private static final long POLL_INTERVAL_MILLIS = 100;
    private static final int LOG_TAIL_LINES = 40;
    /** Environment variables of the artemis scripts that must come from the instance, not from our environment. */
    private static final List<String> SCRIPT_VARIABLES = List.of("CLASSPATH", "DEBUG_ARGS", "HAWTIO_ROLES",
            "JAVA_ARGS", "JAVA_ARGS_APPEND", "LOGGING_ARGS");

    private final Path home;
    private final Path instance;
    private final Path logFile;
    private final int amqpPort;
    private final int webPort;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private Process process;
    private Thread shutdownHook;

    /** The broker made by {@link #create}, taken over by a subclass (the test fixture). */
    protected StandaloneArtemis(StandaloneArtemis created) {
        this(created.home, created.instance, created.logFile, created.amqpPort, created.webPort);
    }

    private StandaloneArtemis(Path home, Path instance, Path logFile, int amqpPort, int webPort) {
        this.home = home;
        this.instance = instance;
        this.logFile = logFile;
        this.amqpPort = amqpPort;
        this.webPort = webPort;
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
            broker.createInstance();
            InstanceConfig.listenOnLocalhost(instance.resolve("etc"), ports[0], ports[1]);
        } catch (IOException | RuntimeException e) {
            broker.deleteInstance();
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
        if (!user.matches("[A-Za-z0-9._-]+") || password.isEmpty() || password.contains("\n")) {
            throw new IllegalArgumentException("a user name of letters, digits, '.', '_' or '-' and a one-line password are needed");
        }
        Path etc = instance.resolve("etc");
        Files.writeString(etc.resolve("artemis-users.properties"), "\n" + user + " = " + password + "\n", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        Path roles = etc.resolve("artemis-roles.properties");
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(roles, StandardCharsets.UTF_8));
        boolean added = false;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches("\\s*amq\\s*=.*")) {
                lines.set(i, lines.get(i).stripTrailing() + "," + user);
                added = true;
            }
        }
        if (!added) {
            throw new IOException(roles + " has no 'amq' role to add " + user + " to");
        }
        Files.write(roles, lines, StandardCharsets.UTF_8);
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
        if (isRunning()) {
            throw new IllegalStateException("Artemis broker " + instance + " is already running");
        }
        if (process != null) {
            LOG.warn("Artemis broker {} had exited by itself with status {}; starting it again", instance, process.exitValue());
            forget();
        }
        appendToLog("==== " + Instant.now() + " starting: bin/artemis run");
        ProcessBuilder builder = processBuilder(instance.resolve("bin/artemis").toString(), "run");
        process = builder.start();
        process.getOutputStream().close(); // nothing on its standard input
        Process started = process;
        // At JVM exit also the broker a restart handler started again, detached: it is no child of ours.
        shutdownHook = new Thread(() -> {
            destroyTree(started, true);
            detachedBrokers().forEach(ProcessHandle::destroyForcibly);
        }, "kill Artemis broker " + instance.getFileName());
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        long startNanos = System.nanoTime();
        long deadline = startNanos + timeout.toNanos();
        while (!accepts()) {
            if (!process.isAlive()) {
                int status = process.exitValue();
                forget();
                throw new IOException("Artemis broker " + instance + " exited with status " + status
                        + " while starting" + logTail());
            }
            if (System.nanoTime() - deadline > 0) {
                kill();
                throw new IOException("Artemis broker " + instance + " did not accept connections on 127.0.0.1:" + amqpPort
                        + " (acceptor) and 127.0.0.1:" + webPort + " (Jolokia) within " + timeout.toSeconds()
                        + " s; killed it" + logTail());
            }
            pause();
        }
        LOG.info("Artemis broker started in {} ms: {} {}", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos),
                amqpUrl(), jolokiaUrl());
    }

    /** Stops the broker gracefully (SIGTERM), forcibly after 30 s. Does nothing if it is not running. */
    public void stop() throws IOException {
        if (process == null) {
            return;
        }
        appendToLog("==== " + Instant.now() + " stopping (SIGTERM)");
        if (!destroyTree(process, false)) {
            LOG.warn("Artemis broker {} did not stop within {} s of SIGTERM; killing it", instance, STOP_TIMEOUT.toSeconds());
            if (!destroyTree(process, true)) {
                throw new IOException("Artemis broker " + instance + " (pid " + process.pid() + ") survived SIGKILL"
                        + " for " + KILL_TIMEOUT.toSeconds() + " s");
            }
        }
        forget();
    }

    /** Kills the broker (SIGKILL), as a crash would. Does nothing if it is not running. */
    public void kill() throws IOException {
        if (process == null) {
            return;
        }
        appendToLog("==== " + Instant.now() + " killing (SIGKILL)");
        if (!destroyTree(process, true)) {
            throw new IOException("Artemis broker " + instance + " (pid " + process.pid() + ") survived SIGKILL for "
                    + KILL_TIMEOUT.toSeconds() + " s");
        }
        forget();
    }

    /** Stops the broker gracefully and starts it again, on the same ports and with the same data. */
    public void restart() throws IOException {
        stop();
        start();
    }

    /** Whether the broker process is running. */
    public boolean isRunning() {
        return process != null && process.isAlive();
    }

    /**
     * The CPU time (user + system) the running broker has used so far: its launch script's process and every one
     * under it (the broker's JVM); zero when it is not running.
     */
    public Duration cpuTime() {
        Process p = process;
        if (p == null || !p.isAlive()) {
            return Duration.ZERO;
        }
        return Stream.concat(Stream.of(p.toHandle()), p.toHandle().descendants())
                .map(h -> h.info().totalCpuDuration().orElse(Duration.ZERO)).reduce(Duration.ZERO, Duration::plus);
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
        return logFile;
    }

    /** The distribution this instance was created from. */
    public Path home() {
        return home;
    }

    /** Stops the broker (forcibly if need be) and deletes its instance directory; keeps the log. */
    @Override
    public void close() throws IOException {
        try {
            stop();
        } finally {
            if (process != null) {
                kill();
            }
            stopDetachedBrokers();
            deleteInstance();
        }
    }

    /**
     * Brokers of this instance that this fixture did not start (an agent's restart handler starts
     * them detached): found by the {@code -Dartemis.instance=} of their command line and stopped,
     * so nothing outlives the test.
     */
    public List<ProcessHandle> detachedBrokers() {
        return ProcessHandle.allProcesses().filter(p -> p.info().arguments().map(args -> {
            for (String a : args) {
                if (a.startsWith("-Dartemis.instance=") && samePath(a.substring("-Dartemis.instance=".length()))) {
                    return true;
                }
            }
            return false;
        }).orElse(false)).toList();
    }

    private boolean samePath(String path) {
        try {
            return Path.of(path).toRealPath().equals(instance.toRealPath());
        } catch (IOException e) {
            return false;
        }
    }

    private void stopDetachedBrokers() {
        for (ProcessHandle p : detachedBrokers()) {
            p.destroy();
            try {
                p.onExit().get(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                p.destroyForcibly();
            }
        }
    }

    private void createInstance() throws IOException {
        appendToLog("==== " + Instant.now() + " creating instance " + instance);
        ProcessBuilder builder = processBuilder(home.resolve("bin/artemis").toString(), "create",
                "--user", USER, "--password", PASSWORD, "--require-login", "--role", "amq",
                "--no-autotune", "--silent", "--name", BROKER_NAME,
                "--host", "127.0.0.1", "--default-port", Integer.toString(amqpPort),
                "--http-host", "127.0.0.1", "--http-port", Integer.toString(webPort),
                "--no-amqp-acceptor", "--no-hornetq-acceptor", "--no-mqtt-acceptor", "--no-stomp-acceptor",
                "--java-memory", "1G", instance.toString());
        Process create = builder.start();
        create.getOutputStream().close(); // --silent: it asks nothing
        try {
            if (!create.waitFor(CREATE_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                destroyTree(create, true);
                throw new IOException("'artemis create' did not finish within " + CREATE_TIMEOUT.toSeconds() + " s; killed it"
                        + logTail());
            }
        } catch (InterruptedException e) {
            destroyTree(create, true);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for 'artemis create'", e);
        }
        if (create.exitValue() != 0) {
            throw new IOException("'" + home.resolve("bin/artemis") + " create' failed with status " + create.exitValue() + logTail());
        }
    }

    private ProcessBuilder processBuilder(String... command) {
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(instance.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()));
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("ARTEMIS_") || SCRIPT_VARIABLES.contains(name));
        env.put("JAVA_HOME", System.getProperty("java.home")); // the broker runs on the JDK of the tests
        return builder;
    }

    /**
     * Whether the acceptor accepts a TCP connection and Jolokia, asked with authentication, says that
     * this broker's acceptor is started (so a stranger that took the port does not pass for the broker).
     */
    private boolean accepts() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(LoopbackPorts.IPV4, amqpPort), 1000);
        } catch (IOException e) {
            return false;
        }
        return acceptorStarted();
    }

    /**
     * Whether Jolokia, asked with authentication, says that this broker's acceptor is started; false
     * while the web console cannot answer (also for a broker started by someone else on this instance).
     */
    public boolean acceptorStarted() {
        String read = "{\"type\":\"read\",\"mbean\":\"org.apache.activemq.artemis:broker=\\\"" + BROKER_NAME
                + "\\\",component=acceptors,name=\\\"artemis\\\"\",\"attribute\":\"Started\"}";
        HttpRequest request = HttpRequest.newBuilder(URI.create(jolokiaUrl()))
                .timeout(Duration.ofSeconds(5))
                .header("Authorization", basicAuthorization())
                .header("Origin", JOLOKIA_ORIGIN)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(read))
                .build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            String body = response.body().replace(" ", "");
            return response.statusCode() == 200 && body.contains("\"status\":200") && body.contains("\"value\":true");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking Jolokia whether Artemis broker " + instance + " accepts connections", e);
        }
    }

    /** The value of an HTTP Authorization header for {@link #USER} and {@link #PASSWORD}. */
    public static String basicAuthorization() {
        return "Basic " + Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * SIGTERM ({@code forcibly} false) or SIGKILL to the process and its descendants, then waits for it.
     *
     * @return whether it exited within the bound (STOP_TIMEOUT for SIGTERM, KILL_TIMEOUT for SIGKILL)
     */
    private static boolean destroyTree(Process p, boolean forcibly) {
        List<ProcessHandle> descendants = p.descendants().toList();
        if (forcibly) {
            descendants.forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        } else {
            descendants.forEach(ProcessHandle::destroy);
            p.destroy();
        }
        long deadline = System.nanoTime() + (forcibly ? KILL_TIMEOUT : STOP_TIMEOUT).toNanos();
        try {
            boolean exited = p.waitFor(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            for (ProcessHandle d : descendants) {
                d.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            return exited;
        } catch (TimeoutException | ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            return false;
        }
    }

    private void forget() {
        process = null;
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // The JVM is shutting down: the hook runs anyway and finds the process gone.
            }
            shutdownHook = null;
        }
    }

    private void deleteInstance() throws IOException {
        Trees.delete(instance);
    }

    private void appendToLog(String line) throws IOException {
        Files.writeString(logFile, line + System.lineSeparator(), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** The last lines of the log, for error messages. */
    private String logTail() {
        try (RandomAccessFile file = new RandomAccessFile(logFile.toFile(), "r")) {
            long length = file.length();
            long from = Math.max(0, length - 16 * 1024);
            byte[] bytes = new byte[(int) (length - from)];
            file.seek(from);
            file.readFully(bytes);
            List<String> lines = new String(bytes, StandardCharsets.UTF_8).lines().toList();
            List<String> tail = lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size());
            return "; last lines of " + logFile + ":" + System.lineSeparator() + "    "
                    + String.join(System.lineSeparator() + "    ", tail);
        } catch (IOException e) {
            return "; its log " + logFile + " cannot be read: " + e;
        }
    }

    private void pause() throws IOException {
        try {
            Thread.sleep(POLL_INTERVAL_MILLIS); // polling interval of a bounded wait
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
            throw new IOException("interrupted while waiting for Artemis broker " + instance + " to start; killed it", e);
        }
    }
}
