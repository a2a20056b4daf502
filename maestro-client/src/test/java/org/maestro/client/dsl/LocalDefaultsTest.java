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
}
