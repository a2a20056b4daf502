package org.maestro.common.peer;

import org.maestro.common.mqtt.BrokerUrl;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DataAddressTest {
    private static final BrokerUrl LOOPBACK_BROKER = BrokerUrl.parse("mqtt://127.0.0.1:1883");

    @Test
    void aGivenAddressWinsOverWhereTheServerListens() {
        assertEquals("peer-1.lab", DataAddress.advertised(" peer-1.lab ", "0.0.0.0", LOOPBACK_BROKER));
        assertEquals("10.9.0.7", DataAddress.advertised("10.9.0.7", "127.0.0.1", LOOPBACK_BROKER));
    }

    @Test
    void aSpecificListenAddressIsAdvertisedAsItIs() {
        assertEquals("127.0.0.1", DataAddress.advertised(null, "127.0.0.1", LOOPBACK_BROKER));
        assertEquals("192.0.2.4", DataAddress.advertised("", "192.0.2.4", LOOPBACK_BROKER));
    }

    @Test
    void listeningEverywhereAdvertisesTheRouteTowardTheBrokerUnlessItIsLoopback() {
        assertEquals("10.77.0.3", DataAddress.choose("10.77.0.3", "host-a"));
        assertEquals("host-a", DataAddress.choose("127.0.0.1", "host-a"));
        assertEquals("host-a", DataAddress.choose("::1", "host-a"));
        assertEquals("host-a", DataAddress.choose(null, "host-a"));
    }
}
