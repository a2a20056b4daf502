package org.maestro.client.bench;

import org.maestro.client.local.EmbeddedTestBroker;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.mqtt.MqttTransport;
import org.maestro.common.mqtt.Qos;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.EchoHandler;
import org.maestro.common.testing.MosquittoBroker;
import org.maestro.common.testing.PeerProcessMain;
import org.maestro.common.testing.TestBroker;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Round-trip time of PING, side by side in one run: a raw Paho echo (the floor: two MQTT hops, no
 * codec, no runtime), Maestro PING to a peer in this JVM and to a peer in its own process, over
 * loopback Mosquitto and over the embedded Artemis broker. Prints median, p99, p99.9 and the
 * ratio of each median to the raw echo's over the same broker.
 */
public final class PingBench {
    private PingBench() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int warmup = Math.max(1_000, count / 10);
        System.out.printf(Locale.ROOT, "PING round trip, %d pings after %d warm-up, one at a time%n", count, warmup);
        System.out.printf(Locale.ROOT, "%-22s %-28s %10s %10s %10s %12s%n", "broker", "what", "median us", "p99 us",
                "p99.9 us", "median/raw");
        for (String name : new String[]{"mosquitto (loopback)", "embedded artemis"}) {
            try (TestBroker broker = name.startsWith("mosquitto") ? MosquittoBroker.launch() : new EmbeddedTestBroker()) {
                long[] raw = rawEcho(broker.url(), warmup, count);
                print(name, "raw paho echo (QoS 1)", raw, median(raw));
                try (Peer peer = new Peer(Peer.identity("bench-peer", Role.SENDER, ""), PeerConfig.of(broker.url()),
                        new EchoHandler()).start()) {
                    print(name, "maestro PING, peer in-JVM", pings(broker.url(), peer.info(), warmup, count), median(raw));
                }
                try (ChildJvm child = ChildJvm.start(PeerProcessMain.class, broker.url().toString(), "bench-remote",
                        "receiver", "-", "10")) {
                    String id = child.awaitLine("READY ", 30).substring(6);
                    PeerInfo remote = new PeerInfo(id, "bench-remote", "localhost", Role.RECEIVER, "");
                    print(name, "maestro PING, peer process", pings(broker.url(), remote, warmup, count), median(raw));
                }
            }
        }
    }

    private static long[] pings(BrokerUrl url, PeerInfo peer, int warmup, int count) throws Exception {
        try (ControlClient client = new ControlClient(url).connect(Duration.ofSeconds(10))) {
            long[] micros = new long[count];
            for (int i = -warmup; i < count; i++) {
                PingResult r = client.ping(peer, Duration.ofSeconds(5));
                if (r == null) {
                    throw new IllegalStateException("ping " + i + " got no answer within 5 s");
                }
                if (i >= 0) {
                    micros[i] = r.roundTripMicros();
                }
            }
            return micros;
        }
    }

    private static long[] rawEcho(BrokerUrl url, int warmup, int count) throws Exception {
        LinkedBlockingQueue<byte[]> answers = new LinkedBlockingQueue<>();
        try (MqttTransport echo = new MqttTransport(url, "bench-echo", 10, null);
             MqttTransport asker = new MqttTransport(url, "bench-asker", 10, null)) {
            echo.connect(Duration.ofSeconds(10));
            asker.connect(Duration.ofSeconds(10));
            echo.subscribe("bench/ask", Qos.AT_LEAST_ONCE, (t, b) -> {
                try {
                    echo.publish("bench/answer", b, Qos.AT_LEAST_ONCE);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            asker.subscribe("bench/answer", Qos.AT_LEAST_ONCE, (t, b) -> answers.offer(b));
            byte[] payload = new byte[64];
            long[] micros = new long[count];
            for (int i = -warmup; i < count; i++) {
                long start = System.nanoTime();
                asker.publish("bench/ask", payload, Qos.AT_LEAST_ONCE);
                if (answers.poll(5, TimeUnit.SECONDS) == null) {
                    throw new IllegalStateException("raw echo " + i + " got no answer within 5 s");
                }
                if (i >= 0) {
                    micros[i] = (System.nanoTime() - start) / 1_000;
                }
            }
            return micros;
        }
    }

    private static long median(long[] values) {
        return percentile(values, 50);
    }

    private static long percentile(long[] values, double p) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.min(sorted.length - 1, Math.ceil(p / 100.0 * sorted.length) - 1)];
    }

    private static void print(String broker, String what, long[] micros, long rawMedian) {
        long median = median(micros);
        System.out.printf(Locale.ROOT, "%-22s %-28s %10d %10d %10d %12.2f%n", broker, what, median,
                percentile(micros, 99), percentile(micros, 99.9), (double) median / rawMedian);
    }
}
