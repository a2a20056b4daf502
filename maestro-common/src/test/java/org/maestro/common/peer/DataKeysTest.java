package org.maestro.common.peer;

import org.junit.jupiter.api.Test;
import org.maestro.common.note.GetKeys;
import org.maestro.common.note.Payload;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class DataKeysTest {
    private final DataKeys data = new DataKeys("http://h:8080/", "/data/t1/r1", "t1");

    @Test
    void theDataKeysComeFirstThenTheRolesOwn() {
        Map<String, String> own = Map.of("rate", "100", GetKeys.TEST_ID, "not this");
        assertEquals(new Payload.GetReply("data.url", "http://h:8080/"), data.reply(new Payload.Get("data.url"), List.of(), own::get));
        assertEquals(new Payload.GetReply("data.dir", "/data/t1/r1"), data.reply(new Payload.Get("data.dir"), List.of(), own::get));
        assertEquals(new Payload.GetReply("test.id", "t1"), data.reply(new Payload.Get("test.id"), List.of(), own::get));
        assertEquals(new Payload.GetReply("rate", "100"), data.reply(new Payload.Get("rate"), List.of(), own::get));
    }

    @Test
    void anUnknownKeyNamesTheKeysThereAre() {
        assertEquals("unknown key 'x' (known: data.url, data.dir, test.id, or a SET option)",
                assertThrows(IllegalArgumentException.class, () -> data.reply(new Payload.Get("x"), List.of(), k -> null)).getMessage());
        assertEquals("unknown key 'x' (known: data.url, data.dir, test.id, source.url, source.ref, or a SET option)",
                assertThrows(IllegalArgumentException.class,
                        () -> data.reply(new Payload.Get("x"), List.of("source.url", "source.ref"), k -> null)).getMessage());
    }
}
