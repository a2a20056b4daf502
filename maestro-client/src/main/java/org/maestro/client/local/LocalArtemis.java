package org.maestro.client.local;

import org.maestro.client.artemis.ArtemisDistribution;
import org.maestro.client.artemis.StandaloneArtemis;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The SUT of a local fault-injection run: the pinned standalone ActiveMQ Artemis (unpacked once into the cache,
 * see {@link ArtemisDistribution}), as an instance of its own under a work directory, started on free loopback
 * ports. A restart handler can stop and start it like a broker on a lab host; {@link #close()} stops it (also
 * when a handler started it again) and deletes the instance.
 *
 * @param broker        the started broker
 * @param version       the distribution's version
 * @param unpackedFrom  where the distribution came from ("cached …", or the archive or URL it was unpacked from)
 * @param unpackMillis  how long taking the distribution took
 * @param startMillis   how long creating and starting the instance took
 */
public record LocalArtemis(StandaloneArtemis broker, String version, String unpackedFrom, long unpackMillis, long startMillis)
        implements AutoCloseable {
    /**
     * Workers reconnect after the broker restarts (qpid-jms failover), quickly, so that the outage measured is
     * the broker's, not a reconnect back-off.
     */
    public static final String RECONNECT = "failover=true&failover.initialReconnectDelay=100&failover.reconnectDelay=200";

    /**
     * Unpacks the distribution if it is not cached yet, creates an instance under {@code work} and starts it.
     *
     * @throws IOException naming what failed: the archive or URL, {@code artemis create}, or the broker's start
     */
    public static LocalArtemis start(ArtemisDistribution distribution, Path work) throws IOException {
        long t0 = System.nanoTime();
        ArtemisDistribution.Unpacked unpacked = distribution.unpack();
        long t1 = System.nanoTime();
        StandaloneArtemis broker = StandaloneArtemis.create(unpacked.home(), work);
        try {
            broker.start();
        } catch (IOException | RuntimeException e) {
            broker.close();
            throw e;
        }
        long t2 = System.nanoTime();
        return new LocalArtemis(broker, distribution.version(), unpacked.from(), (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000);
    }

    /** The URL workers use for {@code queue}: with the broker's user, and reconnecting after a restart. */
    public String url(String queue) {
        return broker.amqpUrl(queue + "?" + RECONNECT);
    }

    /** The instance directory, which restart handlers take (ARTEMIS_INSTANCE, or the SET option artemis.instance). */
    public Path instance() {
        return broker.instanceDirectory();
    }

    /** What the SUT is, for the summary. */
    public String describe() {
        return "standalone ActiveMQ Artemis " + version + " (AMQP on 127.0.0.1:" + broker.amqpPort() + ", persistent)";
    }

    /** How it was set up, for the console: where the distribution came from and how long each step took. */
    public String howStarted() {
        return String.format(Locale.ROOT, "distribution %s in %.1f s; instance %s created and started in %.1f s",
                unpackedFrom.startsWith("cached") ? unpackedFrom : "unpacked from " + unpackedFrom, unpackMillis / 1000.0,
                instance(), startMillis / 1000.0);
    }

    /** The broker's output, which outlives the instance. */
    public Path logFile() {
        return broker.logFile();
    }

    @Override
    public void close() throws IOException {
        broker.close();
    }
}
