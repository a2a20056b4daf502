package org.maestro.worker.driver.mqtt;

import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.maestro.common.mqtt.NoDelaySockets;
import org.maestro.common.util.SystemInfo;
import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.LoadDriver;
import org.maestro.worker.driver.SutUrl;

import javax.net.SocketFactory;
import java.time.Duration;
import java.util.concurrent.Semaphore;

/**
 * MQTT with Eclipse Paho: MQTT 5 with its mqttv5 client (the default), 3.1.1 with its mqttv3 one ({@code version=3.1.1}),
 * one client per connection. The URL's options are {@link MqttSettings}'.
 *
 * <p>A sending connection publishes every message to the URL's topic at the URL's QoS and one stream stays in order
 * (MQTT keeps a client's publishes to a topic in order), so receivers count loss, duplicates and reorder per stream as
 * on AMQP. At QoS 0 the broker acknowledges nothing: a publish is complete once written, the delivery is presettled and
 * whatever the broker drops is the receivers' loss. At QoS 1 the broker may deliver a message twice: the receivers
 * count the duplicate.
 *
 * <p>A receiving connection subscribes when it opens (before any sender of the test starts) to the URL's filter: a
 * shared subscription for {@code type=queue}, so several connections split the stream, the topic itself for
 * {@code type=topic}. {@code durable=true} keeps its session (clean start off, named after the connection) for
 * {@link #SESSION_EXPIRY}. Nothing reconnects: a lost connection ends the test with the reason.
 */
public final class MqttDriver implements LoadDriver {
    /** How long connecting and subscribing may take before the test fails. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** The broker notices a silent client (and Paho a silent broker) within 1.5 times this. */
    static final Duration KEEP_ALIVE = Duration.ofSeconds(10);
    /** How long closing a connection may wait for what is in flight. */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(2);
    /**
     * How long the broker keeps a {@code durable=true} receiver's session once it disconnected (MQTT 5): long enough for
     * a test that stops and resumes its receivers, short enough that a lab broker does not hold a forgotten session's
     * messages for ever.
     */
    static final Duration SESSION_EXPIRY = Duration.ofHours(1);

    private final FailureListener failures;

    public MqttDriver(FailureListener failures) {
        this.failures = failures;
    }

    /** The client library, for system.json: both Paho clients are of one release. */
    public static String description() {
        return "paho-mqtt " + SystemInfo.version(MqttAsyncClient.class);
    }

    @Override
    public Producer openProducer(SutUrl url, String clientName) throws DriverException {
        MqttSettings settings = MqttSettings.of(url);
        PahoLink link = open(url, settings, clientName, false, new PahoLink.Events() {
            @Override
            public void arrived(byte[] body) {
                // a sending connection subscribes to nothing
            }

            @Override
            public void lost(String reason) {
                failures.failed(reason);
            }
        });
        return new Publisher(link, settings.qos() == 0 ? null : new Semaphore(link.window()), url);
    }

    @Override
    public Consumer openConsumer(SutUrl url, String clientName) throws DriverException {
        MqttSettings settings = MqttSettings.of(url);
        Inbox inbox = new Inbox();
        PahoLink link = open(url, settings, clientName, url.durable(), inbox);
        try {
            link.subscribe();
        } catch (DriverException e) {
            link.close();
            throw e;
        }
        return new Subscriber(link, inbox);
    }

    private static PahoLink open(SutUrl url, MqttSettings settings, String clientId, boolean persistentSession,
                                 PahoLink.Events events) throws DriverException {
        return settings.version() == MqttSettings.Version.V5
                ? Paho5Link.open(url, settings, clientId, persistentSession, events)
                : Paho3Link.open(url, settings, clientId, persistentSession, events);
    }

    /** Paho's address of the broker: {@code tcp://} for mqtt://, {@code ssl://} for mqtts://. */
    static String serverUri(SutUrl url) {
        return (MqttSettings.TLS_SCHEME.equals(url.scheme()) ? "ssl://" : "tcp://") + url.host() + ":" + url.port();
    }

    /** Sockets with Nagle's algorithm off (a QoS 1 acknowledgement must not wait for a delayed ACK), TLS for mqtts://. */
    static SocketFactory socketFactory(SutUrl url, MqttSettings settings) throws DriverException {
        return MqttSettings.TLS_SCHEME.equals(url.scheme()) ? NoDelaySockets.tls(TlsSockets.of(url, settings.tls()))
                : NoDelaySockets.plain();
    }

    /**
     * One sending connection. At QoS 1 and 2 a publish first takes a place in the link's window (the broker's receive
     * maximum), given back when the broker acknowledged it: past it Paho would refuse the publish, not wait.
     */
    private static final class Publisher implements Producer {
        private final PahoLink link;
        private final Semaphore window;
        private final SutUrl url;

        Publisher(PahoLink link, Semaphore window, SutUrl url) {
            this.link = link;
            this.window = window;
            this.url = url;
        }

        @Override
        public void send(byte[] body, Completion done) throws DriverException {
            if (window == null) {
                link.publish(body, done);
                return;
            }
            try {
                window.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DriverException("interrupted while waiting for " + url + " to acknowledge earlier messages", e);
            }
            try {
                link.publish(body, error -> {
                    window.release();
                    done.completed(error);
                });
            } catch (DriverException | RuntimeException e) {
                window.release();
                throw e;
            }
        }

        @Override
        public void close() {
            link.close();
        }
    }

    /** One receiving connection: the messages its link delivered, one at a time. */
    private static final class Subscriber implements Consumer {
        private final PahoLink link;
        private final Inbox inbox;

        Subscriber(PahoLink link, Inbox inbox) {
            this.link = link;
            this.inbox = inbox;
        }

        @Override
        public byte[] receive(long timeoutMillis) throws DriverException {
            try {
                return inbox.take(timeoutMillis);
            } catch (Inbox.Lost e) {
                throw new DriverException(e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }

        @Override
        public void close() {
            inbox.close();
            link.close();
        }
    }
}
