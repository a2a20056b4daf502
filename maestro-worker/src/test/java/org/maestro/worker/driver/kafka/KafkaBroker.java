package org.maestro.worker.driver.kafka;

import org.apache.kafka.common.Uuid;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.TempDirs;
import org.maestro.common.util.LoopbackPorts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real single-node Kafka in KRaft mode (broker and controller in one process), from the Kafka server jars on the
 * test class path ({@code org.apache.kafka:kafka_2.13}, the version of kafka-clients), in a JVM of its own
 * ({@link ChildJvm}) so a test can kill it. Its listener and controller listener are on free 127.0.0.1 ports, its
 * config and log directory in a temporary directory, formatted first ({@code kafka.tools.StorageTool format}, as
 * {@code kafka-storage.sh} does). Topics are not created automatically: the driver's own creation is what a
 * test sees.
 *
 * <p>{@link #launch()} waits (bounded) until the broker accepts connections; {@link #kill()} is a crash (SIGKILL);
 * {@link #close()} kills it and deletes the directory, and runs at JVM exit if the test did not get to it.
 */
public final class KafkaBroker implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaBroker.class);
    /** A cold broker starts in ~5 s on an idle 2-core machine; a shared one (CI, parallel builds) takes longer. */
    private static final long START_TIMEOUT_SECONDS = 90;
    /** The child's heap: Kafka's scripts give it 1 GiB, a test's few thousand messages need far less. */
    private static final List<String> JVM_OPTIONS = List.of("-Xmx512m", "-XX:+UseSerialGC");

    private final int port;
    private final int controllerPort;
    private final Path dir;
    private final Path config;
    private final Thread shutdownHook = new Thread(this::close, "kill Kafka");
    private ChildJvm server;

    private KafkaBroker() throws IOException {
        int[] ports = LoopbackPorts.free(2);
        port = ports[0];
        controllerPort = ports[1];
        dir = Files.createTempDirectory("maestro-kafka-");
        config = dir.resolve("server.properties");
        Files.writeString(config, String.join("\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                "controller.listener.names=CONTROLLER",
                "inter.broker.listener.name=PLAINTEXT",
                "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
                "log.dirs=" + dir.resolve("data"),
                "auto.create.topics.enable=false",
                // One node: every internal topic with one replica, and few partitions so it is created fast.
                "offsets.topic.replication.factor=1",
                "offsets.topic.num.partitions=1",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                // A consumer group forms at once instead of after the 3 s a production broker waits for more members.
                "group.initial.rebalance.delay.ms=0",
                ""));
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Formats the storage, starts the broker and waits until it is ready; on failure, stops what it started. */
    public static KafkaBroker launch() throws IOException, InterruptedException {
        KafkaBroker broker = new KafkaBroker();
        try {
            broker.format();
            broker.start();
            return broker;
        } catch (IOException | RuntimeException | InterruptedException e) {
            broker.close();
            throw e;
        }
    }

    private void format() throws IOException, InterruptedException {
        try (ChildJvm storageTool = ChildJvm.start(JVM_OPTIONS, kafka.tools.StorageTool.class, "format",
                "--cluster-id", Uuid.randomUuid().toString(), "--config", config.toString())) {
            if (!storageTool.process().waitFor(START_TIMEOUT_SECONDS, TimeUnit.SECONDS) || storageTool.process().exitValue() != 0) {
                throw new IOException("kafka-storage format of " + dir + " failed; its output is in " + storageTool.log().toAbsolutePath()
                        + ":\n" + output(storageTool));
            }
        }
    }

    private synchronized void start() throws IOException, InterruptedException {
        long started = System.nanoTime();
        server = ChildJvm.start(JVM_OPTIONS, kafka.Kafka.class, config.toString());
        long deadline = started + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS);
        while (!LoopbackPorts.isListening(port)) {
            if (!server.process().isAlive()) {
                throw new IOException(this + " exited with status " + server.process().exitValue() + " while starting; its output is in "
                        + server.log().toAbsolutePath() + ":\n" + output(server));
            }
            if (System.nanoTime() - deadline > 0) {
                kill();
                throw new IOException(this + " did not accept connections within " + START_TIMEOUT_SECONDS + " s; killed it");
            }
            Thread.sleep(100); // polling interval of a bounded wait
        }
        LOG.info("{} started in {} ms", this, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }

    /** SIGKILL, as a crash: clients see their connections drop and nothing answers on the port any more. */
    public synchronized void kill() throws InterruptedException {
        if (server != null) {
            server.kill();
            server = null;
        }
    }

    @Override
    public synchronized void close() {
        try {
            kill();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        TempDirs.delete(dir);
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down (this may be the hook itself): nothing is left to undo.
        }
    }

    /** {@code kafka://127.0.0.1:port/topic} plus whatever follows (e.g. {@code ?partitions=2}). */
    public String url(String topicAndOptions) {
        return "kafka://127.0.0.1:" + port + "/" + topicAndOptions;
    }

    /** {@code 127.0.0.1:port}, for Kafka's own clients and tools. */
    public String bootstrap() {
        return "127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    @Override
    public String toString() {
        return "Kafka broker (127.0.0.1:" + port + ", controller :" + controllerPort + ", in " + dir + ")";
    }

    private static String output(ChildJvm jvm) {
        try {
            List<String> lines = Files.exists(jvm.log()) ? Files.readAllLines(jvm.log(), StandardCharsets.UTF_8) : List.of();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(cannot read " + jvm.log() + ": " + e.getMessage() + ")";
        }
    }
}
