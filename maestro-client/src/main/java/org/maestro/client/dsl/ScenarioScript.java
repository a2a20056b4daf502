package org.maestro.client.dsl;

import groovy.lang.Closure;
import groovy.lang.Script;
import org.maestro.client.plan.TestPlan;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a scenario script can call besides Groovy itself: {@code test { ... }} to describe the test,
 * and {@code param(name, default)} for values a Jenkins matrix overrides, from {@code -P name=value}
 * or the environment variable {@code MAESTRO_NAME}.
 */
public abstract class ScenarioScript extends Script {

    /** Describes the test. */
    public TestPlan test(Closure<?> block) {
        String file = String.valueOf(getBinding().getVariable(ScriptRunner.SCRIPT_NAME));
        TestSpec spec = new TestSpec(file.replaceFirst("\\.groovy$", ""), (Boolean) getBinding().getVariable(ScriptRunner.LOCAL));
        spec.scriptDir((Path) getBinding().getVariable(ScriptRunner.SCRIPT_DIR));
        block.setDelegate(spec);
        block.setResolveStrategy(Closure.DELEGATE_FIRST);
        block.call();
        TestPlan plan = spec.build();
        @SuppressWarnings("unchecked")
        List<TestPlan> plans = (List<TestPlan>) getBinding().getVariable(ScriptRunner.PLANS);
        plans.add(plan);
        return plan;
    }

    /**
     * A -P option, else the environment variable MAESTRO_NAME (dots become underscores), else the default. A given
     * value is a whole number when the default is one and the value reads as one; otherwise it is the text as given,
     * so the setting it goes to reads it in its own syntax ({@code param('duration', '200000msg')} takes
     * {@code -P duration=30s}).
     */
    public Object param(String name, Object defaultValue) {
        @SuppressWarnings("unchecked")
        Map<String, String> params = (Map<String, String>) getBinding().getVariable(ScriptRunner.PARAMS);
        @SuppressWarnings("unchecked")
        Set<String> read = (Set<String>) getBinding().getVariable(ScriptRunner.PARAMS_READ);
        read.add(name);
        String value = params.get(name);
        if (value == null) {
            value = System.getenv("MAESTRO_" + name.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_'));
        }
        if (value == null) {
            if (defaultValue == null) {
                // Remembered so that a setting that needs it names the -P to give.
                @SuppressWarnings("unchecked")
                Set<String> unset = (Set<String>) getBinding().getVariable(ScriptRunner.PARAMS_UNSET);
                unset.add(name);
            }
            return defaultValue;
        }
        if (defaultValue instanceof Integer || defaultValue instanceof Long) {
            try {
                long n = Long.parseLong(value.trim());
                return defaultValue instanceof Integer && n == (int) n ? (Object) (int) n : (Object) n;
            } catch (NumberFormatException notAWholeNumber) {
                return value;
            }
        }
        return value;
    }

    /**
     * Whether the run is {@code --local} (the script's {@code local}): it then provides the SUT of a route left without
     * a URL, so a script asks for one only when not.
     */
    public boolean isLocal() {
        return (Boolean) getBinding().getVariable(ScriptRunner.LOCAL);
    }

    /** An environment variable, or the default. */
    public Object env(String name, Object defaultValue) {
        String value = System.getenv(name);
        return value == null ? defaultValue : value;
    }
}
