package org.maestro.common.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RateTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1000|1000",
        "1000/s|1000",
        "1_000/s|1000",
        "1_000|1000",
        "1|1",
        "1/s|1",
        "'  5/s \t'|5",
        "max|0",
        "'  max '|0",
        "0|0",
        "0/s|0",
        "9223372036854775807/s|9223372036854775807",
    })
    void parses(String text, long expectedPerSecond) {
        assertEquals(new Rate(expectedPerSecond), Rate.parse(text));
    }

    @Test
    void knowsWhenItIsFlatOut() {
        assertTrue(Rate.parse("max").isFlatOut());
        assertTrue(Rate.parse("0").isFlatOut());
        assertTrue(Rate.FLAT_OUT.isFlatOut());
        assertFalse(Rate.parse("1/s").isFlatOut());
        assertEquals(Rate.FLAT_OUT, Rate.parse("max"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1|0|0",
        "1|1|1000000000",
        "1000|1|1000000",
        "3|1|333333333",
        "3|2|666666666",
        "3|3|1000000000",
        "300|6000|20000000000",
        "300|5999|19996666666",
        "7|700|100000000000",
        "6000|359999|59999833333",
        "10000000|600000000|60000000000",
        "3000000000|3000000001|1000000000",
        "9223372036854775807|1|0",
    })
    void givesWhenEachMessageIsDueExactly(long perSecond, long k, long expectedNanos) {
        assertEquals(expectedNanos, new Rate(perSecond).offsetNanos(k));
    }

    @Test
    void aTestOfWholeSecondsSendsExactlyRateTimesSeconds() {
        for (long perSecond : new long[]{3, 7, 300, 6000, 999_999}) {
            Rate rate = new Rate(perSecond);
            long durationNanos = 20_000_000_000L;
            long due = 0;
            while (rate.offsetNanos(due) < durationNanos) {
                due++;
            }
            assertEquals(20 * perSecond, due, perSecond + "/s for 20 s");
        }
    }

    @Test
    void flatOutHasNoSchedule() {
        assertThrows(IllegalStateException.class, () -> Rate.FLAT_OUT.offsetNanos(1));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1000|1000/s",
        "1_000/s|1000/s",
        "max|max",
        "0|max",
    })
    void givesCanonicalText(String text, String canonical) {
        assertEquals(canonical, Rate.parse(text).toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "1000", "1000/s", "1_000/s", "max", "0", "9223372036854775807"})
    void roundTripsThroughToString(String text) {
        Rate parsed = Rate.parse(text);
        assertEquals(parsed, Rate.parse(parsed.toString()));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", "  ", "abc", "-1", "-1/s", "+1", "1.5", "1.5/s", "1000/m", "1000/", "/s", "1000 /s",
        "1000/S", "MAX", "Max", "maximum", "max/s", "1e3", "_1", "1_", "1,000", "fast",
    })
    void rejectsMalformedText(String text) {
        assertBad(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"9223372036854775808", "99999999999999999999/s"})
    void rejectsRatesThatOverflow(String text) {
        assertTrue(assertBad(text).getMessage().contains("too large"));
    }

    @Test
    void rejectsNull() {
        UnitFormatException e = assertThrows(UnitFormatException.class, () -> Rate.parse(null));
        assertTrue(e.getMessage().startsWith("bad rate"), e.getMessage());
        assertTrue(e.getMessage().contains("null"), e.getMessage());
    }

    @Test
    void recordRejectsNegativeRates() {
        assertThrows(IllegalArgumentException.class, () -> new Rate(-1));
    }

    private static UnitFormatException assertBad(String text) {
        UnitFormatException e = assertThrows(UnitFormatException.class, () -> Rate.parse(text),
                () -> "expected a UnitFormatException for '" + text + "'");
        assertTrue(e.getMessage().contains("'" + text + "'"), e.getMessage());
        assertTrue(e.getMessage().startsWith("bad rate "), e.getMessage());
        assertTrue(e.getMessage().contains("1000/s"), e.getMessage());
        return e;
    }
}
