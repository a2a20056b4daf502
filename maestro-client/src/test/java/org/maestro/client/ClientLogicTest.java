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
    void faultCriteriaReadAsWritten() {
        Criterion outage = Criterion.parse("outage < 10 s");
        assertEquals("outage", outage.metric());
        assertEquals(10_000_000, outage.bound(), "microseconds, as latency bounds");
        assertTrue(outage.isFault());
        assertTrue(outage.holds(9_999_000));
        assertFalse(outage.holds(10_000_000));
        Criterion recovery = Criterion.parse(" Recovery <= 2500 ms ");
        assertEquals("recovery", recovery.metric());
        assertEquals("<=", recovery.operator());
        assertEquals(2_500_000, recovery.bound());
        assertEquals("Recovery <= 2500 ms", recovery.text());
        assertFalse(Criterion.parse("loss == 0").isFault());
        IllegalArgumentException noUnit = assertThrows(IllegalArgumentException.class, () -> Criterion.parse("outage < 10"));
        assertTrue(noUnit.getMessage().contains("'outage < 10 s'"), "the examples show the fault criteria: " + noUnit.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Criterion.parse("outage > 1 s"), "a longer outage is no goal");
    }

    @Test
    void aParameterIsReadInTheSyntaxOfItsSettingWhateverTheDefaultsType() throws ScriptException {
        String script = """
                test {
                    rate param('rate', 1000)
                    duration param('duration', 200000)
                    warmup param('warmup', 0)
                    senders param('senders', 1) * 2
                }
                """;
        TestPlan p = ScriptRunner.load("s.groovy", script, Map.of("duration", "30s", "warmup", "5s", "rate", "2000/s",
                "senders", "3"));
        assertEquals(TestDuration.parse("30s"), p.duration());
        assertEquals("5s", p.warmup());
        assertEquals(2000, p.rate().perSecond());
        assertEquals(6, p.senders(), "a whole number stays a number for the script's own arithmetic");
        assertEquals(TestDuration.parse("200000msg"), ScriptRunner.load("s.groovy", script, Map.of("duration", "200000msg")).duration());
    }

    @Test
    void aParameterTheScriptDoesNotReadIsRefusedWithTheNearestName() {
        String script = """
                test {
                    rate param('rate', 1000)
                    if (false) { duration param('slowDuration', '1h') }
                    description param("sut-" + 'name', '')
                }
                """;
        ScriptException typo = assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy", script, Map.of("rat", "10")));
        assertEquals("unknown parameter 'rat' (did you mean 'rate'?)", typo.getMessage());
        ScriptException far = assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy", script, Map.of("x", "1")));
        assertEquals("unknown parameter 'x' (the script reads rate, slowDuration, sut-name)", far.getMessage(),
                "names in a branch not taken and names computed at run time are known");
        assertEquals("unknown parameter 'rat' (did you mean 'rate'?)", assertThrows(ScriptException.class,
                () -> ScriptRunner.load("s.groovy", "test {\n  rate param('rate', 1000) / 0\n}\n", Map.of("rat", "1")))
                .getMessage(), "a typo is said first even when the script fails");
    }

    @Test
    void aBadParameterValueNamesTheParameterAndABoundIsABound() throws ScriptException {
        String script = "test {\n  rate param('rate', 1000)\n  connections param('connections', 1)\n}\n";
        assertEquals("s.groovy:2: -P rate=abc: bad rate 'abc': expected messages per second like 1000 or 1000/s, or max"
                + " for as fast as possible", assertThrows(ScriptException.class,
                () -> ScriptRunner.load("s.groovy", script, Map.of("rate", "abc"))).getMessage());
        assertTrue(assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy", script,
                Map.of("connections", "1001"))).getMessage().endsWith("connections 1001 is more than the 1000 a worker may open"));
        assertEquals(1000, ScriptRunner.load("s.groovy", script, Map.of("connections", "1000")).connections());
        assertEquals(10_000_000, ScriptRunner.load("s.groovy", script, Map.of("rate", "10000000")).rate().perSecond());
        ScriptException warmup = assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy",
                "test {\n  duration '10s'\n  warmup '10s'\n}\n", Map.of()));
        assertTrue(warmup.getMessage().endsWith("warmup 10s must be shorter than the duration 10s: nothing would be measured"),
                warmup.getMessage());

        ScriptException count = assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy",
                "test {\n  rate 1000\n  duration '5000msg'\n  warmup '5s'\n}\n", Map.of()));
        assertTrue(count.getMessage().endsWith("warmup 5s covers the whole duration 5000msg: at 1000 msg/s the senders send"
                + " 5000 messages within it; nothing would be measured"), count.getMessage());
        assertEquals(5001, ((org.maestro.common.units.TestDuration.ByCount) ScriptRunner.load("s.groovy",
                "test {\n  rate 1000\n  duration '5001msg'\n  warmup '5s'\n}\n", Map.of()).duration()).messages());
        ScriptException step = assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy",
                "test {\n  warmup '5s'\n  incremental { startRate 100; step 100; maxRate 200; stepDuration '5s' }\n}\n", Map.of()));
        assertTrue(step.getMessage().endsWith("warmup 5s must be shorter than the stepDuration 5s: nothing would be measured"),
                step.getMessage());
    }

    @Test
    void theWarmupGatesSettingsAreReadFromTheScriptAndBadOnesAreNamed() throws ScriptException {
        String script = """
                test {
                    url 'amqp://h:5672/q'
                    duration '60s'
                    warmup '5s'
                    warmupSendDelay param('delay', '50ms')
                    warmupMax param('max', null)
                }
                """;
        TestPlan p = ScriptRunner.load("s.groovy", script, Map.of("max", "20s"));
        assertEquals("50ms", p.warmupSendDelay());
        assertEquals("20s", p.warmupMax());
        assertNull(ScriptRunner.load("s.groovy", script, Map.of()).warmupMax(), "none given: the workers' default");
        assertNull(ScriptRunner.load("s.groovy", script, Map.of()).warmupRamp(), "none given: the workers' default ramp");
        String ramped = script.replace("warmup '5s'", "warmup '5s'\n    warmupRamp param('ramp', null)");
        assertEquals("20% 3s", ScriptRunner.load("s.groovy", ramped, Map.of("ramp", "20% 3s")).warmupRamp());
        assertEquals("off", ScriptRunner.load("s.groovy", ramped, Map.of("ramp", "off")).warmupRamp());
        String badRamp = assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy", ramped, Map.of("ramp", "3s")))
                .getMessage();
        assertTrue(badRamp.endsWith("-P ramp=3s: warmupRamp: bad warm-up ramp '3s': not a share (in %) and a time;"
                + " expected a start share of the target rate and a time like '10% 5s', or off"), badRamp);
        assertEquals("off", ScriptRunner.load("s.groovy", script, Map.of("delay", "off")).warmupSendDelay());
        assertEquals("s.groovy:5: -P delay=0: warmupSendDelay: bad time '0': zero is a bound no one meets; expected a time"
                + " like 100ms, or off for none", assertThrows(ScriptException.class,
                () -> ScriptRunner.load("s.groovy", script, Map.of("delay", "0"))).getMessage());
        String shorter = assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy", script, Map.of("max", "2s")))
                .getMessage();
        assertTrue(shorter.endsWith("warmupMax 2s is shorter than the warmup 5s it caps"), shorter);
        String longer = assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy", script, Map.of("max", "60s")))
                .getMessage();
        assertTrue(longer.endsWith("warmupMax 60s must be shorter than the duration 1m: a sender that never got on"
                + " schedule would leave nothing measured"), longer);
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
                Map.of("url", "amqp://h:5672/q", "rate", "250", "duration", "1000msg"));
        assertEquals("amqp://h:5672/q", overridden.receiveUrl());
        assertEquals(250, overridden.rate().perSecond());
        assertEquals(TestDuration.parse("1000msg"), overridden.duration());
    }

    @Test
    void scriptErrorsNameTheFileAndLine() {
        ScriptException bad = assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy",
                "test {\n  name 'x'\n  expect 'p99 latency is fine'\n}\n", Map.of()));
        assertTrue(bad.getMessage().startsWith("s.groovy:3: bad criterion 'p99 latency is fine'"), bad.getMessage());
        ScriptException none = assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy", "def x = 1\n", Map.of()));
        assertTrue(none.getMessage().contains("describes no test: it must describe at least one with test { ... }"), none.getMessage());
        ScriptException route = assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy",
                "test {\n  route 'east', urll: 'amqp://h/q'\n}\n", Map.of()));
        assertTrue(route.getMessage().startsWith("s.groovy:2: route 'east': unknown setting 'urll'"), route.getMessage());
    }
}
