package org.maestro.common.peer;

import org.junit.jupiter.api.Test;
import org.maestro.common.note.Payload;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class GivenOptionsTest {
    /** A role that refuses a rate that is not a number. */
    private final GivenOptions<Map<String, String>> options = new GivenOptions<>(given -> {
        String rate = given.getOrDefault("rate", "0");
        if (!rate.matches("[0-9]+")) {
            throw new IllegalArgumentException("option rate: bad rate '" + rate + "'");
        }
        return Map.copyOf(given);
    });

    @Test
    void eachSetAddsToAndOverridesTheEarlierOnes() {
        assertEquals("2 option(s) set", options.apply(new Payload.SetOptions(Map.of("rate", "10", "size", "1024"))).detail());
        options.apply(new Payload.SetOptions(Map.of("rate", "20")));
        assertEquals(Map.of("rate", "20", "size", "1024"), options.parsed());
    }

    @Test
    void aRefusedSetChangesNothing() {
        options.apply(new Payload.SetOptions(Map.of("rate", "10", "size", "1024")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> options.apply(new Payload.SetOptions(Map.of("rate", "fast", "size", "1"))));
        assertEquals("option rate: bad rate 'fast'", e.getMessage());
        assertEquals(Map.of("rate", "10", "size", "1024"), options.parsed());
    }

    @Test
    void beforeAnySetTheParserSeesNoOptions() {
        assertEquals(Map.of(), options.parsed());
    }

    @Test
    void aGetAnswersTheValueWithItsPasswordHidden() {
        options.apply(new Payload.SetOptions(Map.of("send.url", "amqp://admin:S3cr3t-Zebra-42@127.0.0.1:5672/q")));
        assertEquals("amqp://admin:***@127.0.0.1:5672/q", options.redacted("send.url"));
        assertEquals("amqp://admin:S3cr3t-Zebra-42@127.0.0.1:5672/q", options.parsed().get("send.url"), "the peer itself still has it");
        assertNull(options.redacted("receive.url"));
    }
}
