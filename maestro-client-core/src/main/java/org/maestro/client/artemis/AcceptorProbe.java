package org.maestro.client.artemis;

import org.maestro.common.util.LoopbackPorts;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Whether a broker instance serves: its acceptor takes a TCP connection and Jolokia, asked with authentication,
 * says that acceptor is started (so a stranger that took the port does not pass for the broker).
 */
final class AcceptorProbe {

    private final Path instance;
    private final int amqpPort;
    private final int webPort;
    private final String jolokiaUrl;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    AcceptorProbe(Path instance, int amqpPort, int webPort, String jolokiaUrl) {
        this.instance = instance;
        this.amqpPort = amqpPort;
        this.webPort = webPort;
        this.jolokiaUrl = jolokiaUrl;
    }

    /** Where the broker is asked, for error messages. */
    String where() {
        return "127.0.0.1:" + amqpPort + " (acceptor) and 127.0.0.1:" + webPort + " (Jolokia)";
    }

    /**
     * Whether the acceptor accepts a TCP connection and Jolokia, asked with authentication, says that
     * this broker's acceptor is started (so a stranger that took the port does not pass for the broker).
     */
    boolean accepts() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(LoopbackPorts.IPV4, amqpPort), 1000);
        } catch (IOException e) {
            return false;
        }
        return acceptorStarted();
    }

    /** See {@link StandaloneArtemis#acceptorStarted()}. */
    boolean acceptorStarted() {
        String read = "{\"type\":\"read\",\"mbean\":\"org.apache.activemq.artemis:broker=\\\"" + StandaloneArtemis.BROKER_NAME
                + "\\\",component=acceptors,name=\\\"artemis\\\"\",\"attribute\":\"Started\"}";
        HttpRequest request = HttpRequest.newBuilder(URI.create(jolokiaUrl))
                .timeout(Duration.ofSeconds(5))
                .header("Authorization", StandaloneArtemis.basicAuthorization())
                .header("Origin", StandaloneArtemis.JOLOKIA_ORIGIN)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(read))
                .build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            String body = response.body().replace(" ", "");
            return response.statusCode() == 200 && body.contains("\"status\":200") && body.contains("\"value\":true");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking Jolokia whether Artemis broker " + instance + " accepts connections", e);
        }
    }
}
