package org.maestro.worker.driver.mqtt;

import org.junit.jupiter.api.Test;
import org.maestro.common.runfiles.DeliveryMode;
import org.maestro.worker.driver.SutUrl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The mqtt:// and mqtts:// options: defaults, what each does to topic, filter and delivery, and refusals naming the option. */
class MqttSettingsTest {

    @Test
    void defaultsAreMqtt5AtQos1ToASharedSubscription() {
        SutUrl url = SutUrl.parse("mqtt://qe:s%40cret@broker:1884/sensors/temp");
        MqttSettings s = MqttSettings.of(url);
        assertEquals(1, s.qos());
        assertEquals(MqttSettings.Version.V5, s.version());
        assertFalse(s.retain());
        assertEquals("sensors/temp", s.topic());
        assertEquals("$share/maestro/sensors/temp", s.filter(), "type=queue (the default): the receivers split the stream");
        assertFalse(url.topic() || url.durable());
        assertEquals(DeliveryMode.SETTLED, url.delivery());
        assertEquals("qe", url.username());
        assertEquals("s@cret", url.password());
        assertEquals(1884, url.port());
        assertFalse(url.toString().contains("s@cret"), url.toString());
    }

    @Test
    void optionsSetQosVersionRetainTopicAndSession() {
        SutUrl url = SutUrl.parse("mqtts://h/t?qos=0&version=3.1.1&retain=true&type=topic&durable=true"
                + "&transport.trustStoreLocation=/ca.p12&transport.trustStorePassword=pw");
        MqttSettings s = MqttSettings.of(url);
        assertEquals(0, s.qos());
        assertEquals(MqttSettings.Version.V3_1_1, s.version());
        assertTrue(s.retain());
        assertEquals("t", s.filter(), "type=topic: each receiving connection gets every message");
        assertTrue(url.topic() && url.durable());
        assertEquals(DeliveryMode.PRESETTLED, url.delivery(), "QoS 0: the broker acknowledges nothing");
        assertEquals(new MqttSettings.Tls("/ca.p12", "pw", "", ""), s.tls());
        assertEquals(8883, url.port());
        assertEquals(DeliveryMode.SETTLED, SutUrl.parse("mqtt://h/t?qos=2").delivery());
    }

    @Test
    void aSharedDestinationNamesItsGroupAndSendersPublishToItsTopic() {
        SutUrl url = SutUrl.parse("mqtt://h/$share/workers/jobs/in");
        MqttSettings s = MqttSettings.of(url);
        assertEquals("jobs/in", s.topic());
        assertEquals("$share/workers/jobs/in", s.filter());
        assertFalse(url.topic(), "a shared subscription is a queue: the receivers' sequences are shared");
    }

    @Test
    void badOptionsAreRefusedNamingThem() {
        assertRefused("mqtt://h/t?qos=3", "qos must be 0, 1 or 2, not '3'");
        assertRefused("mqtt://h/t?version=4", "version must be 5 or 3.1.1, not '4'");
        assertRefused("mqtt://h/t?retain=yes", "retain must be true or false, not 'yes'");
        assertRefused("mqtt://h/t?qso=1", "unknown option 'qso' (mqtt:// takes qos, version, retain, type");
        assertRefused("mqtt://h/t?persistent=true", "unknown option 'persistent'");
        assertRefused("mqtt://h/$share/g/t?type=topic", "type=topic contradicts");
        assertRefused("mqtt://h/$share/g", "a shared subscription is $share/GROUP/TOPIC");
        assertRefused("mqtt://h/a/%23", "has a wildcard");
    }

    private static void assertRefused(String url, String reason) {
        String message = assertThrows(IllegalArgumentException.class, () -> SutUrl.parse(url)).getMessage();
        assertTrue(message.startsWith("bad SUT URL '") && message.contains(reason), message);
    }
}
