package org.maestro.inspector;

import org.maestro.inspector.amqp.ManagementUrl;
import org.maestro.inspector.jolokia.JolokiaEndpoint;
import org.junit.jupiter.api.Test;

import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A malformed management URL is refused with a message that says what is wrong and never repeats the password. */
class UrlSecretsTest {

    @Test
    void aBadManagementUrlNeverRepeatsThePassword() {
        refused(ManagementUrl::parse, "amqp://admin:S3cr3t-Zebra-42@h:5672?bogus=1", "unknown option 'bogus'");
        refused(ManagementUrl::parse, "amqp://admin:S3cr3t@Zebra-42@h:5672?bogus=1", "bad AMQP management URL");
        refused(ManagementUrl::parse, "amqp://admin:S3cr3t Zebra-42@h:5672", "Illegal character");
        refused(ManagementUrl::parse, "http://admin:S3cr3t-Zebra-42@h:5672", "scheme must be amqp://");
        refused(ManagementUrl::parse, "amqp://h:5672?jms.password=S3cr3t-Zebra-42&bogus=1", "unknown option 'bogus'");
    }

    @Test
    void aBadJolokiaUrlNeverRepeatsThePassword() {
        refused(JolokiaEndpoint::parse, "http://admin:S3cr3t-Zebra-42@h:8161/console/jolokia?bogus=1", "unknown option 'bogus'");
        refused(JolokiaEndpoint::parse, "http://admin:S3cr3t@Zebra-42@h:8161/j?bogus=1", "bad Jolokia URL");
        refused(JolokiaEndpoint::parse, "http://admin:S3cr3t Zebra-42@h:8161/j", "Illegal character");
        refused(JolokiaEndpoint::parse, "amqp://admin:S3cr3t-Zebra-42@h:5672", "scheme must be http://");
        refused(JolokiaEndpoint::parse, "http://h:8161/j?token=S3cr3t-Zebra-42", "unknown option 'token'");
    }

    private static void refused(Consumer<String> parser, String url, String named) {
        String message = assertThrows(IllegalArgumentException.class, () -> parser.accept(url), url).getMessage();
        assertFalse(message.contains("S3cr3t") || message.contains("Zebra"), message);
        assertTrue(message.contains(named), named + " in: " + message);
    }
}
