package org.maestro.client;

import org.junit.jupiter.api.Test;
import org.maestro.client.dsl.ScriptException;
import org.maestro.client.dsl.ScriptRunner;
import org.maestro.client.plan.Criterion;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.units.TestDuration;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The client's pure logic: criteria, the DSL, parameters. */
class ClientLogicTest {

    @Test
    void criteriaReadAsWritten() {
        Criterion p99 = Criterion.parse("p99 latency < 20 ms");
        assertEquals("latency", p99.metric());
        assertEquals(99, p99.percentile());
        assertEquals(20_000, p99.bound());
        assertTrue(p99.holds(19_999));
        assertFalse(p99.holds(20_000));
        assertEquals(100, Criterion.parse("max latency <= 1 s").percentile());
        assertEquals(1_000_000, Criterion.parse("MAX latency <= 1 s").bound());
        assertEquals(99.9, Criterion.parse("p99.9 send delay < 500 us").percentile());
        assertEquals("rate-percent", Criterion.parse("rate >= 95 %").metric());
        assertEquals("rate", Criterion.parse("rate >= 900 msg/s").metric());
        assertTrue(Criterion.parse("loss == 0").holds(0));
        assertFalse(Criterion.parse("loss == 0").holds(1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Criterion.parse("latency is small"));
        assertTrue(e.getMessage().startsWith("bad criterion 'latency is small': expected one like 'p99 latency < 20 ms'"),
                e.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Criterion.parse("p101 latency < 1 ms")).getMessage()
                .contains("between 0 and 100"));
    }

    @Test
    void aScenarioBuildsItsPlanAndTakesParameters() throws ScriptException {
        String script = """
                test {
                    name 'nightly'
                    url param('url', null)
                    rate param('rate', 1000)
                    duration param('duration', '5m')
                    messageSize '~2KiB'
                    expect 'p99 latency < 20 ms', 'loss == 0'
                }
                """;
        TestPlan defaults = ScriptRunner.load("nightly.groovy", script, Map.of());
        assertEquals("nightly", defaults.name());
        assertNull(defaults.sendUrl(), "no url: --local provides one");
        assertEquals(1000, defaults.rate().perSecond());
        assertEquals(TestDuration.parse("5m"), defaults.duration());
        assertEquals(2, defaults.criteria().size());
        assertTrue(defaults.lacksSut());
        TestPlan overridden = ScriptRunner.load("nightly.groovy", script,
                Map.of("url", "amqp://h:5672/q", "rate", "250", "duration", "1000"));
        assertEquals("amqp://h:5672/q", overridden.receiveUrl());
        assertEquals(250, overridden.rate().perSecond());
        assertEquals(TestDuration.parse("1000"), overridden.duration());
    }

    @Test
    void scriptErrorsNameTheFileAndLine() {
        ScriptException bad = assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy",
                "test {\n  name 'x'\n  expect 'p99 latency is fine'\n}\n", Map.of()));
        assertTrue(bad.getMessage().startsWith("s.groovy:3: bad criterion 'p99 latency is fine'"), bad.getMessage());
        ScriptException none = assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy", "def x = 1\n", Map.of()));
        assertTrue(none.getMessage().contains("must describe exactly one test"), none.getMessage());
        ScriptException route = assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy",
                "test {\n  route 'east', urll: 'amqp://h/q'\n}\n", Map.of()));
        assertTrue(route.getMessage().startsWith("s.groovy:2: route 'east': unknown setting 'urll'"), route.getMessage());
    }
}
