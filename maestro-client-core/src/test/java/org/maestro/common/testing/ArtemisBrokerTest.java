package org.maestro.common.testing;

import org.maestro.common.util.LoopbackPorts;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The standalone Artemis broker fixture: start, serve AMQP and Jolokia, restart and kill on the same ports, stop. */
@Integration
class ArtemisBrokerTest {

    /** The AMQP 1.0 SASL protocol header; a broker that requires login answers with the same header. */
    private static final byte[] AMQP_SASL_HEADER = {'A', 'M', 'Q', 'P', 3, 1, 0, 0};

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void startsRestartsKillsAndStopsOnTheSamePorts() throws Exception {
        Path instance;
        int amqpPort;
        int webPort;
        try (ArtemisBroker broker = ArtemisBroker.fromSystemProperties()) {
            instance = broker.instanceDirectory();
            amqpPort = broker.amqpPort();
            webPort = broker.webPort();
            assertEquals("amqp://127.0.0.1:" + amqpPort, broker.amqpUrl());
            assertEquals("http://127.0.0.1:" + webPort + "/console/jolokia", broker.jolokiaUrl());
            assertEquals("amqp://admin:admin@127.0.0.1:" + amqpPort + "/a.topic?type=topic", broker.amqpUrl("a.topic?type=topic"));
            assertEquals("http://qe:pw@127.0.0.1:" + webPort + "/console/jolokia", broker.jolokiaUrl("qe", "pw"));

            broker.start();
            assertTrue(broker.isRunning());
            assertServesAmqp(broker);
            assertJolokiaAnswers(broker);

            broker.restart();
            assertEquals(amqpPort, broker.amqpPort());
            assertEquals(webPort, broker.webPort());
            assertServesAmqp(broker);
            assertJolokiaAnswers(broker);

            broker.kill();
            assertFalse(broker.isRunning());
            assertTrue(LoopbackPorts.isFree(amqpPort), "acceptor port " + amqpPort + " still taken after SIGKILL");
            broker.start();
            assertServesAmqp(broker);

            broker.stop();
            assertFalse(broker.isRunning());
            assertTrue(LoopbackPorts.isFree(amqpPort), "acceptor port " + amqpPort + " still taken after stop");
            assertTrue(LoopbackPorts.isFree(webPort), "web port " + webPort + " still taken after stop");
            assertTrue(Files.readString(broker.logFile()).contains("AMQ221020"), "the log holds the broker's output");
        }
        assertFalse(Files.exists(instance), "close() deletes the instance " + instance);
    }

    @Test
    void brokerThatCannotBindItsWebPortFailsToStartWithItsLog() throws Exception {
        try (ArtemisBroker broker = ArtemisBroker.fromSystemProperties();
             ServerSocket squatter = new ServerSocket()) {
            squatter.bind(new InetSocketAddress("127.0.0.1", broker.webPort()));
            IOException e = assertThrows(IOException.class, () -> broker.start(Duration.ofSeconds(20)));
            // Artemis 2.44 exits when its web server cannot bind; a broker that kept running would be killed at the timeout.
            assertTrue(e.getMessage().contains("exited with status") || e.getMessage().contains("killed it"), e.getMessage());
            assertTrue(e.getMessage().contains("; last lines of " + broker.logFile() + ":"), e.getMessage());
            assertTrue(e.getMessage().contains("Address already in use"), e.getMessage());
            assertFalse(broker.isRunning());
        }
    }

    @Test
    void strangerOnTheAcceptorPortIsNotMistakenForTheBroker() throws Exception {
        try (ArtemisBroker broker = ArtemisBroker.fromSystemProperties();
             ServerSocket squatter = new ServerSocket()) {
            squatter.bind(new InetSocketAddress("127.0.0.1", broker.amqpPort()));
            IOException e = assertThrows(IOException.class, () -> broker.start(Duration.ofSeconds(15)));
            assertTrue(e.getMessage().contains("exited with status") || e.getMessage().contains("within 15 s; killed it"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("; last lines of " + broker.logFile() + ":"), e.getMessage());
            assertFalse(broker.isRunning());
        }
    }

    @Test
    void missingOrWrongHomePropertyIsExplained(@TempDir Path empty) {
        IllegalStateException missing = assertThrows(IllegalStateException.class, () -> ArtemisBroker.homeFrom(null));
        assertTrue(missing.getMessage().contains(ArtemisBroker.HOME_PROPERTY + " (the unpacked standalone Artemis"
                + " distribution) is not set"), missing.getMessage());
        assertTrue(missing.getMessage().contains("unpack-artemis"), missing.getMessage());

        IllegalStateException wrong = assertThrows(IllegalStateException.class, () -> ArtemisBroker.homeFrom(empty.toString()));
        assertTrue(wrong.getMessage().contains(empty + ", which holds no bin/artemis"), wrong.getMessage());
    }

    @Test
    void freePortsAreDistinctAndBindable() {
        int[] ports = LoopbackPorts.free(5);
        assertEquals(5, java.util.Arrays.stream(ports).distinct().count());
        for (int port : ports) {
            assertTrue(LoopbackPorts.isFree(port), "port " + port);
        }
        assertTrue(LoopbackPorts.free() > 0);
    }

    /** Sends the AMQP SASL header; Artemis answers with its own, so the port speaks AMQP. */
    private static void assertServesAmqp(ArtemisBroker broker) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", broker.amqpPort()), 5_000);
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(AMQP_SASL_HEADER);
            out.flush();
            InputStream in = socket.getInputStream();
            assertArrayEquals(AMQP_SASL_HEADER, in.readNBytes(8), "AMQP protocol header from " + broker.amqpUrl());
        }
    }

    private void assertJolokiaAnswers(ArtemisBroker broker) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(broker.jolokiaUrl() + "/read/java.lang:type=Memory/HeapMemoryUsage"))
                .timeout(Duration.ofSeconds(10))
                .header("Authorization", ArtemisBroker.basicAuthorization())
                .header("Origin", ArtemisBroker.JOLOKIA_ORIGIN)
                .GET()
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.body().contains("\"used\""), response.body());
        assertTrue(response.body().contains("\"status\":200"), response.body());
    }
}
