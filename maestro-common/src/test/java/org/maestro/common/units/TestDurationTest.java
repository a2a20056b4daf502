package org.maestro.common.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TestDurationTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1msg|1",
        "1000msg|1000",
        "1_000_000msg|1000000",
        "'  42msg \t'|42",
        "007msg|7",
        "9223372036854775807msg|9223372036854775807",
        "9_223_372_036_854_775_807msg|9223372036854775807",
    })
    void parsesMessageCounts(String text, long expectedMessages) {
        assertEquals(new TestDuration.ByCount(expectedMessages), TestDuration.parse(text));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "90s|PT1M30S",
        "10m|PT10M",
        "1h|PT1H",
        "1h30m|PT1H30M",
        "1h30m15s|PT1H30M15S",
        "500ms|PT0.5S",
        "1h30m15s500ms|PT1H30M15.5S",
        "2h15s|PT2H15S",
        "1m500ms|PT1M0.5S",
        "1h0m|PT1H",
        "1_000ms|PT1S",
        "48h|PT48H",
        "'  10m\t'|PT10M",
        "2562047h47m16s854ms|PT2562047H47M16.854S",
    })
    void parsesTimes(String text, Duration expected) {
        assertEquals(new TestDuration.ByTime(expected), TestDuration.parse(text));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1h30m|1h30m",
        "90s|1m30s",
        "90m|1h30m",
        "1500ms|1s500ms",
        "1h0m0s|1h",
        "48h|48h",
        "1h30m15s500ms|1h30m15s500ms",
        "1_000_000msg|1000000msg",
        "007msg|7msg",
    })
    void givesCanonicalText(String text, String canonical) {
        assertEquals(canonical, TestDuration.parse(text).toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "1msg", "1_000_000msg", "9223372036854775807msg", "90s", "10m", "1h30m", "1h30m15s", "500ms",
        "1h30m15s500ms", "2h15s", "1m500ms", "3600s", "2562047h47m16s854ms",
    })
    void roundTripsThroughToString(String text) {
        TestDuration parsed = TestDuration.parse(text);
        assertEquals(parsed, TestDuration.parse(parsed.toString()));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "9x", "", "   ", "abc", "h", "1H", "1d", "10sec", "1.5h", "1 h", "1h 30m", "-5", "+5", "-5s",
        "1e6", "1_", "_1", "1__000", "1,000", "10ms5s", "1s1m", "30m1h", "1h1h", "1m1m", "5ms5ms",
        "5mss", "1h30", "30m1", "\u0661\u0662", "1000 messages", "1000 msg", "1000msgs", "1000MSG", "msg",
        "1smsg", "1msg1s",
    })
    void rejectsMalformedText(String text) {
        assertBad(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0msg", "000msg", "0_0msg", "0s", "0ms", "0h0m", "0h0m0s0ms"})
    void rejectsZero(String text) {
        assertTrue(assertBad(text).getMessage().contains("more than zero"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "9223372036854775808msg",
        "99999999999999999999msg",
        "99999999999999999999h",
        "9223372036854775807h",
        "9223372036854775807s",
        "9223372036854775807ms",
        "2562048h",
        "2562047h47m16s855ms",
    })
    void rejectsValuesThatOverflow(String text) {
        assertTrue(assertBad(text).getMessage().contains("too large"));
    }

    @Test
    void rejectsUnitsOutOfOrderWithAReason() {
        assertTrue(assertBad("30m1h").getMessage().contains("largest first"));
        assertTrue(assertBad("1h1h").getMessage().contains("at most once"));
    }

    @Test
    void explainsBadTextWithExamples() {
        UnitFormatException e = assertThrows(UnitFormatException.class, () -> TestDuration.parse("9x"));
        assertEquals("bad duration '9x': expected a message count like 1000000msg or a time like 90s, 10m, 1h30m",
                e.getMessage());
        assertEquals("duration", e.kind());
        assertEquals("9x", e.text());
    }

    /** A bare number once meant messages: {@code -P duration=10} ran 10 messages under a 5 s warm-up and measured nothing. */
    @ParameterizedTest
    @ValueSource(strings = {"10", "1_000", "0", " 90 "})
    void refusesABareNumberNamingBothSpellings(String text) {
        String n = text.strip();
        assertEquals("bad duration '" + text + "': a number needs its unit: " + n + "msg for messages or " + n
                + "s for seconds; expected a message count like 1000000msg or a time like 90s, 10m, 1h30m",
                assertBad(text).getMessage());
    }

    @Test
    void rejectsNull() {
        UnitFormatException e = assertThrows(UnitFormatException.class, () -> TestDuration.parse(null));
        assertTrue(e.getMessage().startsWith("bad duration"), e.getMessage());
        assertTrue(e.getMessage().contains("null"), e.getMessage());
    }

    @Test
    void recordsRejectValuesThatCannotBeWritten() {
        assertThrows(IllegalArgumentException.class, () -> new TestDuration.ByCount(0));
        assertThrows(IllegalArgumentException.class, () -> new TestDuration.ByCount(-1));
        assertThrows(IllegalArgumentException.class, () -> new TestDuration.ByTime(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> new TestDuration.ByTime(Duration.ofSeconds(-1)));
        assertThrows(IllegalArgumentException.class, () -> new TestDuration.ByTime(Duration.ofNanos(1_500_000)));
        assertThrows(IllegalArgumentException.class, () -> new TestDuration.ByTime(Duration.ofDays(200 * 365)
                .multipliedBy(2)));
        assertThrows(NullPointerException.class, () -> new TestDuration.ByTime(null));
    }

    private static UnitFormatException assertBad(String text) {
        UnitFormatException e = assertThrows(UnitFormatException.class, () -> TestDuration.parse(text),
                () -> "expected a UnitFormatException for '" + text + "'");
        assertTrue(e.getMessage().contains("'" + text + "'"), e.getMessage());
        assertTrue(e.getMessage().startsWith("bad duration "), e.getMessage());
        assertTrue(e.getMessage().contains("expected a message count like 1000000msg"), e.getMessage());
        assertEquals(text, e.text());
        return e;
    }
}
