package org.maestro.inspector;

import org.maestro.common.util.LoopbackPorts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A real Apache Qpid Broker-J in a JVM of its own, the AMQP-management SUT of the tests: one AMQP 1.0 port on
 * a free 127.0.0.1 port, user {@value #USER}/{@value #PASSWORD}, a memory virtual host that creates a queue
 * for any address it is sent to. Its class path is the file that the broker-j-classpath execution of this
 * module's pom writes (system property {@value #CLASSPATH_PROPERTY}), so none of its jars meet Maestro's.
 * {@link #start()} waits (bounded) for "BRK-1004 : Qpid Broker Ready"; {@link #close()} kills it.
 */
final class QpidBrokerJ implements AutoCloseable {
    static final String CLASSPATH_PROPERTY = "maestro.broker-j.classpath";
    static final String USER = "admin";
    static final String PASSWORD = "admin";
    private static final Logger LOG = LoggerFactory.getLogger(QpidBrokerJ.class);
    private static final long START_TIMEOUT_SECONDS = 60;

    private final int port = LoopbackPorts.free();
    private final Path work;
    private final Path log;
    private Process process;

    QpidBrokerJ() throws IOException {
        Path target = Files.createDirectories(Path.of("target", "broker-j"));
        this.work = Files.createTempDirectory(target, "work-").toAbsolutePath();
        this.log = work.resolveSibling(work.getFileName() + ".log");
    }

    int port() {
        return port;
    }

    /** The management URL of the virtual host "default" (chosen with the qpid-jms option amqp.vhost). */
    String managementUrl() {
        return "amqp://" + USER + ":" + PASSWORD + "@127.0.0.1:" + port + "?amqp.vhost=default";
    }

    /** Where clients send and receive (qpid-jms URI, without credentials). */
    String amqpUri() {
        return "amqp://127.0.0.1:" + port + "?amqp.vhost=default";
    }

    QpidBrokerJ start() throws IOException, InterruptedException {
        String classpathFile = System.getProperty(CLASSPATH_PROPERTY);
        if (classpathFile == null || !Files.isRegularFile(Path.of(classpathFile))) {
            throw new IllegalStateException("system property " + CLASSPATH_PROPERTY + " names no class-path file (" + classpathFile
                    + "): run the tests through Maven, whose broker-j-classpath execution writes it");
        }
        Path config = work.resolve("config.json");
        try (Writer w = Files.newBufferedWriter(config, StandardCharsets.UTF_8)) {
            w.write(CONFIG);
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-DQPID_WORK=" + work));
        command.addAll(org.maestro.common.testing.ChildJvm.testOptions());
        command.addAll(List.of("-cp", Files.readString(Path.of(classpathFile)).trim(),
                "org.apache.qpid.server.Main", "-icp", config.toString(), "-st", "Memory",
                "-prop", "qpid.amqp_port=" + port));
        process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        CountDownLatch ready = new CountDownLatch(1);
        Thread pump = new Thread(() -> pump(ready), "broker-j-output");
        pump.setDaemon(true);
        pump.start();
        if (!ready.await(START_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            close();
            throw new IOException("Qpid Broker-J did not say it was ready within " + START_TIMEOUT_SECONDS + " s; see " + log);
        }
        LOG.info("Qpid Broker-J ready on 127.0.0.1:{} (log {})", port, log);
        return this;
    }

    private void pump(CountDownLatch ready) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             Writer out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                out.write(line + "\n");
                out.flush();
                if (line.contains("BRK-1004")) {
                    ready.countDown();
                }
            }
        } catch (IOException e) {
            // the process ended
        }
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static final String CONFIG = """
            {
              "name": "maestro-broker-j",
              "modelVersion": "9.0",
              "authenticationproviders": [ {
                "name": "plain", "type": "Plain", "secureOnlyMechanisms": [],
                "users": [ { "name": "admin", "type": "managed", "password": "admin" } ]
              } ],
              "brokerloggers": [ {
                "name": "console", "type": "Console",
                "brokerloginclusionrules": [
                  { "name": "Root", "type": "NameAndLevel", "level": "WARN", "loggerName": "ROOT" },
                  { "name": "Operational", "type": "NameAndLevel", "level": "INFO", "loggerName": "qpid.message.*" }
                ]
              } ],
              "ports": [ {
                "name": "AMQP", "port": "${qpid.amqp_port}", "bindingAddress": "127.0.0.1", "protocols": [ "AMQP_1_0" ],
                "authenticationProvider": "plain",
                "virtualhostaliases": [ { "name": "nameAlias", "type": "nameAlias" }, { "name": "defaultAlias", "type": "defaultAlias" } ]
              } ],
              "virtualhostnodes": [ {
                "name": "default", "type": "Memory", "defaultVirtualHostNode": "true",
                "virtualHostInitialConfiguration": "{\\"type\\":\\"Memory\\",\\"nodeAutoCreationPolicies\\":[{\\"pattern\\":\\".*\\",\
            \\"createdOnPublish\\":\\"true\\",\\"createdOnConsume\\":\\"true\\",\\"nodeType\\":\\"queue\\"}]}"
              } ]
            }
            """;
}
