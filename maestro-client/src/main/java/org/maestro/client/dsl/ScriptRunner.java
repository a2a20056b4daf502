package org.maestro.client.dsl;

import org.maestro.common.util.IoReason;
import groovy.lang.Binding;
import groovy.lang.GroovyCodeSource;
import groovy.lang.GroovyShell;
import groovy.lang.MissingMethodException;
import groovy.lang.MissingPropertyException;
import groovy.lang.Script;
import org.codehaus.groovy.control.CompilationFailedException;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.ManagementTarget;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Loads a scenario script and returns the test it describes ({@link #load}), or the tests, when it describes several
 * ({@link #loadAll}: e.g. a matrix of sizes and protocols, one {@code test { }} per combination). Any error (a typo,
 * a bad value, an unknown method) becomes a {@link ScriptException} naming the file and line.
 */
public final class ScriptRunner {
    static final String PARAMS = "__maestroParams";
    static final String PARAMS_READ = "__maestroParamsRead";
    static final String PLANS = "__maestroPlans";
    static final String SCRIPT_NAME = "__maestroScriptName";
    static final String PARAMS_UNSET = "__maestroParamsUnset";
    static final String LOCAL = "__maestroLocal";
    /** The script's directory, where a file it names (a topology's YAML) is looked for after the working directory. */
    static final String SCRIPT_DIR = "__maestroScriptDir";

    private ScriptRunner() {
    }

    /** Loads a scenario whose missing values (SUT, handler source) a local run provides; see {@link #load(Path, Map, boolean)}. */
    public static TestPlan load(Path script, Map<String, String> params) throws ScriptException {
        return load(script, params, true);
    }

    /**
     * Loads a scenario.
     *
     * @param local whether {@code --local} provides what the script leaves out (the agent's handler source); when
     *              not, a setting left without a value is refused naming the {@code -P} that gives it
     */
    public static TestPlan load(Path script, Map<String, String> params, boolean local) throws ScriptException {
        return only(script.getFileName().toString(), loadAll(script, params, local));
    }

    /** Loads a scenario of one test or more, in the order its {@code test { }} blocks ran; names are distinct. */
    public static List<TestPlan> loadAll(Path script, Map<String, String> params, boolean local) throws ScriptException {
        String text;
        try {
            text = Files.readString(script, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ScriptException("cannot read scenario " + script + ": " + IoReason.of(e));
        }
        Path dir = script.toAbsolutePath().normalize().getParent();
        return loadAll(script.getFileName().toString(), text, params, local, dir == null ? Path.of("") : dir);
    }

    public static TestPlan load(String fileName, String text, Map<String, String> params) throws ScriptException {
        return load(fileName, text, params, true);
    }

    public static TestPlan load(String fileName, String text, Map<String, String> params, boolean local) throws ScriptException {
        return only(fileName, loadAll(fileName, text, params, local));
    }

    private static TestPlan only(String fileName, List<TestPlan> plans) throws ScriptException {
        if (plans.size() != 1) {
            throw new ScriptException("scenario " + fileName + " must describe exactly one test with test { ... } here; it"
                    + " describes " + plans.size() + " (maestro run runs a script of several, each a run of its own)");
        }
        return plans.get(0);
    }

    /** As {@link #loadAll(Path, Map, boolean)}, from the script's text. */
    public static List<TestPlan> loadAll(String fileName, String text, Map<String, String> params, boolean local)
            throws ScriptException {
        return loadAll(fileName, text, params, local, Path.of(""));
    }

    private static List<TestPlan> loadAll(String fileName, String text, Map<String, String> params, boolean local, Path scriptDir)
            throws ScriptException {
        CompilerConfiguration config = new CompilerConfiguration();
        config.setScriptBaseClass(ScenarioScript.class.getName());
        ScenarioExit exits = new ScenarioExit();
        config.addCompilationCustomizers(exits);
        Binding binding = new Binding();
        List<TestPlan> plans = new ArrayList<>();
        binding.setVariable(PARAMS, Map.copyOf(params));
        binding.setVariable(PLANS, plans);
        Set<String> read = ConcurrentHashMap.newKeySet();
        binding.setVariable(PARAMS_READ, read);
        binding.setVariable(SCRIPT_NAME, fileName);
        binding.setVariable(LOCAL, local);
        binding.setVariable(SCRIPT_DIR, scriptDir);
        Set<String> unset = ConcurrentHashMap.newKeySet();
        binding.setVariable(PARAMS_UNSET, unset);
        GroovyShell shell = new GroovyShell(ScriptRunner.class.getClassLoader(), binding, config);
        Script script;
        try {
            script = shell.parse(new GroovyCodeSource(text, fileName, "/groovy/script"));
        } catch (CompilationFailedException e) {
            throw new ScriptException("scenario " + fileName + " does not compile: " + e.getMessage().trim());
        }
        if (!exits.lines().isEmpty()) {
            throw new ScriptException(fileName + ":" + exits.lines().get(0) + ": a scenario cannot end the client (System.exit):"
                    + " it describes a test, which has not run yet");
        }
        RuntimeException[] failure = {null};
        ScenarioExit.guard(fileName, () -> {
            try {
                script.run();
            } catch (RuntimeException e) {
                failure[0] = e;
            }
        });
        // A typo in a -P name may be what made the script fail: it is said first.
        Set<String> known = new TreeSet<>(ParamNames.written(text));
        known.addAll(read);
        List<String> unknown = params.keySet().stream().filter(p -> !known.contains(p)).sorted()
                .map(p -> ParamNames.unknown(p, known)).toList();
        if (!unknown.isEmpty()) {
            throw new ScriptException(String.join("; ", unknown));
        }
        if (failure[0] != null) {
            String line = line(failure[0], fileName);
            String why = describe(failure[0]);
            throw new ScriptException(fileName + ":" + line + ": " + given(params, unset, text, line, why) + why);
        }
        if (plans.isEmpty()) {
            throw new ScriptException("scenario " + fileName + " describes no test: it must describe at least one with test { ... }");
        }
        Set<String> names = new HashSet<>();
        for (TestPlan plan : plans) {
            if (!names.add(plan.name())) {
                throw new ScriptException("scenario " + fileName + ": two tests are named '" + plan.name() + "': give each of"
                        + " several tests a name of its own (name \"size-${size}\"), so their runs and JUnit suites tell them apart");
            }
            if (plans.size() > 1 && plan.incremental() != null) {
                throw new ScriptException("scenario " + fileName + ": test '" + plan.name() + "' is incremental; an incremental"
                        + " test runs from a script of its own, not among several");
            }
        }
        return List.copyOf(plans);
    }

    /** The script line where {@code e} happened, from its stack trace; "?" when it is not there. */
    private static String line(Throwable e, String fileName) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            for (StackTraceElement frame : t.getStackTrace()) {
                if (fileName.equals(frame.getFileName()) && frame.getLineNumber() > 0) {
                    return Integer.toString(frame.getLineNumber());
                }
            }
        }
        return "?";
    }

    /**
     * "-P rate=abc: " when the failing line reads a parameter given with -P whose value the error quotes (the value is
     * what was wrong, not another setting of the line), and "-P handlers=… : " when it reads one that has no value,
     * so the message names the -P to give.
     */
    private static String given(Map<String, String> params, Set<String> unset, String text, String line, String why) {
        String[] lines = text.split("\n", -1);
        int n = line.equals("?") ? -1 : Integer.parseInt(line) - 1;
        if (n < 0 || n >= lines.length) {
            return "";
        }
        Set<String> readThere = ParamNames.written(lines[n]);
        StringBuilder out = new StringBuilder();
        params.forEach((name, value) -> {
            if (readThere.contains(name) && quotes(why, value)) {
                out.append("-P ").append(name).append('=').append(value).append(": ");
            }
        });
        if (out.isEmpty()) { // a -P given whose value is wrong is the reason; one without a value is not then
            readThere.stream().filter(unset::contains).sorted().forEach(name -> out.append("-P ").append(name).append("=… : "));
        }
        return out.toString();
    }

    /**
     * Whether the error quotes {@code value}: all of it, or, for a list of management targets
     * ({@code r1=amqp://…,r3=http://…}, {@link ManagementTarget}), one of its entries or their URLs in quotes.
     */
    private static boolean quotes(String why, String value) {
        if (why.contains(value)) {
            return true;
        }
        if (!value.contains(ManagementTarget.SEPARATOR)) {
            return false;
        }
        List<String> parts = new ArrayList<>();
        try {
            ManagementTarget.parse(value).forEach(t -> {
                parts.add(t.text());
                parts.add(t.url());
            });
        } catch (IllegalArgumentException e) {
            parts.addAll(List.of(value.split(ManagementTarget.SEPARATOR, -1))); // its own refusal quotes the entry
        }
        return parts.stream().map(String::strip).filter(p -> !p.isEmpty()).anyMatch(p -> why.contains("'" + p + "'"));
    }

    private static String describe(RuntimeException e) {
        if (e instanceof MissingMethodException m) {
            return "no such setting or command '" + m.getMethod() + "'" + (m.getArguments().length > 0 ? " with "
                    + m.getArguments().length + " argument(s)" : "");
        }
        if (e instanceof MissingPropertyException p) {
            return "unknown name '" + p.getProperty() + "'";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
