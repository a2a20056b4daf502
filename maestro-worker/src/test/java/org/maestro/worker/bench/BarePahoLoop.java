package org.maestro.worker.bench;

import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttActionListener;
import org.eclipse.paho.mqttv5.client.MqttAsyncClient;
import org.eclipse.paho.mqttv5.client.MqttCallback;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.MqttDisconnectResponse;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.eclipse.paho.mqttv5.common.MqttSubscription;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;
import org.maestro.common.mqtt.NoDelaySockets;
import org.maestro.common.util.Clocks;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The bare Paho MQTT 5 loop {@link MqttDriverBench} sets beside a Maestro worker's mqtt:// driver: the same client
 * calls (a clean-start MqttAsyncClient with in-memory persistence and Nagle off, an asynchronous publish of a copy of
 * the body with a listener, at most {@code IN_FLIGHT} unacknowledged and never more than the broker's receive maximum;
 * a subscriber that takes each payload in Paho's callback) and nothing else: no stamp, no rate log, no HDR, no
 * sequence accounting, no control plane. Each run opens its own connection, as a Maestro test does.
 *
 * <p>A long-lived process, so that its rounds are measured warm. Usage: {@code BarePahoLoop send|receive SERVER_URI USER
 * PASSWORD} (USER "-" for none); then one line per run on standard input, {@code TOPIC COUNT SIZE IN_FLIGHT QOS RATE}
 * (RATE 0: flat out; else on an intended-time schedule). The receiver answers {@code ready} once subscribed and
 * {@code received COUNT LAST_EPOCH_MICROS} at the end; the sender {@code sent COUNT FIRST_EPOCH_MICROS}.
 */
public final class BarePahoLoop {
    static final String READY = "ready";
    static final String SENT = "sent";
    static final String RECEIVED = "received";
    private static final long TIMEOUT_MILLIS = 10_000;

    private BarePahoLoop() {
    }

    public static void main(String[] args) throws Exception {
        boolean send = args[0].equals("send");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        int run = 0;
        while ((line = in.readLine()) != null) {
            String[] r = line.trim().split(" ");
            String topic = r[0];
            long count = Long.parseLong(r[1]);
            int qos = Integer.parseInt(r[4]);
            MqttAsyncClient client = new MqttAsyncClient(args[1], "bare-" + args[0] + "-" + run++, new MemoryPersistence());
            MqttConnectionOptions options = new MqttConnectionOptions();
            options.setCleanStart(true);
            options.setKeepAliveInterval(10);
            options.setSocketFactory(NoDelaySockets.plain());
            if (!args[2].equals("-")) {
                options.setUserName(args[2]);
                options.setPassword(args[3].getBytes(StandardCharsets.UTF_8));
            }
            try {
                if (send) {
                    IMqttToken connected = client.connect(options);
                    connected.waitForCompletion(TIMEOUT_MILLIS);
                    MqttProperties p = connected.getResponseProperties();
                    int receiveMaximum = p == null || p.getReceiveMaximum() == null ? 65_535 : p.getReceiveMaximum();
                    int window = qos == 0 ? Integer.parseInt(r[3]) : Math.min(Integer.parseInt(r[3]), receiveMaximum);
                    long first = send(client, topic, count, Integer.parseInt(r[2]), window, qos, Long.parseLong(r[5]));
                    System.out.println(SENT + " " + count + " " + first);
                } else {
                    System.out.println(RECEIVED + " " + count + " " + receive(client, options, topic, count, qos));
                }
            } finally {
                client.disconnect(2000).waitForCompletion(2000);
                client.close();
            }
        }
    }

    /** Publishes {@code count} messages, flat out or at {@code rate}; returns the first publish's time (epoch µs). */
    private static long send(MqttAsyncClient client, String topic, long count, int size, int window, int qos, long rate)
            throws Exception {
        Semaphore inFlight = new Semaphore(window);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        MqttActionListener done = new MqttActionListener() {
            @Override
            public void onSuccess(IMqttToken token) {
                inFlight.release();
            }

            @Override
            public void onFailure(IMqttToken token, Throwable e) {
                failed.compareAndSet(null, e);
                inFlight.release();
            }
        };
        byte[] body = new byte[size];
        long first = Clocks.epochMicros();
        long start = System.nanoTime();
        for (long i = 0; i < count; i++) {
            if (rate > 0) {
                long due = start + i * 1_000_000_000L / rate;
                for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                    LockSupport.parkNanos(wait);
                }
            }
            inFlight.acquire();
            client.publish(topic, body.clone(), qos, false, null, done);
        }
        if (!inFlight.tryAcquire(window, 60, TimeUnit.SECONDS) || failed.get() != null) {
            throw new IllegalStateException("the broker did not accept every message: " + failed.get());
        }
        return first;
    }

    /** Subscribes, says {@value #READY}, takes {@code count} messages; returns the last one's time (epoch µs). */
    private static long receive(MqttAsyncClient client, MqttConnectionOptions options, String topic, long count, int qos)
            throws Exception {
        CountDownLatch all = new CountDownLatch(1);
        AtomicLong got = new AtomicLong();
        AtomicLong last = new AtomicLong();
        AtomicLong bytes = new AtomicLong();
        // A callback, not a listener per subscription: Paho 1.2.5's subscribe(subscription, listener) fails without properties.
        client.setCallback(new MqttCallback() {
            @Override
            public void messageArrived(String t, MqttMessage message) {
                bytes.addAndGet(message.getPayload().length);
                if (got.incrementAndGet() == count) {
                    last.set(Clocks.epochMicros());
                    all.countDown();
                }
            }

            @Override
            public void disconnected(MqttDisconnectResponse response) {
            }

            @Override
            public void mqttErrorOccurred(MqttException e) {
            }

            @Override
            public void deliveryComplete(IMqttToken token) {
            }

            @Override
            public void connectComplete(boolean reconnect, String serverUri) {
            }

            @Override
            public void authPacketArrived(int reasonCode, MqttProperties properties) {
            }
        });
        client.connect(options).waitForCompletion(TIMEOUT_MILLIS);
        client.subscribe(new MqttSubscription(topic, qos)).waitForCompletion(TIMEOUT_MILLIS);
        System.out.println(READY);
        if (!all.await(10, TimeUnit.MINUTES)) {
            throw new IllegalStateException("received " + got.get() + " of " + count);
        }
        return last.get();
    }
}
