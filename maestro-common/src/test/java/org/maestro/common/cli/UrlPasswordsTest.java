package org.maestro.common.cli;

import org.junit.jupiter.api.Test;
import org.maestro.common.mqtt.BrokerUrl;

import java.net.URI;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The passwords the launcher moves out of URL options, and how the client takes them back. */
class UrlPasswordsTest {
    @Test
    void eachOptionsVariableFollowsOneRuleAndTheBrokersIsTheOneBrokerOptionReads() {
        assertEquals(BrokerOption.PASSWORD_ENV, UrlPasswords.variable("--broker"));
        assertEquals("MAESTRO_URL_PASSWORD", UrlPasswords.variable("--url"));
        assertEquals("MAESTRO_SOURCE_URL_PASSWORD", UrlPasswords.variable("--source-url"));
    }

    @Test
    void aPasswordPutBackReadsAsTheOneTheUrlHeld() {
        String password = "S$e'c r+et@%/:é";
        String url = UrlPasswords.restored("--url", "amqp://qe@router:5672/$management?x=1", password);
        assertEquals(password, URI.create(url).getUserInfo().substring("qe:".length()));
        assertEquals(password, BrokerUrl.parse(UrlPasswords.restored("--broker", "mqtt://qe@b:1883", password)).password());
        assertEquals("http://h:8161/x", UrlPasswords.restored("--url", "http://h:8161/x", null), "none held: as it is");
    }

    @Test
    void aPasswordHeldTwiceOrWithoutAUserIsRefusedWithoutShowingIt() {
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> UrlPasswords.restored("--url", "http://qe:Hidden-1@h:8161/x", "other"));
        assertEquals("the password of --url is given twice, in the URL http://qe:***@h:8161/x and by MAESTRO_URL_PASSWORD:"
                + " give it once", twice.getMessage());
        IllegalArgumentException noUser = assertThrows(IllegalArgumentException.class,
                () -> UrlPasswords.restored("--url", "http://h:8161/x", "pw"));
        assertTrue(noUser.getMessage().contains("names no user"), noUser.getMessage());
    }
}
