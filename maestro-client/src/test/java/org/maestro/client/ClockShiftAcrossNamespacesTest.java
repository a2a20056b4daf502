package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.Integration;
import org.maestro.common.util.Clocks;
import org.maestro.common.util.LoopbackPorts;
import org.maestro.worker.WorkerMain;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Latency on one clock, across hosts: a sender and a receiver in two network namespaces of this machine (the namespace
 * lab's ansible/tests/nslab.sh, hosts load1 and load2 on 10.214.9.0/24), an Artemis on the lab's bridge as control
 * broker (MQTT) and SUT (AMQP), the client here. fixed-rate.groovy runs twice with {@code -P latency=round-trip}: once
 * as the host's clock has it, once with the receiver's clock shifted by {@link #SHIFT_MICROS} (its process's time
 * source, {@link Clocks#OFFSET_PROPERTY}). The one-way latency moves by the shift; the round trip, on the sender's
 * clock, does not beyond its noise; and the offset the load implies (one way less half the round trip) finds the
 * shift, as the PINGs do.
 * <p>Needs root and {@code ip netns}: without them it fails under CI (CI=true) and is skipped elsewhere.
 */
@Integration
class ClockShiftAcrossNamespacesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path NSLAB = Path.of("..", "ansible", "tests", "nslab.sh").toAbsolutePath().normalize();
    private static final Path SCRIPT = Path.of("..", "test-scripts", "fixed-rate.groovy");
    private static final String NET = "10.214.9";
    private static final String BRIDGE = NET + ".254";
    private static final Map<String, String> LAB = Map.of("NSLAB_PREFIX", "rtlab", "NSLAB_NET", NET, "NSLAB_HOSTS", "load1 load2");
    /** The receiver's clock ahead of the host's: far above loopback latency, so that its effect is not noise. */
    private static final long SHIFT_MICROS = 400_000;
    /** How far a p50 may move by noise alone on a busy two-core host, and the figures still be told apart from the shift. */
    private static final double NOISE_MILLIS = 100;

    @TempDir
    static Path work;
    private static EmbeddedActiveMQ artemis;
    private static int port;

    @BeforeAll
    static void buildTheLab() throws Exception {
        String missing = whatTheLabLacks();
        if (missing != null) {
            if ("true".equals(System.getenv("CI"))) {
                fail("the namespace lab cannot be built here: " + missing);
            }
            Assumptions.abort("the namespace lab needs " + missing);
        }
        nslab("up", work.resolve("lab").toString());
        port = LoopbackPorts.free();
        Configuration config = new ConfigurationImpl().setName("rtlab").setPersistenceEnabled(false).setSecurityEnabled(false)
                .setJMXManagementEnabled(false).setJournalDirectory(work.resolve("artemis/journal").toString())
                .setBindingsDirectory(work.resolve("artemis/bindings").toString())
                .setLargeMessagesDirectory(work.resolve("artemis/large").toString())
                .setPagingDirectory(work.resolve("artemis/paging").toString());
        // On the lab's bridge only: reached from the namespaces and from here, from nowhere else.
        config.addAcceptorConfiguration("lab", "tcp://" + BRIDGE + ":" + port + "?protocols=MQTT,AMQP");
        artemis = new EmbeddedActiveMQ().setConfiguration(config);
        artemis.start();
    }

    @AfterAll
    static void removeTheLab() throws Exception {
        if (artemis != null) {
            artemis.stop();
        }
        if (whatTheLabLacks() == null) {
            nslab("down", work.resolve("lab").toString());
        }
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void aShiftedReceiverClockMovesTheOneWayLatencyNotTheRoundTrip() throws Exception {
        Figures plain = run("plain", 0);
        Figures shifted = run("shifted", SHIFT_MICROS);
        double shiftMillis = SHIFT_MICROS / 1000.0;
        System.out.printf(Locale.ROOT, "FIGURE: receiver clock +0 ms: %s%nFIGURE: receiver clock +%.0f ms: %s%n", plain, shiftMillis, shifted);

        assertEquals(shiftMillis, shifted.oneWayP50 - plain.oneWayP50, NOISE_MILLIS, "the one-way p50 moved by the shift: " + plain + " / " + shifted);
        assertEquals(plain.roundTripP50, shifted.roundTripP50, NOISE_MILLIS, "the round trip did not: " + plain + " / " + shifted);
        assertTrue(shifted.roundTripP50 < shiftMillis / 2, "no trace of the shift in the round trip: " + shifted);
        assertEquals(0, plain.loadOffset, NOISE_MILLIS, "one clock, no offset implied by the load: " + plain);
        assertEquals(shiftMillis, shifted.loadOffset, NOISE_MILLIS, "the load finds the shift: " + shifted);
        // The PINGs see the shifted receiver's clock as one of its own and estimate it, to within their uncertainty.
        assertEquals(shiftMillis, shifted.pingOffset, shifted.pingUncertainty + NOISE_MILLIS, "the PINGs find it too: " + shifted);
    }

    /** One run's figures: the receiver's one-way p50, the sender's round-trip p50, the offsets (ms). */
    private record Figures(double oneWayP50, double roundTripP50, double loadOffset, double pingOffset, double pingUncertainty) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "one-way p50 %.3f ms, round-trip p50 %.3f ms, offset implied by the load %+.3f ms,"
                    + " PING estimate %+.3f ± %.3f ms", oneWayP50, roundTripP50, loadOffset, pingOffset, pingUncertainty);
        }
    }

    /** fixed-rate.groovy with round trips, the sender on load1, the receiver on load2 with its clock shifted. */
    private static Figures run(String name, long shiftMicros) throws Exception {
        String broker = "mqtt://" + BRIDGE + ":" + port;
        List<ChildJvm> peers = new ArrayList<>();
        try {
            peers.add(peer("load1", "sender", broker, name, List.of()));
            peers.add(peer("load2", "receiver", broker, name, List.of("-D" + Clocks.OFFSET_PROPERTY + "=" + shiftMicros)));
            for (ChildJvm p : peers) {
                p.awaitLine("maestro-worker: ", 120);
            }
            Path runs = work.resolve("runs-" + name);
            MaestroCommand.Result r = MaestroCommand.run("run", SCRIPT.toString(), "--broker", broker, "--runs", runs.toString(),
                    "-P", "url=amqp://" + BRIDGE + ":" + port + "/rtlab." + name, "-P", "latency=round-trip", "-P", "rate=100",
                    "-P", "duration=8s", "-P", "warmup=2s", "-P", "warmupSendDelay=off", "-P", "connections=1", "-P", "p99=10 s");
            JsonNode s = JSON.readTree(MaestroCommand.onlyRun(runs).resolve("summary.json").toFile());
            assertEquals(DueMessages.of(100, 8, "2s"), s.get("totals").get("received").asLong(), r.output());
            assertEquals(0, s.get("totals").get("lost").asLong(), r.output());
            for (JsonNode check : s.get("checks")) {
                assertTrue(check.get("passed").asBoolean(), check + "\n" + r.output());
            }
            // The receiver's span runs from the sender's warm-up end, moved to its clock by the PINGs, to its last
            // arrival: read on two clocks the shift would stretch it by 0.4 s of 6 (94 msg/s).
            assertEquals(100, s.get("totals").get("receiveRate").asDouble(), 3, "the receive rate after warm-up: " + r.output());
            JsonNode offsets = s.get("latencyClocks").get("loadOffsets");
            assertEquals(1, offsets.size(), offsets.toString());
            JsonNode o = offsets.get(0);
            assertEquals("load1", o.get("senderHost").asText(), o.toString());
            assertEquals("load2", o.get("receiverHost").asText(), o.toString());
            return new Figures(o.get("oneWayP50Millis").asDouble(), 2 * o.get("halfRoundTripP50Millis").asDouble(),
                    o.get("loadOffsetMillis").asDouble(), o.get("pingOffsetMillis").asDouble(), o.get("pingUncertaintyMillis").asDouble());
        } finally {
            for (ChildJvm p : peers) {
                p.close();
            }
        }
    }

    private static ChildJvm peer(String host, String role, String broker, String run, List<String> jvmOptions) throws IOException {
        String address = NET + "." + (host.equals("load1") ? 1 : 2);
        String name = host + "-" + role;
        // The host's own name and /etc/hosts (nslab.sh's), as the lab's sshd has them: the peer reports its host as load1, load2.
        Path hosts = work.resolve("lab").resolve("hosts_" + host);
        return ChildJvm.startUnder(List.of("ip", "netns", "exec", "rtlab-" + host, "unshare", "--uts", "--mount", "sh", "-c",
                        "hostname " + host + " && mount --bind " + hosts + " /etc/hosts && exec \"$@\"", "sh"), jvmOptions, WorkerMain.class,
                "--role", role, "--broker", broker, "--name", name, "--data-dir", work.resolve("data-" + run).resolve(name).toString(),
                "--data-host", address);
    }

    private static void nslab(String command, String dir) throws Exception {
        ProcessBuilder b = new ProcessBuilder(NSLAB.toString(), command, dir).redirectErrorStream(true)
                .redirectOutput(work.resolve("nslab-" + command + ".log").toFile());
        b.environment().putAll(LAB);
        Process p = b.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("nslab.sh " + command + " did not end within 120 s");
        }
        assertEquals(0, p.exitValue(), "nslab.sh " + command + ": " + Files.readString(work.resolve("nslab-" + command + ".log")));
    }

    /** What building the lab needs that this machine lacks; null when it has it all. */
    private static String whatTheLabLacks() throws IOException, InterruptedException {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "root (it creates network namespaces), not " + System.getProperty("user.name");
        }
        Process ip = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!ip.waitFor(10, TimeUnit.SECONDS) || ip.exitValue() != 0) {
            return "'ip netns' (iproute2 with network namespaces)";
        }
        return null;
    }
}
