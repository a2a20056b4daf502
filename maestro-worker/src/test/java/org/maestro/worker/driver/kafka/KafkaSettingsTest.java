package org.maestro.worker.driver.kafka;

import org.junit.jupiter.api.Test;
import org.maestro.common.runfiles.DeliveryMode;
import org.maestro.worker.driver.SutUrl;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** kafka:// URLs as SET parses them: what each option becomes, and each bad one refused with its name. */
class KafkaSettingsTest {

    @Test
    void optionsBecomeTheClientsSettings() {
        SutUrl url = SutUrl.parse("kafka://broker.lab/orders?acks=1&linger.ms=5&batch.size=65536&compression.type=zstd"
                + "&group.id=qe&partitions=6");
        assertEquals("kafka://broker.lab:9092/orders", url.toString(), "Kafka's port unless the URL gives one");
        KafkaSettings s = KafkaSettings.of(url);
        assertEquals(new KafkaSettings("1", 5, 65536, "zstd", "qe", 6), s);
        assertFalse(url.topic() || url.failover());
        assertEquals("qe", s.groupOf(url, "receiver-1-0"), "a queue: every connection in the one group");
    }

    @Test
    void withoutOptionsTheClientsDefaultsStand() {
        SutUrl url = SutUrl.parse("kafka://127.0.0.1:19092/t?type=topic");
        KafkaSettings s = KafkaSettings.of(url);
        assertNull(s.acks());
        assertNull(s.lingerMs());
        assertNull(s.batchSize());
        assertNull(s.compression());
        assertEquals(1, s.partitions());
        assertTrue(url.topic());
        assertEquals("maestro.receiver-1-0", s.groupOf(url, "receiver-1-0"), "a topic: a group per connection");
    }

    /**
     * acks=0 is fire-and-forget: the broker answers nothing and the client completes each send once it left, so the
     * sender's figures must not call its messages acknowledged (delivery.json, the summary's delivery parameter).
     */
    @Test
    void acksZeroIsPresettledAndTheOthersSettled() {
        assertEquals(DeliveryMode.PRESETTLED, SutUrl.parse("kafka://h/t?acks=0").delivery());
        assertTrue(SutUrl.parse("kafka://h/t?acks=0").presettled());
        for (String settled : List.of("kafka://h/t?acks=1", "kafka://h/t?acks=all", "kafka://h/t?acks=-1", "kafka://h/t")) {
            assertEquals(DeliveryMode.SETTLED, SutUrl.parse(settled).delivery(), settled);
        }
    }

    @Test
    void aBadOptionIsRefusedNamingIt() {
        refused("kafka://h/t?acks=all&lingr.ms=5", "bad SUT URL 'kafka://h/t?acks=all&lingr.ms=5': unknown option 'lingr.ms'"
                + " (kafka:// takes acks, linger.ms, batch.size, compression.type, group.id, partitions, type)");
        refused("kafka://h/t?jms.prefetchPolicy.all=1", "unknown option 'jms.prefetchPolicy.all'");
        refused("kafka://h/t?acks=2", "acks must be 0, 1 or all, not '2'");
        refused("kafka://h/t?linger.ms=-1", "linger.ms must be a whole number of at least 0, not '-1'");
        refused("kafka://h/t?batch.size=big", "batch.size must be a whole number of at least 0, not 'big'");
        refused("kafka://h/t?partitions=0", "partitions must be a whole number of at least 1, not '0'");
        refused("kafka://h/t?compression.type=brotli", "compression.type must be one of none, gzip, snappy, lz4, zstd, not 'brotli'");
        refused("kafka://h/t?group.id=", "group.id is empty");
        refused("kafka://h/t?type=stream", "type must be queue or topic, not 'stream'");
        refused("kafka://h:9092", "no destination");
    }

    @Test
    void credentialsAreRefusedAndTheirPasswordIsNotRepeated() {
        String message = assertThrows(IllegalArgumentException.class,
                () -> SutUrl.parse("kafka://qe:S3cr3t-Zebra-42@h/t")).getMessage();
        assertTrue(message.contains("kafka:// takes no user or password"), message);
        assertFalse(message.contains("S3cr3t"), message);
    }

    private static void refused(String url, String expected) {
        String message = assertThrows(IllegalArgumentException.class, () -> SutUrl.parse(url), url).getMessage();
        assertTrue(message.contains(expected), message);
    }
}
