package org.maestro.worker.driver;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A malformed SUT URL is refused with a message that says what is wrong and never repeats the password. */
class SutUrlSecretsTest {

    /** {URL, what the message must name}. */
    private static final String[][] BAD = {
            {"amqp://admin:S3cr3t-Zebra-42@broker.lab:5672/q?bogus=1", "unknown option 'bogus'"},
            {"amqp://admin:S3cr3t@Zebra-42@broker.lab:5672/q?bogus=1", "bad SUT URL"},
            {"amqp://admin:S3cr3t Zebra-42@broker.lab:5672/q", "Illegal character"},
            {"amqp://admin:S3cr3t-Zebra-42@broker.lab:5672/q?type=stream", "type must be queue or topic"},
            {"amqp://admin:S3cr3t-Zebra-42@broker.lab:5672/q?durable=maybe", "durable must be true or false"},
            {"amqp://admin:S3cr3t-Zebra-42@broker.lab:5672", "no destination"},
            {"http://admin:S3cr3t-Zebra-42@broker.lab:5672/q", "scheme must be one of amqp://"},
            {"amqp://broker.lab:5672/q?jms.password=S3cr3t-Zebra-42&bogus=1", "unknown option 'bogus'"},
            {"amqp://broker.lab:5672/q?amqp.saslPassword=S3cr3t-Zebra-42&x=1", "unknown option 'x'"},
            {"amqps://broker.lab:5671/q?transport.trustStorePassword=S3cr3t-Zebra-42&transport.keyStorePassword=S3cr3t-Zebra-42&token=S3cr3t-Zebra-42",
                    "unknown option 'token'"},
    };

    @Test
    void noMessageRepeatsThePassword() {
        for (String[] bad : BAD) {
            String message = assertThrows(IllegalArgumentException.class, () -> SutUrl.parse(bad[0]), bad[0]).getMessage();
            assertFalse(message.contains("S3cr3t") || message.contains("Zebra"), message);
            assertTrue(message.contains(bad[1]), bad[1] + " in: " + message);
        }
    }

    @Test
    void theUrlIsStillShownWithoutItsPassword() {
        String message = assertThrows(IllegalArgumentException.class,
                () -> SutUrl.parse("amqp://admin:S3cr3t-Zebra-42@broker.lab:5672/q?bogus=1")).getMessage();
        assertTrue(message.startsWith("bad SUT URL 'amqp://admin:***@broker.lab:5672/q?bogus=1': unknown option 'bogus'"), message);
    }

    @Test
    void controlCharactersInAnOptionAreEscaped() {
        String message = assertThrows(IllegalArgumentException.class,
                () -> SutUrl.parse("amqp://h:5672/q?x%0A%1B%5B31mFORGED=1")).getMessage();
        assertFalse(message.contains("\n") || message.contains("\u001b"), message);
        assertTrue(message.contains("x\\n\\u001b[31mFORGED"), message);
    }
}
