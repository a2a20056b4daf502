package org.maestro.common.mqtt;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.common.note.Role;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.testing.EchoHandler;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.MosquittoBroker;
import org.maestro.common.testing.TestCertificates;
import org.maestro.common.util.LoopbackPorts;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** TLS (ssl:// URLs) and user/password against a real Mosquitto with a TLS listener and a password file. */
@Integration
class MqttSecurityTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static TestCertificates certificates;
    private static MosquittoBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        certificates = TestCertificates.create();
        broker = MosquittoBroker.launchSecured("qe", "s3cret", certificates);
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
        if (certificates != null) {
            certificates.close();
        }
    }

    private BrokerUrl url(String user, String password) {
        return BrokerUrl.parse("mqtts://" + user + ":" + password + "@127.0.0.1:" + broker.port()
                + "?truststore=" + certificates.trustStore() + "&truststore-password=" + certificates.trustStorePassword());
    }

    @Test
    void aPeerAndAClientTalkOverTlsWithCredentials() throws Exception {
        BrokerUrl url = url("qe", "s3cret");
        try (Peer peer = new Peer(Peer.identity("secure-1", Role.AGENT, ""), PeerConfig.of(url), new EchoHandler()).start();
             ControlClient client = new ControlClient(url).connect(TIMEOUT)) {
            assertEquals("secure-1", client.ping(Address.all(), Duration.ofSeconds(2)).get(0).peer().name());
            assertTrue(peer.isConnected());
        }
    }

    @Test
    void aWrongPasswordIsNamedAsSuch() {
        TransportException e = assertThrows(TransportException.class,
                () -> new ControlClient(url("qe", "wrong")).connect(TIMEOUT));
        assertTrue(e.getMessage().contains("not authorised") || e.getMessage().contains("bad user name or password"),
                e.getMessage());
        assertTrue(e.getMessage().contains("127.0.0.1:" + broker.port()), e.getMessage());
        assertTrue(!e.getMessage().contains("wrong"), "the password is not printed: " + e.getMessage());
    }

    @Test
    void anUntrustedCertificateIsATlsFailure() {
        BrokerUrl noTrust = BrokerUrl.parse("mqtts://qe:s3cret@127.0.0.1:" + broker.port());
        TransportException e = assertThrows(TransportException.class, () -> new ControlClient(noTrust).connect(TIMEOUT));
        assertTrue(e.getMessage().contains("SSL") || e.getMessage().contains("certif") || e.getMessage().contains("PKIX"),
                e.getMessage());
    }

    @Test
    void nobodyListeningIsConnectionRefused() {
        BrokerUrl nowhere = BrokerUrl.parse("mqtt://127.0.0.1:" + LoopbackPorts.free());
        TransportException e = assertThrows(TransportException.class, () -> new ControlClient(nowhere).connect(TIMEOUT));
        assertTrue(e.getMessage().contains("connection refused"), e.getMessage());
    }

    @Test
    void aMissingTrustStoreIsNamed() {
        BrokerUrl bad = BrokerUrl.parse("mqtts://127.0.0.1:" + broker.port() + "?truststore=/nonexistent/ca.p12");
        TransportException e = assertThrows(TransportException.class, () -> new ControlClient(bad).connect(TIMEOUT));
        assertTrue(e.getMessage().contains("/nonexistent/ca.p12"), e.getMessage());
    }
}
