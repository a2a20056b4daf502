package org.maestro.client.dsl;

import org.junit.jupiter.api.Test;
import org.maestro.client.plan.TestPlan;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** What a script may leave to --local (the agent's handler source, a handler's optional argument), and what it must be given otherwise. */
class LocalDefaultsTest {
    private static final String SCRIPT = """
            test {
                url      param('url', null)
                agent {
                    source   param('handlers', null), branch: param('branch', '')
                    at       '5s', run: 'restart-broker.sh', args: [param('instance', null)]
                }
            }
            """;

    @Test
    void withoutLocalAMissingHandlerSourceNamesItsParameter() {
        ScriptException e = assertThrows(ScriptException.class,
                () -> ScriptRunner.load("agent.groovy", SCRIPT, Map.of("url", "amqp://sut:5672/q"), false));
        assertEquals("agent.groovy:4: -P handlers=… : the agent's handler source is not given: a git URL the agent allows"
                + " (maestro agent --allow), e.g. a repository of test-scripts/handlers; --local uses test-scripts/handlers itself",
                e.getMessage());
    }

    @Test
    void withLocalTheSourceIsLeftToTheLocalRunAndAnArgumentWithoutValueIsLeftOut() throws Exception {
        TestPlan plan = ScriptRunner.load("agent.groovy", SCRIPT, Map.of(), true);
        assertNull(plan.agent().sourceUrl());
        assertEquals(List.of(), plan.agent().actions().get(0).args());
        TestPlan given = ScriptRunner.load("agent.groovy", SCRIPT, Map.of("instance", "/opt/artemis/instance",
                "handlers", "file:///srv/h.git"), false);
        assertEquals(List.of("/opt/artemis/instance"), given.agent().actions().get(0).args());
        assertEquals("file:///srv/h.git", given.agent().sourceUrl());
    }

    @Test
    void theShippedFaultScenarioSaysWhatToGiveWithoutLocal() throws java.io.IOException {
        Path script = Path.of("..", "test-scripts", "fixed-rate-with-agent.groovy");
        List<String> lines = java.nio.file.Files.readAllLines(script);
        int line = 1 + java.util.stream.IntStream.range(0, lines.size())
                .filter(i -> lines.get(i).contains("param('handlers'")).findFirst().orElseThrow();
        ScriptException e = assertThrows(ScriptException.class, () -> ScriptRunner.load(script, Map.of("url", "amqp://sut:5672/q"), false));
        assertEquals(true, e.getMessage().startsWith("fixed-rate-with-agent.groovy:" + line + ": -P handlers=… : "), e.getMessage());
    }

    /** compare-protocols.groovy with --local and nothing given: each route left to the embedded SUT, in its own protocol. */
    @Test
    void withLocalTheProtocolScenarioLeavesEachRouteToTheEmbeddedSutInItsProtocol() throws Exception {
        Path script = Path.of("..", "test-scripts", "compare-protocols.groovy");
        TestPlan plan = ScriptRunner.load(script, Map.of(), true);
        assertEquals(List.of("amqp", "core", "openwire", "mqtt"), plan.routes().stream().map(TestPlan.Route::name).toList());
        for (TestPlan.Route r : plan.routes()) {
            assertNull(r.sendUrl(), r.toString());
            assertEquals(r.name(), r.localScheme(), "the route's protocol: picks the scheme --local gives it");
        }
        TestPlan filled = plan.withSut((group, scheme) -> scheme + "://127.0.0.1:1/q." + group, "local");
        assertEquals("openwire://127.0.0.1:1/q.openwire", filled.routes().get(2).sendUrl());
        ScriptException e = assertThrows(ScriptException.class, () -> ScriptRunner.load(script, Map.of(), false));
        assertEquals(true, e.getMessage().contains("no URL for amqp, core, openwire, mqtt (or --local for an embedded Artemis)"),
                e.getMessage());
    }

    @Test
    void aProtocolTheEmbeddedSutDoesNotSpeakIsRefusedNamingTheRoute() {
        ScriptException e = assertThrows(ScriptException.class, () -> ScriptRunner.load("stomp.groovy",
                "test { route 'east', protocol: 'stomp' }", Map.of(), true));
        assertEquals(true, e.getMessage().endsWith("route 'east': protocol 'stomp' is not one --local's embedded SUT speaks"
                + " (amqp, core, openwire, mqtt)"), e.getMessage());
    }

    /**
     * router-fault.groovy's -P delivery=presettled: the send URLs --local fills in carry the URL option (after the
     * option --local adds itself), the receive URLs not; with a send URL the script gives, refused on its line.
     */
    @Test
    void presettledDeliveryGoesOnTheSendUrlsLocalFillsInAndIsRefusedBesideAGivenOne() throws Exception {
        Path script = Path.of("..", "test-scripts", "router-fault.groovy");
        TestPlan plan = ScriptRunner.load(script, Map.of("delivery", "presettled"), true);
        TestPlan filled = plan.withSut((route, scheme) -> "amqp://127.0.0.1:1/q?failover=true",
                (route, scheme) -> "amqp://127.0.0.1:3/q", "local");
        assertEquals("amqp://127.0.0.1:1/q?failover=true&delivery=presettled", filled.sendUrl());
        assertEquals("amqp://127.0.0.1:3/q", filled.receiveUrl());
        assertEquals("amqp://127.0.0.1:1/q?delivery=presettled", plan.withSut((route, scheme) -> "amqp://127.0.0.1:1/q", "local")
                .sendUrl());
        assertEquals("amqp://127.0.0.1:1/q", ScriptRunner.load(script, Map.of(), true)
                .withSut((route, scheme) -> "amqp://127.0.0.1:1/q", "local").sendUrl(), "settled: the URL as --local gives it");
        ScriptException e = assertThrows(ScriptException.class, () -> ScriptRunner.load(script, Map.of("delivery", "presettled",
                "sendUrl", "amqp://r1:5672/q", "receiveUrl", "amqp://r3:5672/q", "handlers", "file:///h.git"), false));
        assertEquals(true, e.getMessage().startsWith("router-fault.groovy:") && e.getMessage().endsWith("delivery 'presettled' is"
                + " for the URLs --local fills in; a send URL the script gives says it itself: add ?delivery=presettled to it"),
                e.getMessage());
        ScriptException bad = assertThrows(ScriptException.class, () -> ScriptRunner.load(script, Map.of("delivery", "presetled"), true));
        assertEquals(true, bad.getMessage().endsWith("delivery must be settled or presettled, not 'presetled'"), bad.getMessage());
    }
}
