package org.maestro.agent;

import org.maestro.common.note.TestOptions;
import org.maestro.common.units.TimeSpan;

import java.time.Duration;
import java.util.Map;

/**
 * The SET options an agent uses, checked: {@code test.id} (a directory name) and
 * {@code agent.handler.timeout} (a time). The rest are passed to handlers as they are.
 */
final class AgentOptions {
    private AgentOptions() {
    }

    /** @throws IllegalArgumentException naming the option and what is wrong with it */
    static void check(Map<String, String> options) {
        String testId = options.get(TestOptions.TEST_ID);
        if (testId != null) {
            TestOptions.checkTestId(testId);
        }
        String timeout = options.get(TestOptions.AGENT_HANDLER_TIMEOUT);
        if (timeout != null) {
            timeout(timeout);
        }
    }

    /** The handler timeout: the SET option if given, else the agent's. */
    static Duration handlerTimeout(Map<String, String> options, Duration agentDefault) {
        String v = options.get(TestOptions.AGENT_HANDLER_TIMEOUT);
        return v == null ? agentDefault : timeout(v);
    }

    /** A time like {@code 30s}, {@code 5m}, {@code 1h30m}, {@code 500ms}. */
    private static Duration timeout(String value) {
        try {
            return TimeSpan.parse(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option " + TestOptions.AGENT_HANDLER_TIMEOUT + ": " + e.getMessage(), e);
        }
    }

}
