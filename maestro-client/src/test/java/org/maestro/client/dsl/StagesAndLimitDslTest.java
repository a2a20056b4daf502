package org.maestro.client.dsl;

import org.junit.jupiter.api.Test;
import org.maestro.client.plan.TestPlan;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        TestPlan old = load("    incremental {\n        startRate 100\n        step 100\n        maxRate 400\n    }");
        assertEquals(100, old.incremental().resolution(), "no resolution: the climb alone, as before");
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
    }
}
