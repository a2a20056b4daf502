package org.maestro.common.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;

class SystemInfoTest {
    @Test
    void versionsAreReadNotMadeUp() {
        assertTrue(SystemInfo.maestroVersion().matches("\\d+\\.\\d+\\.\\d+.*"), "the build's version: " + SystemInfo.maestroVersion());
        // Paho's jar carries its version only in Maven's pom.properties, HdrHistogram's in the manifest or there.
        String paho = SystemInfo.version(org.eclipse.paho.client.mqttv3.MqttClient.class);
        assertTrue(paho.matches("\\d+\\.\\d+\\.\\d+.*"), "Paho's version from its jar: " + paho);
        assertEquals("unknown", SystemInfo.version(SystemInfoTest.class), "a class from a directory has no version");
    }

    @Test
    void describesTheMachine() {
        Map<String, Object> d = SystemInfo.describe(new PeerInfo("id-1", "sender-1", "lab-7", Role.SENDER, ""));
        assertEquals("lab-7", d.get("host"));
        assertEquals(Runtime.getRuntime().availableProcessors(), d.get("cpus"));
        assertTrue(String.valueOf(d.get("jvm")).contains(System.getProperty("java.runtime.version")));
    }
}
