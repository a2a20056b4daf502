package org.maestro.common.units;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TimeSpanTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "90s|PT1M30S",
        "10m|PT10M",
        "1h30m|PT1H30M",
        "500ms|PT0.5S",
        "1_000ms|PT1S",
        "'  10s\t'|PT10S",
    })
    void readsTheTimesATestDurationReads(String text, Duration expected) {
        assertEquals(expected, TimeSpan.parse(text));
        assertEquals(expected, TimeSpan.parseOrZero(text));
        assertEquals(new TestDuration.ByTime(expected), TestDuration.parse(text));
    }

    @Test
    void aCountIsRefusedWithTheTimeItProbablyMeant() {
        UnitFormatException e = assertThrows(UnitFormatException.class, () -> TimeSpan.parse("5"));
        assertEquals("bad time '5': a message count, not a time; expected a time like 5s", e.getMessage());
        assertEquals("time", e.kind());
        assertEquals("5", e.text());
        assertEquals("bad time ' 1_000 ': a message count, not a time; expected a time like 1_000s",
                assertThrows(UnitFormatException.class, () -> TimeSpan.parseOrZero(" 1_000 ")).getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "00", "0_0", "0s", "0ms", "0h0m", " 0m "})
    void zeroIsRefusedUnlessAsked(String text) {
        assertEquals(Duration.ZERO, TimeSpan.parseOrZero(text));
        assertEquals("bad time '" + text + "': must be more than zero; expected a time like 10s",
                assertThrows(UnitFormatException.class, () -> TimeSpan.parse(text)).getMessage());
    }

    @Test
    void otherTextIsRefusedNamingTheProblem() {
        assertEquals("bad time '9x': expected a time like 90s, 10m, 1h30m or 500ms",
                assertThrows(UnitFormatException.class, () -> TimeSpan.parse("9x")).getMessage());
        assertEquals("bad time '': expected a time like 90s, 10m, 1h30m or 500ms",
                assertThrows(UnitFormatException.class, () -> TimeSpan.parse("")).getMessage());
        assertEquals("bad time: no text given (null); expected a time like 90s, 10m, 1h30m or 500ms",
                assertThrows(UnitFormatException.class, () -> TimeSpan.parse(null)).getMessage());
        assertEquals("bad time '30s1m': time units must come largest first (h, m, s, ms), each at most once; expected a time"
                        + " like 90s, 10m, 1h30m or 500ms",
                assertThrows(UnitFormatException.class, () -> TimeSpan.parse("30s1m")).getMessage());
        assertEquals("bad time '2562048h': time too large, at most about 292 years; expected a time like 90s, 10m, 1h30m or 500ms",
                assertThrows(UnitFormatException.class, () -> TimeSpan.parse("2562048h")).getMessage());
        assertEquals("bad time '-5s': expected a time like 90s, 10m, 1h30m or 500ms",
                assertThrows(UnitFormatException.class, () -> TimeSpan.parseOrZero("-5s")).getMessage());
    }

    @Test
    void aBoundThatCanBeTurnedOffTakesOffOrATimeAndRefusesZero() {
        assertEquals(java.util.Optional.empty(), TimeSpan.parseOrOff(" OFF "));
        assertEquals(java.util.Optional.of(Duration.ofMillis(100)), TimeSpan.parseOrOff("100ms"));
        assertEquals("bad time '0ms': zero is a bound no one meets; expected a time like 100ms, or off for none",
                assertThrows(UnitFormatException.class, () -> TimeSpan.parseOrOff("0ms")).getMessage());
        assertEquals("bad time 'soon': expected a time like 90s, 10m, 1h30m or 500ms",
                assertThrows(UnitFormatException.class, () -> TimeSpan.parseOrOff("soon")).getMessage());
    }
}
