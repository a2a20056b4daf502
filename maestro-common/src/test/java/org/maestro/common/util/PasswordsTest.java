package org.maestro.common.util;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.URISyntaxException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PasswordsTest {

    @Test
    void everyPasswordInTheTextIsReplaced() {
        assertEquals("http://admin:***@broker:8161/console/jolokia", Passwords.redact("http://admin:secret@broker:8161/console/jolokia"));
        assertEquals("cannot fetch https://u:***@git.lab/x.git (mirror amqp://guest:***@h:5672)",
                Passwords.redact("cannot fetch https://u:pw@git.lab/x.git (mirror amqp://guest:guest@h:5672)"));
        assertEquals("amqp://user:***@h", Passwords.redact("amqp://user:@h"));
    }

    @Test
    void textWithoutAPasswordIsLeftAlone() {
        for (String text : new String[]{"amqp://h:5672/q", "amqp://user@h:5672", "mqtt://h:1883?truststore=x", "", "90s",
                "amqp://h:5672/q?jms.prefetchPolicy.all=10&tokenizer=x"}) {
            assertEquals(text, Passwords.redact(text));
        }
        assertEquals("", Passwords.redact((String) null));
    }

    @Test
    void aPasswordHoldingAnAtSignOrASpaceIsHiddenWhole() {
        assertEquals("amqp://admin:***@host:5672/q", Passwords.redact("amqp://admin:S3cr3t@Zebra-42@host:5672/q"));
        assertEquals("amqp://admin:***@host:5672/q?bogus=1", Passwords.redact("amqp://admin:S3cr3t Zebra-42@host:5672/q?bogus=1"));
        assertEquals("amqp://:***@host", Passwords.redact("amqp://:S3cr3t-Zebra-42@host"));
    }

    @Test
    void secretQueryOptionsAreHidden() {
        String[] names = {"password", "jms.password", "amqp.saslPassword", "truststore.password", "keystore.password",
                "truststore-password", "token", "transport.trustStorePassword", "client_secret"};
        for (String name : names) {
            String redacted = Passwords.redact("amqps://h:5671/q?type=queue&" + name + "=S3cr3t-Zebra-42&durable=true");
            assertEquals("amqps://h:5671/q?type=queue&" + name + "=***&durable=true", redacted, name);
        }
        assertEquals("mqtts://h?truststore=/ca.p12&truststore-password=***",
                Passwords.redact("mqtts://h?truststore=/ca.p12&truststore-password=changeit"));
    }

    @Test
    void aParsedUrlLosesExactlyItsPassword() throws URISyntaxException {
        assertEquals("amqp://admin:***@h:5672/q?jms.password=***",
                Passwords.redact(new URI("amqp://admin:S3cr3t%40Zebra-42@h:5672/q?jms.password=S3cr3t-Zebra-42")));
        assertEquals("amqp://admin@h:5672/q", Passwords.redact(new URI("amqp://admin@h:5672/q")));
    }

    @Test
    void theReasonAJdkParseFailedLeavesTheUrlOut() {
        URISyntaxException e = assertThrows(URISyntaxException.class, () -> new URI("amqp://admin:S3cr3t Zebra-42@h/q"));
        assertTrue(e.getMessage().contains("S3cr3t"), "the JDK's message repeats the input: that is why reason() exists");
        String reason = Passwords.reason(e);
        assertFalse(reason.contains("S3cr3t"), reason);
        assertTrue(reason.startsWith("Illegal character") && reason.contains("at index"), reason);
    }
}
