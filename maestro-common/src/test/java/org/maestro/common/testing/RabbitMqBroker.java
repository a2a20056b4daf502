package org.maestro.common.testing;

import org.maestro.common.util.LoopbackPorts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A real RabbitMQ (Debian's {@code rabbitmq-server}, which {@code bin/install-test-deps} installs) with its AMQP 1.0
 * plugin, in processes of its own that nothing else shares: the node's AMQP listener and Erlang distribution port
 * on free 127.0.0.1 ports, a private epmd (the Erlang port mapper) on a third free port, and a temporary directory
 * holding its config, enabled-plugins file, data (Mnesia), log, pid file and Erlang cookie ({@code HOME}). It
 * reads nothing under /etc/rabbitmq or /var/lib/rabbitmq, so a RabbitMQ service of the host, on 5672 or not, does
 * not meet it. User {@value #USER}/{@value #PASSWORD}.
 *
 * <p>It runs {@code /usr/lib/rabbitmq/bin/rabbitmq-server}, not the {@code /usr/sbin} wrapper: as root that
 * wrapper switches to the {@code rabbitmq} user, works in /var/lib/rabbitmq and writes to /var/log/rabbitmq.
 * RabbitMQ itself runs as root (CI) with {@code HOME} in the temporary directory.
 *
 * <p>{@link #launch()} waits (bounded) until the node logs "Server startup complete" and its AMQP port accepts
 * connections; {@link #kill()} is a crash (SIGKILL to the node, for good: a test that kills it runs last or has a
 * broker of its own); {@link #close()} also stops epmd and deletes the directory, and runs at JVM exit if the test did
 * not get to it.
 */
public final class RabbitMqBroker implements AutoCloseable {
    public static final String USER = "maestro";
    public static final String PASSWORD = "maestro-secret";
    private static final Logger LOG = LoggerFactory.getLogger(RabbitMqBroker.class);
    private static final List<String> SERVERS = List.of("/usr/lib/rabbitmq/bin/rabbitmq-server");
    private static final List<String> EPMDS = List.of("/usr/bin/epmd", "/usr/lib/erlang/bin/epmd", "/usr/local/bin/epmd");
    /** A cold node boots in ~7 s on an idle 2-core machine; a shared one (CI, parallel builds) takes longer. */
    private static final long START_TIMEOUT_SECONDS = 60;
    private static final String READY = "Server startup complete";
    private static final int LOG_TAIL_LINES = 40;

    private final int amqpPort;
    private final int mqttPort;
    private final int distributionPort;
    private final int epmdPort;
    private final Path dir;
    private final Path output;
    private final String node = "maestro-" + UUID.randomUUID().toString().substring(0, 8) + "@localhost";
    private final Thread shutdownHook = new Thread(this::close, "kill RabbitMQ");
    private Process epmd;
    private Process server;

    /** A broker not yet started (its ports chosen, its files written); package-private for its test. */
    RabbitMqBroker() throws IOException {
        int[] ports = LoopbackPorts.free(4);
        amqpPort = ports[0];
        distributionPort = ports[1];
        epmdPort = ports[2];
        mqttPort = ports[3];
        dir = Files.createTempDirectory("maestro-rabbitmq-");
        output = dir.resolve("rabbitmq.log");
        Files.writeString(dir.resolve("rabbitmq.conf"), String.join("\n",
                "listeners.tcp.1 = 127.0.0.1:" + amqpPort,
                "mqtt.listeners.tcp.1 = 127.0.0.1:" + mqttPort,
                "default_user = " + USER,
                "default_pass = " + PASSWORD,
                "loopback_users = none",
                // Everything to standard output (our log file), without colour codes, and at info: the ready line is info.
                "log.console = true",
                "log.console.level = info",
                "log.console.use_colors = off",
                "log.file = false",
                ""));
        // RabbitMQ 3.x speaks AMQP 1.0 through this plugin; in 4.x it is built in and the plugin is a no-op.
        // rabbitmq_mqtt: MQTT 3.1.1 (5 from RabbitMQ 3.13), for the MQTT driver's tests.
        Files.writeString(dir.resolve("enabled_plugins"), "[rabbitmq_amqp1_0,rabbitmq_mqtt].\n");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts a new broker and waits until it is ready; on failure, everything it started is stopped again. */
    public static RabbitMqBroker launch() throws IOException {
        RabbitMqBroker broker = new RabbitMqBroker();
        try {
            broker.start();
            return broker;
        } catch (IOException | RuntimeException e) {
            broker.close();
            throw e;
        }
    }

    /** Starts epmd and the node and waits until the node is ready; once only (package-private for its test). */
    synchronized void start() throws IOException {
        if (epmd != null) {
            throw new IllegalStateException(this + " was started before");
        }
        startEpmd();
        ProcessBuilder builder = new ProcessBuilder(binary(SERVERS, "rabbitmq-server").toString())
                .directory(dir.toFile()) // where an erl_crash.dump would go
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()));
        environment(builder.environment());
        long started = System.nanoTime();
        server = builder.start();
        server.getOutputStream().close();
        long deadline = started + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS);
        while (!(log().contains(READY) && LoopbackPorts.isListening(amqpPort))) {
            if (!server.isAlive()) {
                int status = server.exitValue();
                server = null;
                throw new IOException(this + " exited with status " + status + " while starting" + logTail());
            }
            if (System.nanoTime() - deadline > 0) {
                kill();
                throw new IOException(this + " did not log '" + READY + "' and accept connections within "
                        + START_TIMEOUT_SECONDS + " s; killed it" + logTail());
            }
            pause();
        }
        LOG.info("{} started in {} ms", this, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }

    /** SIGKILL to the node and whatever it started, as a crash: clients see their connections drop. */
    public synchronized void kill() {
        if (server == null) {
            return;
        }
        destroyTree(server);
        server = null;
    }

    /** Kills the node and epmd and deletes the directory. */
    @Override
    public synchronized void close() {
        kill();
        if (epmd != null) {
            destroyTree(epmd);
            epmd = null;
        }
        TempDirs.delete(dir);
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down (this may be the hook itself): nothing is left to undo.
        }
    }

    /** Where senders and receivers go: {@code amqp://USER:PASSWORD@127.0.0.1:port/destination}. */
    public String amqpUrl(String destination) {
        return "amqp://" + USER + ":" + PASSWORD + "@127.0.0.1:" + amqpPort + "/" + destination;
    }

    public int amqpPort() {
        return amqpPort;
    }

    /** Where MQTT senders and receivers go (the rabbitmq_mqtt plugin, 3.1.1 only in 3.x): {@code mqtt://USER:PASSWORD@127.0.0.1:port/topic}. */
    public String mqttUrl(String topic) {
        return "mqtt://" + USER + ":" + PASSWORD + "@127.0.0.1:" + mqttPort + "/" + topic;
    }

    /** The node's output so far (its whole log, epmd's too). */
    public String log() {
        try {
            return Files.exists(output) ? Files.readString(output, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "(cannot read " + output + ": " + e.getMessage() + ")";
        }
    }

    /** What runs now: the start script, the node and what it started, and epmd; for the fixture's test. */
    synchronized List<ProcessHandle> processes() {
        List<ProcessHandle> all = new ArrayList<>();
        for (Process p : new Process[]{server, epmd}) {
            if (p != null) {
                all.add(p.toHandle());
                all.addAll(p.descendants().toList());
            }
        }
        return all;
    }

    Path directory() {
        return dir;
    }

    @Override
    public String toString() {
        return "RabbitMQ node " + node + " (AMQP 127.0.0.1:" + amqpPort + ", in " + dir + ")";
    }

    /**
     * Our own epmd in the foreground, a child we can stop: a node would otherwise start a daemon epmd that outlives
     * the test, and the host's epmd on 4369 (a RabbitMQ service's) would see our node's name.
     */
    private void startEpmd() throws IOException {
        epmd = new ProcessBuilder(binary(EPMDS, "epmd").toString(), "-port", Integer.toString(epmdPort), "-address", "127.0.0.1")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()))
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!LoopbackPorts.isListening(epmdPort)) {
            if (!epmd.isAlive() || System.nanoTime() - deadline > 0) {
                destroyTree(epmd);
                epmd = null;
                throw new IOException("epmd did not listen on 127.0.0.1:" + epmdPort + " within 10 s" + logTail());
            }
            pause();
        }
    }

    /** Only our files and ports: nothing from the caller's RABBITMQ_* or ERL_* variables or from /etc/rabbitmq. */
    private void environment(Map<String, String> env) {
        env.keySet().removeIf(k -> k.startsWith("RABBITMQ_") || k.startsWith("ERL_") || k.equals("NOTIFY_SOCKET"));
        env.put("HOME", dir.toString()); // the Erlang cookie is made here; as root, /root would be shared with others
        env.put("ERL_EPMD_PORT", Integer.toString(epmdPort));
        env.put("ERL_EPMD_ADDRESS", "127.0.0.1");
        env.put("RABBITMQ_NODENAME", node);
        env.put("RABBITMQ_USE_LONGNAME", "false");
        env.put("RABBITMQ_DIST_PORT", Integer.toString(distributionPort));
        env.put("RABBITMQ_CONF_ENV_FILE", dir.resolve("rabbitmq-env.conf").toString()); // absent: not /etc's
        env.put("RABBITMQ_CONFIG_FILE", dir.resolve("rabbitmq.conf").toString());
        env.put("RABBITMQ_ADVANCED_CONFIG_FILE", dir.resolve("advanced.config").toString()); // absent
        env.put("RABBITMQ_ENABLED_PLUGINS_FILE", dir.resolve("enabled_plugins").toString());
        env.put("RABBITMQ_MNESIA_BASE", dir.resolve("mnesia").toString());
        env.put("RABBITMQ_LOG_BASE", dir.resolve("log").toString());
        env.put("RABBITMQ_PID_FILE", dir.resolve("rabbitmq.pid").toString());
        // epmd is ours (started above); the distribution listens on loopback only.
        env.put("RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS", "-start_epmd false -kernel inet_dist_use_interface {127,0,0,1}");
    }

    private String logTail() {
        List<String> lines = log().lines().toList();
        return "; the last lines of its output (" + output + "):\n    "
                + String.join("\n    ", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
    }

    /** SIGKILL to the process and its descendants (the start script, beam.smp, erl_child_setup), then waits. */
    private static void destroyTree(Process p) {
        List<ProcessHandle> tree = p.descendants().toList();
        tree.forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(10, TimeUnit.SECONDS);
            for (ProcessHandle h : tree) {
                h.onExit().get(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("a process of RabbitMQ did not end within 10 s of SIGKILL: {}", e.toString());
        }
    }

    private static Path binary(List<String> locations, String what) {
        for (String location : locations) {
            Path p = Path.of(location);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        throw new IllegalStateException("RabbitMQ is not installed (no " + what + " in " + locations
                + "): run bin/install-test-deps, which installs Debian's rabbitmq-server, or 'apt-get install -y rabbitmq-server'");
    }

    private static void pause() throws IOException {
        try {
            Thread.sleep(100); // polling interval of a bounded wait
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for RabbitMQ", e);
        }
    }
}
