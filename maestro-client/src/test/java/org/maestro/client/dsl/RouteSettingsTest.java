package org.maestro.client.dsl;

import org.junit.jupiter.api.Test;
import org.maestro.client.plan.RouteSettings;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.LatencyMode;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A route's own settings, a late receiver's offset and scripts of several tests, as the DSL reads them. */
class RouteSettingsTest {

    @Test
    void theFormANewUserTriesJustWorks() throws ScriptException {
        TestPlan plan = ScriptRunner.load("s.groovy", """
                test {
                    route 'a', url: 'amqp://h/a', rate: 500, size: '2 KiB'
                    route 'b', url: 'amqp://h/b', size: ['512B': 80, '4KiB': 20], connections: 4, duration: '30s',
                            receiverStartAfter: '5s'
                }
                """, Map.of());
        RouteSettings a = plan.routes().get(0).settings();
        assertEquals(500, a.rate().perSecond());
        assertEquals("2KiB", a.messageSize().toString());
        assertNull(a.connections(), "the test's");
        RouteSettings b = plan.routes().get(1).settings();
        assertEquals("512B: 80, 4KiB: 20".replace("512B", "512"), b.messageSize().toString());
        assertEquals(4, b.connections());
        assertEquals("30s", b.duration().toString());
        assertEquals(5000, b.receiverStartAfterMillis());
    }

    @Test
    void anErrorPointsAtTheRouteAndItsSettingNotAtAParameterOfTheLine() {
        String script = "test {\n  route 'a', url: param('a', 'amqp://h/q'), rate: 'fast'\n}\n";
        ScriptException e = assertThrows(ScriptException.class,
                () -> ScriptRunner.load("s.groovy", script, Map.of("a", "amqp://x/q")));
        assertTrue(e.getMessage().startsWith("s.groovy:2: route 'a': rate: bad rate 'fast'"), e.getMessage());
        assertFalse(e.getMessage().contains("-P a="), e.getMessage());
        // A parameter whose value is what is wrong is still named.
        ScriptException given = assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy",
                "test {\n  route 'a', rate: param('r', 5)\n}\n", Map.of("r", "lots")));
        assertTrue(given.getMessage().startsWith("s.groovy:2: -P r=lots: route 'a': rate: bad rate 'lots'"), given.getMessage());
    }

    @Test
    void eachBadSettingSaysWhatIsWrong() {
        assertEquals("s.groovy:2: route 'a': size: bad message size '512B: x': the weight 'x' of 512 is not a positive whole"
                        + " number (at most 999999); expected a size like 1KiB or ~1KiB ±10%, or weighted sizes like '512B: 80, 4KiB: 20'",
                refusal("route 'a', size: '512B: x'"));
        assertTrue(refusal("route 'a', size: '~1 KiB ±95 %'").startsWith("s.groovy:2: route 'a': size: bad message size"
                + " '~1 KiB ±95 %': a variation must be from 1 to 90 %"), refusal("route 'a', size: '~1 KiB ±95 %'"));
        assertEquals("s.groovy:2: route 'a': unknown setting 'rat' (did you mean 'rate'?)", refusal("route 'a', rat: 5"));
        assertEquals("s.groovy:2: route 'a': connections 5000 is more than the 1000 a worker may open",
                refusal("route 'a', connections: 5000"));
        assertTrue(refusal("route 'a', rate: 20000000").startsWith("s.groovy:2: route 'a': rate 20000000 msg/s is more than"),
                refusal("route 'a', rate: 20000000"));
        assertEquals("s.groovy:1: route 'a': receiverStartAfter (10000 ms) must be shorter than the duration 10s: the"
                + " receivers would start after the senders ended", refusal("duration '10s'\n  route 'a', receiverStartAfter: '10s'"));
    }

    @Test
    void latencyIsOneWayUnlessTheTestOrARouteSaysRoundTrip() throws ScriptException {
        TestPlan plain = ScriptRunner.load("s.groovy", "test {\n  url 'amqp://h/q'\n}\n", Map.of());
        assertEquals(LatencyMode.ONE_WAY_MODE, plain.latency());
        TestPlan plan = ScriptRunner.load("s.groovy", """
                test {
                    latency 'round-trip'
                    latencySample 10
                    route 'a', url: 'amqp://h/a'
                    route 'b', url: 'amqp://h/b', latency: 'one-way'
                    route 'c', url: 'amqp://h/c', latency: 'round-trip', latencySample: 3
                }
                """, Map.of());
        assertEquals(new LatencyMode(true, 10), plan.latency());
        assertEquals(List.of("round-trip, 1 in 10 messages", "one-way", "round-trip, 1 in 3 messages"), plan.routes().stream()
                .map(r -> r.settings().latencyOr(plan.latency()).toString()).toList());
        assertEquals("s.groovy:2: route 'a': latency: latency 'both' is neither 'one-way' nor 'round-trip'",
                refusal("route 'a', latency: 'both'"));
        assertEquals("s.groovy:2: route 'a': latency: latency.sample 5 samples round trips: it needs latency 'round-trip'",
                refusal("route 'a', latencySample: 5"));
        assertTrue(refusal("latency 'two-way'").startsWith("s.groovy:2: latency 'two-way' is neither"), refusal("latency 'two-way'"));
    }

    private static String refusal(String lines) {
        return assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy", "test {\n  " + lines + "\n}\n",
                Map.of())).getMessage();
    }

    @Test
    void theShippedMatrixIsOneTestPerSizeAndProtocol() throws Exception {
        List<TestPlan> plans = ScriptRunner.loadAll(Path.of("..", "test-scripts", "matrix.groovy"),
                Map.of("sizes", "1KiB,4KiB,~1KiB ±10 %", "protocols", "amqp,core"), true);
        assertEquals(List.of("matrix-amqp-1KiB", "matrix-core-1KiB", "matrix-amqp-4KiB", "matrix-core-4KiB",
                "matrix-amqp-~1KiB ±10 %", "matrix-core-~1KiB ±10 %"), plans.stream().map(TestPlan::name).toList());
        assertEquals("~1KiB±10%", plans.get(5).messageSize().toString());
        assertEquals("core", plans.get(5).routes().get(0).localScheme());
        ScriptException one = assertThrows(ScriptException.class,
                () -> ScriptRunner.load(Path.of("..", "test-scripts", "matrix.groovy"), Map.of(), true));
        assertTrue(one.getMessage().contains("describes 4"), one.getMessage());
    }

    @Test
    void testsOfOneScriptNeedNamesOfTheirOwn() {
        ScriptException e = assertThrows(ScriptException.class, () -> ScriptRunner.loadAll("m.groovy",
                "for (r in [100, 200]) { test { rate r } }\n", Map.of(), true));
        assertTrue(e.getMessage().startsWith("scenario m.groovy: two tests are named 'm': give each of several tests a name"),
                e.getMessage());
    }

    @Test
    void theShippedRoutesScriptSetsEachRoutesOwn() throws Exception {
        TestPlan plan = ScriptRunner.load(Path.of("..", "test-scripts", "routes.groovy"), Map.of(), true);
        assertEquals(List.of(300L, 900L), plan.routes().stream().map(r -> r.settings().rate().perSecond()).toList());
        assertEquals(1200, plan.targetRate().perSecond());
        assertEquals(2000, plan.routes().get(0).settings().receiverStartAfterMillis());
    }
}
