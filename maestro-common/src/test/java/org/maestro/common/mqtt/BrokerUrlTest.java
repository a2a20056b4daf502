package org.maestro.common.mqtt;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BrokerUrlTest {

    @Test
    void plainUrlsWithDefaultsAndCredentials() {
        BrokerUrl u = BrokerUrl.parse("mqtt://broker.lab");
        assertEquals("tcp://broker.lab:1883", u.pahoUri());
        BrokerUrl c = BrokerUrl.parse("tcp://qe%40lab:p%3Ass@10.0.0.5:1884");
        assertEquals("qe@lab", c.username());
        assertEquals("p:ss", c.password());
        assertEquals(1884, c.port());
        assertEquals("mqtt://qe@lab@10.0.0.5:1884", c.toString(), "no password when printed");
    }

    @Test
    void tlsUrls() {
        BrokerUrl u = BrokerUrl.parse("mqtts://broker.lab?truststore=/etc/ca.p12&truststore-password=secret");
        assertTrue(u.tls());
        assertEquals("ssl://broker.lab:8883", u.pahoUri());
        assertEquals("/etc/ca.p12", u.trustStore());
        assertEquals("secret", u.trustStorePassword());
        assertEquals("ssl://[::1]:8883", BrokerUrl.parse("ssl://[::1]:8883").pahoUri());
    }

    @Test
    void badUrlsSayWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BrokerUrl.parse("http://x:1"))
                .getMessage().contains("scheme must be mqtt://"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BrokerUrl.parse("mqtt://:1883"))
                .getMessage().contains("no host"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BrokerUrl.parse("mqtt://h?colour=red"))
                .getMessage().contains("unknown option(s) [colour]"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BrokerUrl.parse(""))
                .getMessage().contains("no MQTT broker URL"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BrokerUrl.parse("mqtt://h h"))
                .getMessage().contains("bad MQTT broker URL 'mqtt://h h'"));
    }

    @Test
    void noMessageRepeatsThePassword() {
        String[] bad = {
                "mqtt://admin:S3cr3t-Zebra-42@broker.lab:1883?bogus=1",
                "mqtts://admin:S3cr3t-Zebra-42@broker.lab:8883?truststore",
                "mqtts://admin:S3cr3t-Zebra-42@broker.lab:8883?truststore=/ca.p12&truststore-password=S3cr3t-Zebra-42&x=1",
                "mqtt://admin:S3cr3t@Zebra-42@broker.lab:1883?bogus=1",
                "mqtt://admin:S3cr3t Zebra-42@broker.lab:1883",
                "mqtt://admin:S3cr3t-Zebra-42@/",
                "http://admin:S3cr3t-Zebra-42@broker.lab:1883",
        };
        for (String url : bad) {
            String message = assertThrows(IllegalArgumentException.class, () -> BrokerUrl.parse(url)).getMessage();
            assertFalse(message.contains("S3cr3t") || message.contains("Zebra"), message);
            assertTrue(message.startsWith("bad MQTT broker URL '"), message);
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BrokerUrl.parse(bad[0])).getMessage()
                .contains("unknown option(s) [bogus]"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BrokerUrl.parse(bad[1])).getMessage()
                .contains("option 'truststore' has no value"));
    }
}
