package org.maestro.common.util;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        for (String text : new String[]{"amqp://h:5672/q", "amqp://user@h:5672", "mqtt://h:1883?truststore-password=x", "", "90s"}) {
            assertEquals(text, Passwords.redact(text));
        }
        assertEquals("", Passwords.redact(null));
    }
}
