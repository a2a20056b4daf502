package org.maestro.client.artemis;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/** Runs {@code bin/artemis create} of a distribution into a fresh instance directory, bounded in time. */
final class ArtemisCreate {

    private static final Duration CREATE_TIMEOUT = Duration.ofSeconds(120);

    private ArtemisCreate() {
    }

    /**
     * An instance with user {@link StandaloneArtemis#USER} (login required) whose acceptor listens on
     * 127.0.0.1:amqpPort and web console on 127.0.0.1:webPort.
     */
    static void run(Path home, Path instance, BrokerLog log, int amqpPort, int webPort) throws IOException {
        log.append("==== " + Instant.now() + " creating instance " + instance);
        ProcessBuilder builder = ArtemisScript.processBuilder(instance, log, home.resolve("bin/artemis").toString(), "create",
                "--user", StandaloneArtemis.USER, "--password", StandaloneArtemis.PASSWORD, "--require-login", "--role", "amq",
                "--no-autotune", "--silent", "--name", StandaloneArtemis.BROKER_NAME,
                "--host", "127.0.0.1", "--default-port", Integer.toString(amqpPort),
                "--http-host", "127.0.0.1", "--http-port", Integer.toString(webPort),
                "--no-amqp-acceptor", "--no-hornetq-acceptor", "--no-mqtt-acceptor", "--no-stomp-acceptor",
                "--java-memory", "1G", instance.toString());
        Process create = builder.start();
        create.getOutputStream().close(); // --silent: it asks nothing
        try {
            if (!create.waitFor(CREATE_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                ProcessTree.destroy(create, true);
                throw new IOException("'artemis create' did not finish within " + CREATE_TIMEOUT.toSeconds() + " s; killed it"
                        + log.tail());
            }
        } catch (InterruptedException e) {
            ProcessTree.destroy(create, true);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for 'artemis create'", e);
        }
        if (create.exitValue() != 0) {
            throw new IOException("'" + home.resolve("bin/artemis") + " create' failed with status " + create.exitValue() + log.tail());
        }
    }
}
