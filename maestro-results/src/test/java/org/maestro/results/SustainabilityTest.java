package org.maestro.results;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A step's judgement from its summary's totals: on schedule, keeping up, nothing lost, criteria passed; near a bound: borderline. */
class SustainabilityTest {
    private static Summary step(String verdict, double sendRate, double receiveRate, double sendDelayP99Millis, long lost) {
        Summary.Latency delay = new Summary.Latency(1000, 1, 2, sendDelayP99Millis, sendDelayP99Millis, sendDelayP99Millis);
        Summary.Totals t = new Summary.Totals(1000L, 1000L - lost, lost, 0L, 0L, sendRate, receiveRate, null, null, delay);
        return Summary.builder().testId("t").name("s").description("").start("").end("").totals(t).verdict(verdict)
                .reasons(Summary.FAILED.equals(verdict) ? List.of("p99 latency < 20 ms: measured 31 ms") : List.of())
                .build();
    }

    @Test
    void keepingUpOnScheduleWithNothingLostIsSustainable() {
        Sustainability.Judgement j = Sustainability.DEFAULT.judge(1000, step(Summary.PASSED, 999, 998, 2, 0));
        assertEquals(true, j.sustainable());
        assertFalse(j.borderline());
        assertEquals(List.of(), j.reasons());
    }

    @Test
    void eachSignFailsTheStepAndSaysWhy() {
        Sustainability rule = Sustainability.DEFAULT;
        assertTrue(rule.judge(1000, step(Summary.PASSED, 900, 900, 2, 0)).reasons().contains("send rate 900 msg/s is 90 % of the target"));
        assertTrue(rule.judge(1000, step(Summary.PASSED, 1000, 800, 2, 0)).reasons().contains("receive rate 800 msg/s is 80 % of the send rate"));
        assertTrue(rule.judge(1000, step(Summary.PASSED, 1000, 1000, 500, 0)).reasons().contains("send delay p99 500 ms (bound 50 ms)"));
        assertTrue(rule.judge(1000, step(Summary.PASSED, 1000, 1000, 2, 3)).reasons().contains("3 message(s) lost"));
        Sustainability.Judgement criteria = rule.judge(1000, step(Summary.FAILED, 1000, 1000, 2, 0));
        assertEquals(false, criteria.sustainable());
        assertEquals("criteria: p99 latency < 20 ms: measured 31 ms", criteria.reasons().get(0));
        assertNull(rule.judge(1000, step(Summary.ERROR, 0, 0, 0, 0)).sustainable(), "a step that could not run is not judged");
    }

    @Test
    void nearABoundIsBorderlineUnlessSomethingFailedFarBeyondIt() {
        Sustainability rule = Sustainability.DEFAULT;
        Sustainability.Judgement nearPass = rule.judge(1000, step(Summary.PASSED, 980, 980, 2, 0));
        assertEquals(true, nearPass.sustainable());
        assertTrue(nearPass.borderline(), "2 % short: within the tolerance, but near it");
        Sustainability.Judgement nearFail = rule.judge(1000, step(Summary.PASSED, 1000, 1000, 60, 0));
        assertEquals(false, nearFail.sustainable());
        assertTrue(nearFail.borderline(), "60 ms against 50: past the bound, but near it");
        Sustainability.Judgement far = rule.judge(1000, step(Summary.PASSED, 800, 780, 900, 0));
        assertFalse(far.borderline(), "a send rate 20 % short is no noise, whatever else is near its bound");
    }
}
