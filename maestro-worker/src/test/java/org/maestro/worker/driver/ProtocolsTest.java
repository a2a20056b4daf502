package org.maestro.worker.driver;

import jakarta.jms.JMSException;
import org.junit.jupiter.api.Test;
import org.maestro.worker.driver.jms.JmsDriverAccess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The scheme table, each protocol's default port and client URL, and the options each refuses at SET. */
class ProtocolsTest {

    @Test
    void eachSchemeHasItsClientAndDefaultPort() {
        assertEquals(5672, SutUrl.parse("amqp://h/q").port());
        assertEquals(5671, SutUrl.parse("amqps://h/q").port());
        assertEquals(61616, SutUrl.parse("core://h/q").port());
        assertEquals(61616, SutUrl.parse("openwire://h/q").port());
        assertEquals(61616, SutUrl.parse("TCP://h/q").port());
        assertEquals(9092, SutUrl.parse("kafka://h/t").port());
        assertEquals(1883, SutUrl.parse("mqtt://h/t").port());
        assertEquals(8883, SutUrl.parse("mqtts://h/t").port());
        assertTrue(Protocols.of("kafka").ownClient(), "kafka:// is Kafka's own client, not JMS");
        assertTrue(Protocols.of("mqtt").ownClient(), "mqtt:// is Paho's client, not JMS");
        assertSame(Protocols.of("mqtt").own(), Protocols.of("mqtts").own());
        assertTrue(Protocols.of("mqtt").own().description().startsWith("paho-mqtt "), Protocols.of("mqtt").own().description());
        assertSame(Protocols.of("amqp").client(), Protocols.of("amqps").client());
        assertSame(Protocols.of("openwire").client(), Protocols.of("tcp").client());
        assertTrue(Protocols.of("core").client().description().startsWith("artemis-jakarta-client "));
        assertTrue(Protocols.of("tcp").client().description().startsWith("activemq-client "));
        assertTrue(Protocols.of("amqp").client().description().startsWith("qpid-jms "));
        assertNull(Protocols.of("stomp"));
        assertEquals("bad SUT URL 'stomp://h:61613/q': scheme must be one of amqp://, amqps://, core://, openwire://, tcp://, kafka://,"
                        + " mqtt://, mqtts://",
                assertThrows(IllegalArgumentException.class, () -> SutUrl.parse("stomp://h:61613/q")).getMessage());
    }

    @Test
    void theDestinationSyntaxIsTheSameInEveryProtocol() {
        for (String scheme : new String[]{"amqp", "core", "openwire"}) {
            SutUrl u = SutUrl.parse(scheme + "://qe:s%40cret@broker:61617/orders?type=topic&durable=true&persistent=true");
            assertEquals("orders", u.destination());
            assertTrue(u.topic() && u.durable() && u.persistent(), scheme);
            assertEquals(scheme + "://qe@broker:61617/orders (topic)", u.toString(), "no password when printed");
        }
    }

    @Test
    void coreOptionsGoToArtemisWithoutTheirPrefix() {
        SutUrl u = SutUrl.parse("core://h:61617/q?jms.consumerWindowSize=0&transport.tcpNoDelay=false");
        assertEquals("tcp://h:61617?confirmationWindowSize=1048576&consumerWindowSize=0&tcpNoDelay=false", JmsDriverAccess.uri(u));
        SutUrl f = SutUrl.parse("core://h/q?failover=true&jms.retryInterval=250&jms.confirmationWindowSize=65536");
        assertEquals("tcp://h:61616?confirmationWindowSize=65536&maxRetryInterval=1000&reconnectAttempts=-1&retryInterval=250",
                JmsDriverAccess.uri(f));
    }

    @Test
    void aReceiverFetchesNoMoreAheadThanItsBoundWhereTheClientCountsMessages() {
        // qpid-jms and the ActiveMQ client fetch a thousand ahead (an ActiveMQ topic 32766, a durable one 100).
        assertEquals("amqp://h:5672?amqp.maxFrameSize=65536&jms.prefetchPolicy.all=1",
                JmsDriverAccess.uri(Protocols.receiving(SutUrl.parse("amqp://h/q"), 1)));
        SutUrl small = SutUrl.parse("amqp://h/q");
        assertSame(small, Protocols.receiving(small, 1000), "no fewer than the client's own: unchanged");
        assertEquals("tcp://h:61616?jms.prefetchPolicy.all=64",
                JmsDriverAccess.uri(Protocols.receiving(SutUrl.parse("openwire://h/q"), 64)));
        assertEquals("tcp://h:61616?jms.prefetchPolicy.all=1024",
                JmsDriverAccess.uri(Protocols.receiving(SutUrl.parse("openwire://h/t?type=topic"), 1024)));
        SutUrl durable = SutUrl.parse("openwire://h/t?type=topic&durable=true");
        assertSame(durable, Protocols.receiving(durable, 1024));
        SutUrl own = SutUrl.parse("amqp://h/q?jms.prefetchPolicy.queuePrefetch=500");
        assertSame(own, Protocols.receiving(own, 1), "the URL's own prefetch wins");
        // Artemis core's window is in bytes already (consumerWindowSize); Kafka's fetches too (fetch.max.bytes).
        SutUrl core = SutUrl.parse("core://h/q");
        assertSame(core, Protocols.receiving(core, 1));
        SutUrl kafka = SutUrl.parse("kafka://h/t");
        assertSame(kafka, Protocols.receiving(kafka, 1));
    }

    @Test
    void onlyArtemisReportsASuccessfulReconnectionToTheExceptionListener() {
        SutUrl core = SutUrl.parse("core://h/q?failover=true");
        assertFalse(JmsDriverAccess.lost(core, new JMSException("AMQ219015: server shutdown", "FAILOVER")));
        assertTrue(JmsDriverAccess.lost(core, new JMSException("AMQ219015: server shutdown", "DISCONNECT")));
        assertTrue(JmsDriverAccess.lost(SutUrl.parse("amqp://h/q"), new JMSException("gone", "FAILOVER")));
        assertTrue(JmsDriverAccess.lost(SutUrl.parse("openwire://h/q"), new JMSException("gone")));
    }

    @Test
    void coreRefusesNamesArtemisDoesNotKnowSinceArtemisWouldIgnoreThem() {
        for (String bad : new String[]{"jms.consumerWindowSise=0", "transport.tcpNoDelai=true", "consumerWindowSize=0",
                "amqp.idleTimeout=1"}) {
            String key = bad.substring(0, bad.indexOf('='));
            String message = assertThrows(IllegalArgumentException.class, () -> SutUrl.parse("core://h/q?" + bad)).getMessage();
            assertTrue(message.startsWith("bad SUT URL 'core://h/q?" + bad + "': unknown option '" + key + "'"), message);
            assertTrue(message.contains("jms.<connection factory property>"), message);
        }
    }

    @Test
    void openWireOptionsGoToActiveMqAndFailoverWrapsTheTcpAddress() {
        SutUrl u = SutUrl.parse("openwire://h/q?jms.prefetchPolicy.all=10&transport.connectionTimeout=5000&wireFormat.tightEncodingEnabled=false");
        assertEquals("tcp://h:61616?connectionTimeout=5000&jms.prefetchPolicy.all=10&wireFormat.tightEncodingEnabled=false",
                JmsDriverAccess.uri(u));
        SutUrl f = SutUrl.parse("tcp://h:61617/q?failover=true&failover.initialReconnectDelay=100&socket.tcpNoDelay=true&jms.clientID=x");
        assertEquals("failover:(tcp://h:61617?socket.tcpNoDelay=true)?initialReconnectDelay=100&jms.clientID=x"
                + "&maxReconnectDelay=1000&startupMaxReconnectAttempts=1", JmsDriverAccess.uri(f));
        String message = assertThrows(IllegalArgumentException.class,
                () -> SutUrl.parse("openwire://h/q?amqp.idleTimeout=1")).getMessage();
        assertTrue(message.contains("unknown option 'amqp.idleTimeout'") && message.contains("OpenWire options start with"), message);
    }

    @Test
    void aRefusalNeverRepeatsThePassword() {
        String message = assertThrows(IllegalArgumentException.class,
                () -> SutUrl.parse("core://admin:S3cr3t-Zebra@h/q?jms.password=S3cr3t-Zebra&bogus=1")).getMessage();
        assertTrue(message.contains("unknown option 'bogus'") && !message.contains("S3cr3t"), message);
    }
}
