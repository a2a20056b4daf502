package org.maestro.agent.script;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The environment of a handler process: the agent's own, without inherited {@code MAESTRO_*} variables,
 * plus the run's: {@code MAESTRO_TEST_ID}, {@code MAESTRO_RUN_ID}, {@code MAESTRO_HANDLER},
 * {@code MAESTRO_COMMAND}, {@code MAESTRO_AGENT_NAME}, {@code MAESTRO_REPO} (the checkout, also the working
 * directory), {@code MAESTRO_OUTPUT_DIR} (the test's data directory of this agent, collected by the
 * client), {@code MAESTRO_SOURCE_URL}, {@code MAESTRO_SOURCE_COMMIT}, and one
 * {@code MAESTRO_OPTION_<NAME>} per SET option ({@code agent.handler.timeout} becomes
 * {@code MAESTRO_OPTION_AGENT_HANDLER_TIMEOUT}). Values are data: no shell reads them on the way.
 */
public final class ScriptEnvironment {
    private ScriptEnvironment() {
    }

    /** Replaces the MAESTRO_ variables of {@code env} (a ProcessBuilder's environment) with this run's. */
    public static void apply(Map<String, String> env, ExecutionContext ctx) {
        env.keySet().removeIf(k -> k.startsWith("MAESTRO_"));
        env.putAll(variables(ctx));
    }

    public static Map<String, String> variables(ExecutionContext ctx) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("MAESTRO_TEST_ID", ctx.testId());
        v.put("MAESTRO_RUN_ID", ctx.runId());
        v.put("MAESTRO_HANDLER", ctx.handler());
        v.put("MAESTRO_COMMAND", ctx.command().name());
        v.put("MAESTRO_AGENT_NAME", ctx.agentName());
        v.put("MAESTRO_REPO", ctx.repo().toString());
        v.put("MAESTRO_OUTPUT_DIR", ctx.outputDir().toString());
        v.put("MAESTRO_SOURCE_URL", ctx.checkout().url().redacted());
        v.put("MAESTRO_SOURCE_COMMIT", ctx.checkout().commit());
        ctx.options().forEach((name, value) -> {
            if (value.indexOf('\0') < 0) {
                v.put(optionVariable(name), value);
            }
        });
        return v;
    }

    /** {@code agent.handler.timeout} → {@code MAESTRO_OPTION_AGENT_HANDLER_TIMEOUT}. */
    public static String optionVariable(String option) {
        return "MAESTRO_OPTION_" + option.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }
}
