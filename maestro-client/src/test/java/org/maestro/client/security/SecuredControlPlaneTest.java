package org.maestro.client.security;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.cli.MaestroMain;
import org.maestro.client.control.ControlClient;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.MosquittoBroker;
import org.maestro.common.testing.TestCertificates;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The authenticated, encrypted control plane, as a lab runs it: Mosquitto with a password file, anonymous off,
 * a TLS listener with a certificate of a CA made by the test. The {@code maestro} command, a process of its own,
 * joins it as a peer ({@code maestro worker}) and as a client ({@code maestro ping}) with the right credentials;
 * with a wrong password, an untrusted certificate, or plain MQTT against TLS (and TLS against plain), each ends
 * with exit 2 and one line that says what is wrong, no stack trace, no password, within a few seconds.
 */
@Integration
class SecuredControlPlaneTest {
    private static final String USER = "qe";
    private static final String PASSWORD = "S3cr3t-Zebra-42";
    /**
     * A bound on a refused command's whole life, JVM start included: 1 to 2 s on an idle machine, up to 25 s seen
     * when seven builds share two cores. What it catches is a command that retries or hangs instead of ending.
     */
    private static final long REFUSAL_LIMIT_SECONDS = 45;
    /** The log levels the maestro launcher (maestro-dist/src/bin/maestro) runs every command with. */
    private static final List<String> LAUNCHER_LOG_LEVELS = List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
            "-Dorg.slf4j.simpleLogger.log.org.maestro=warn");
    private static TestCertificates certificates;
    private static MosquittoBroker tls;
    private static MosquittoBroker plain;

    @TempDir
    Path data;

    @BeforeAll
    static void startBrokers() throws Exception {
        certificates = TestCertificates.create();
        tls = MosquittoBroker.launchSecured(USER, PASSWORD, certificates);
        plain = MosquittoBroker.launchSecured(USER, PASSWORD, null);
    }

    @AfterAll
    static void stopBrokers() {
        for (AutoCloseable c : new AutoCloseable[]{tls, plain, certificates}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                // best effort: the temp files go with the JVM's temp dir otherwise
            }
        }
    }

    private static String trust() {
        return "?truststore=" + certificates.trustStore() + "&truststore-password=" + certificates.trustStorePassword();
    }

    private static String tlsUrl(String password) {
        return "mqtts://" + USER + ":" + password + "@127.0.0.1:" + tls.port() + trust();
    }

    @Test
    void aWorkerAndPingWithTheRightCredentialsOverTlsFindEachOther() throws Exception {
        try (ChildJvm worker = ChildJvm.start(LAUNCHER_LOG_LEVELS, MaestroMain.class, "worker", "--role", "sender", "--broker", tlsUrl(PASSWORD),
                "--name", "secured-1", "--data-dir", data.toString(), "--data-host", "127.0.0.1")) {
            String ready = worker.awaitLine("maestro-worker: ", 30);
            assertFalse(ready.contains(PASSWORD), ready);
            Ended ping = maestro("ping", "--broker", tlsUrl(PASSWORD));
            assertEquals(0, ping.exitCode(), ping.output());
            assertTrue(ping.output().contains("secured-1") && ping.output().contains("1 peer(s) answered"), ping.output());
        }
    }

    @Test
    void aWrongPasswordAnUntrustedCertificateAndAPlainTlsMismatchEachEndWithExit2AndOneClearLine() throws Exception {
        String[][] cases = {
                // what, broker URL, words the line must hold
                {"wrong password", tlsUrl("Wrong-Zebra-99"), ": not authorised \\(check the user name and password\\)$"},
                {"untrusted certificate", "mqtts://" + USER + ":" + PASSWORD + "@127.0.0.1:" + tls.port(),
                        ": the broker's TLS certificate is not trusted \\(.*\\): give its CA with \\?truststore="},
                {"plain MQTT to the TLS listener", "mqtt://" + USER + ":" + PASSWORD + "@127.0.0.1:" + tls.port(),
                        ": the broker closed the connection before answering: is it a TLS listener\\? \\(then use mqtts://\\)$"},
                {"TLS to the plain listener", "mqtts://" + USER + ":" + PASSWORD + "@127.0.0.1:" + plain.port() + trust(),
                        ": the broker closed the connection during the TLS handshake: is it a plain MQTT listener\\? \\(then use mqtt://\\)$"},
        };
        List<String> report = new ArrayList<>();
        List<Runnable> checks = new ArrayList<>();
        for (String[] c : cases) {
            for (String[] command : new String[][]{{"ping", "--broker", c[1]},
                    {"worker", "--role", "receiver", "--broker", c[1], "--name", "refused-1", "--data-dir", data.toString(),
                            "--data-host", "127.0.0.1"}}) {
                Ended e = maestro(command);
                String what = c[0] + ", maestro " + command[0] + ": ";
                List<String> lines = e.output().lines().filter(l -> !l.isBlank()).toList();
                report.add(String.format("  %-32s %-7s exit %d in %4.1f s: %s", c[0], command[0], e.exitCode(), e.seconds(),
                        String.join(" | ", lines)));
                checks.add(() -> {
                    assertEquals(2, e.exitCode(), what + e.output());
                    assertEquals(1, lines.size(), what + "one line, no stack trace, no log noise:\n" + e.output());
                    String line = lines.get(0);
                    assertTrue(line.matches("maestro(-worker)?: cannot connect to MQTT broker mqtts?://qe@127\\.0\\.0\\.1:\\d+: .*"),
                            what + line);
                    assertTrue(java.util.regex.Pattern.compile(c[2]).matcher(line).find(), what + "says why: " + line);
                    assertFalse(line.contains(PASSWORD) || line.contains("Wrong-Zebra-99"), what + "no password: " + line);
                    assertTrue(e.seconds() < REFUSAL_LIMIT_SECONDS, what + e.seconds() + " s");
                });
            }
        }
        System.out.println("SecuredControlPlaneTest refusals:\n" + String.join("\n", report));
        checks.forEach(Runnable::run);
    }

    /** What TLS adds to a connection: the median connect time of N clients, plain vs TLS, both with the password. */
    @Test
    void tlsCostPerConnectionIsMeasured() throws Exception {
        int n = 15;
        BrokerUrl overTls = BrokerUrl.parse(tlsUrl(PASSWORD));
        BrokerUrl overPlain = BrokerUrl.parse("mqtt://" + USER + ":" + PASSWORD + "@127.0.0.1:" + plain.port());
        connectMicros(overTls, 3);   // warm up both paths (class loading, the JIT)
        connectMicros(overPlain, 3);
        long plainMedian = median(connectMicros(overPlain, n));
        long tlsMedian = median(connectMicros(overTls, n));
        System.out.printf("SecuredControlPlaneTest: connect (MQTT CONNECT with password, median of %d): plain %.2f ms,"
                + " TLS %.2f ms, TLS adds %.2f ms per connection%n", n, plainMedian / 1000.0, tlsMedian / 1000.0,
                (tlsMedian - plainMedian) / 1000.0);
        assertTrue(tlsMedian > 0 && plainMedian > 0);
    }

    private static long[] connectMicros(BrokerUrl url, int n) throws Exception {
        long[] micros = new long[n];
        for (int i = 0; i < n; i++) {
            long start = System.nanoTime();
            try (ControlClient c = new ControlClient(url).connect(Duration.ofSeconds(10))) {
                micros[i] = (System.nanoTime() - start) / 1000;
            }
        }
        return micros;
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private record Ended(int exitCode, String output, double seconds) {
    }

    /** Runs {@code maestro args...} as a process of its own, as the launcher does, and waits for it to end (bounded). */
    private static Ended maestro(String... args) throws Exception {
        long start = System.nanoTime();
        try (ChildJvm jvm = ChildJvm.start(LAUNCHER_LOG_LEVELS, MaestroMain.class, args)) {
            if (!jvm.process().waitFor(60, TimeUnit.SECONDS)) {
                throw new AssertionError("maestro " + String.join(" ", args) + " did not end within 60 s");
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            Thread.sleep(200);   // the output pump copies the last lines to the log
            String output = Files.exists(jvm.log()) ? Files.readString(jvm.log()) : "";
            return new Ended(jvm.process().exitValue(), output, seconds);
        }
    }
}
