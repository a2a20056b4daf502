package org.maestro.common.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class MessageSizeTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1024|1024|false",
        "~1024|1024|true",
        "1|1|false",
        "~1|1|true",
        "100B|100|false",
        "~100B|100|true",
        "4KiB|4096|false",
        "~4KiB|4096|true",
        "1MiB|1048576|false",
        "~1MiB|1048576|true",
        "1_000|1000|false",
        "100MiB|104857600|false",
        "~100MiB|104857600|true",
        "102400KiB|104857600|false",
        "104857600|104857600|false",
        "'  ~2KiB \t'|2048|true",
        "4 KiB|4096|false",
        "~ 4KiB|4096|true",
    })
    void parses(String text, int expectedBytes, boolean expectedVarying) {
        assertEquals(new MessageSize(expectedBytes, expectedVarying), MessageSize.parse(text));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1000|false|1000|1000",
        "1000|true|950|1050",
        "1024|true|973|1075",
        "1|true|1|1",
        "10|true|10|11",
        "30|true|29|32",
        "104857600|false|104857600|104857600",
        "104857600|true|99614720|110100480",
    })
    void knowsItsRange(int bytes, boolean varying, int expectedMinBytes, int expectedMaxBytes) {
        MessageSize size = new MessageSize(bytes, varying);
        assertEquals(expectedMinBytes, size.minBytes(), "minBytes");
        assertEquals(expectedMaxBytes, size.maxBytes(), "maxBytes");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1024|1KiB",
        "~1024|~1KiB",
        "1000|1000",
        "~1000|~1000",
        "1536|1536",
        "3072B|3KiB",
        "1024KiB|1MiB",
        "~1_048_576|~1MiB",
        "100B|100",
        "100MiB|100MiB",
    })
    void givesCanonicalText(String text, String canonical) {
        assertEquals(canonical, MessageSize.parse(text).toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "1", "~1", "1000", "~1000", "1024", "1536", "4KiB", "~4KiB", "1MiB", "~1MiB", "1025KiB",
        "100MiB", "~100MiB", "104857599",
    })
    void roundTripsThroughToString(String text) {
        MessageSize parsed = MessageSize.parse(text);
        assertEquals(parsed, MessageSize.parse(parsed.toString()));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", "  ", "abc", "KiB", "~", "4kib", "4KB", "4kb", "4K", "4MB", "4GiB", "4 K iB", "~1KiB ±", "1KiB ±10",
        "-1", "+1", "~-1", "1.5KiB", "4KiBs", "~~4", "4~", "1e3", "_4", "4_", "1,024",
    })
    void rejectsMalformedText(String text) {
        assertBad(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "~0", "0B", "0KiB", "0MiB"})
    void rejectsZero(String text) {
        assertTrue(assertBad(text).getMessage().contains("at least 1 byte"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "104857601", "~104857601", "101MiB", "102401KiB", "9223372036854775807",
        "9223372036854775808", "99999999999999999999", "9223372036854775807MiB", "8796093022208MiB",
    })
    void rejectsSizesAbove100MiB(String text) {
        assertTrue(assertBad(text).getMessage().contains("too large"));
    }

    @Test
    void rejectsNull() {
        UnitFormatException e = assertThrows(UnitFormatException.class, () -> MessageSize.parse(null));
        assertTrue(e.getMessage().startsWith("bad message size"), e.getMessage());
        assertTrue(e.getMessage().contains("null"), e.getMessage());
    }

    @Test
    void recordRejectsSizesOutOfRange() {
        assertThrows(IllegalArgumentException.class, () -> new MessageSize(0, false));
        assertThrows(IllegalArgumentException.class, () -> new MessageSize(-1, true));
        assertThrows(IllegalArgumentException.class, () -> new MessageSize(MessageSize.MAX_BYTES + 1, false));
        assertEquals(104_857_600, new MessageSize(MessageSize.MAX_BYTES, false).bytes());
    }

    private static UnitFormatException assertBad(String text) {
        UnitFormatException e = assertThrows(UnitFormatException.class, () -> MessageSize.parse(text),
                () -> "expected a UnitFormatException for '" + text + "'");
        assertTrue(e.getMessage().contains("'" + text + "'"), e.getMessage());
        assertTrue(e.getMessage().startsWith("bad message size "), e.getMessage());
        assertTrue(e.getMessage().contains("4KiB"), e.getMessage());
        return e;
    }
}
