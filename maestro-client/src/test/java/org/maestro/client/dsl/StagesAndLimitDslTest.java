package org.maestro.client.dsl;

import org.junit.jupiter.api.Test;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.units.TestDuration;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stages { } and findLimit { } blocks: what they make of a plan, and what they refuse, pointing at the line. */
class StagesAndLimitDslTest {
    private static TestPlan load(String body) throws Exception {
        return ScriptRunner.load("t.groovy", "test {\n    url 'amqp://sut:5672/q'\n" + body + "\n}\n", Map.of(), false);
    }

    @Test
    void stagesSetTheRateAndDurationOfTheTest() throws Exception {
        TestPlan plan = load("    stages {\n        step 500, '5s'\n        ramp 500, 2000, '10s'\n        step 2000, '5s'\n    }");
        assertEquals("500/s 5s; 500/s..2000/s 10s; 2000/s 5s", plan.stages().toString());
        assertEquals(1250, plan.rate().perSecond(), "25000 messages over 20 s");
        assertEquals("20s", plan.duration().toString());
    }

    @Test
    void findLimitIsIncrementalWithABisectionAndATimeCap() throws Exception {
        TestPlan plan = load("    findLimit {\n        startRate 1000\n        step 2000\n        maxRate 20000\n        resolution 100\n"
                + "        stepDuration '10s'\n        maxTime '5m'\n        sendDelay '20ms'\n        rateTolerance '2 %'\n    }");
        TestPlan.Incremental inc = plan.incremental();
        assertEquals(100, inc.resolution());
        assertEquals(Duration.ofMinutes(5), inc.maxTime());
        assertEquals(20.0, inc.sendDelayMaxMillis());
        assertEquals(0.02, inc.rateTolerance(), 1e-12);
        assertEquals(TestDuration.parse("30s"), inc.confirmDuration(), "3 step durations unless set");
        assertEquals(TestPlan.Incremental.DEFAULT_CONFIRM_TRIES, inc.confirmTries());
        TestPlan old = load("    incremental {\n        startRate 100\n        step 100\n        maxRate 400\n    }");
        assertEquals(100, old.incremental().resolution(), "no resolution: the climb alone, as before");
        TestPlan.Incremental confirmed = load("    findLimit {\n        startRate 100\n        step 100\n        maxRate 400\n"
                + "        stepDuration '5s'\n        confirmDuration '1m'\n        confirmTries 0\n        confirmWarmup '5s'\n    }")
                .incremental();
        assertEquals(TestDuration.parse("1m"), confirmed.confirmDuration());
        assertEquals("5s", confirmed.confirmWarmup());
        assertNull(inc.confirmWarmup(), "unset: the steps' warm-up");
        assertEquals(0, confirmed.confirmTries());
    }

    @Test
    void badSettingsAreRefusedAtTheirLine() {
        ScriptException e = assertThrows(ScriptException.class, () -> load("    findLimit {\n        startRate 1000\n        step 1000\n"
                + "        maxRate 5000\n        resolution 2000\n    }"));
        assertTrue(e.getMessage().startsWith("t.groovy:3: resolution 2000 msg/s is coarser than the step 1000 msg/s"), e.getMessage());
        e = assertThrows(ScriptException.class, () -> load("    stages {\n        step 500, '0s'\n    }"));
        assertTrue(e.getMessage().contains("step 500: a stage needs a time > 0 like '10s', not '0s'"), e.getMessage());
        e = assertThrows(ScriptException.class, () -> load("    stages {\n        step 500, '5s'\n    }\n    incremental {\n"
                + "        startRate 100\n        step 100\n        maxRate 400\n    }"));
        assertTrue(e.getMessage().contains("stages and incremental/findLimit both set the rate"), e.getMessage());
        e = assertThrows(ScriptException.class, () -> load("    findLimit {\n        startRate 100\n        step 100\n        maxRate 400\n"
                + "        rateTolerance 'lots'\n    }"));
        assertTrue(e.getMessage().contains("rateTolerance must be a percentage between 0 and 100 like '3 %', not 'lots'"), e.getMessage());
        e = assertThrows(ScriptException.class, () -> load("    findLimit {\n        startRate 100\n        step 100\n        maxRate 400\n"
                + "        stepDuration '10s'\n        confirmDuration '20s'\n    }"));
        assertTrue(e.getMessage().contains("confirmDuration 20s is not at least 3 times stepDuration 10s (30s)"), e.getMessage());
        e = assertThrows(ScriptException.class, () -> load("    findLimit {\n        startRate 100\n        step 100\n        maxRate 400\n"
                + "        stepDuration '2s'\n        confirmWarmup '6s'\n    }"));
        assertTrue(e.getMessage().contains("confirmWarmup 6s must be shorter than the confirmDuration 6s: nothing would be measured"),
                e.getMessage());
        e = assertThrows(ScriptException.class, () -> load("    findLimit {\n        startRate 100\n        step 100\n        maxRate 400\n"
                + "        confirmTries 'many'\n    }"));
        assertTrue(e.getMessage().contains("confirmTries must be a whole number >= 0 (0: no confirmation), not 'many'"), e.getMessage());
    }

    @Test
    void aRouteHasStagesOfItsOwnAndTheTestOrARouteASenderStartOffset() throws Exception {
        TestPlan plan = load("    senderStartAfter '2s'\n    route 'a', stages: { step 100, '5s'; ramp 100, 300, '5s' }\n"
                + "    route 'b', rate: 500, senderStartAfter: '4s'");
        TestPlan.Route a = plan.routes().get(0);
        assertEquals("100/s 5s; 100/s..300/s 5s", a.settings().stages().toString());
        assertEquals("10s", a.settings().durationOr(plan.duration()).toString());
        assertEquals(150, a.settings().ownRatePerSecond(), "1500 messages over 10 s");
        assertEquals(2000L, a.settings().senderStartAfterMillis(), "the test's");
        assertEquals(4000L, plan.routes().get(1).settings().senderStartAfterMillis(), "its own");
        TestPlan single = load("    senderStartAfter '1s'");
        assertEquals(1, single.routes().size(), "the one route a plain test describes, made explicit to carry the offset");
        assertEquals(1000L, single.routes().get(0).settings().senderStartAfterMillis());
        assertEquals("amqp://sut:5672/q", single.routes().get(0).sendUrl());
    }

    @Test
    void aRoutesBadStagesAreRefusedNamingTheRoute() {
        ScriptException e = assertThrows(ScriptException.class, () -> load("    route 'a', rate: 100, stages: { step 100, '5s' }"));
        assertTrue(e.getMessage().contains("route 'a': stages: and rate: both set the route's rate"), e.getMessage());
        e = assertThrows(ScriptException.class, () -> load("    route 'a', stages: { step 100, '0s' }"));
        assertTrue(e.getMessage().contains("route 'a': stages: step 100: a stage needs a time > 0"), e.getMessage());
        e = assertThrows(ScriptException.class, () -> load("    route 'a', stages: 'fast'"));
        assertTrue(e.getMessage().contains("route 'a': stages: needs a block of stages like { step 500, '5s'"), e.getMessage());
        e = assertThrows(ScriptException.class, () -> load("    route 'a', senderStartAfter: 'soon'"));
        assertTrue(e.getMessage().contains("route 'a': senderStartAfter"), e.getMessage());
    }
}
