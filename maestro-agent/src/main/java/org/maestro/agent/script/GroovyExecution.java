package org.maestro.agent.script;

import org.maestro.common.note.Outcome;

import groovy.lang.Binding;
import groovy.lang.GroovyShell;
import groovy.lang.Script;
import groovy.transform.ThreadInterrupt;
import org.codehaus.groovy.control.CompilationFailedException;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.customizers.ASTTransformationCustomizer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code *.groovy} handler, compiled when the request arrives (so a script that does not compile is
 * an error answer) and run in the agent's JVM on the run's thread, with {@link AgentScript} as its base
 * class. Compiled with {@link ThreadInterrupt}, so loops and calls check for the interrupt that the
 * timeout sends. It is not a sandbox: a handler has the agent's rights, like a shell handler from the
 * same repository.
 */
final class GroovyExecution extends ScriptExecution {
    private static final Logger LOG = LoggerFactory.getLogger(GroovyExecution.class);

    private final ScriptApi api;
    private GroovyShell shell;
    private Script script;
    private String scriptName;

    GroovyExecution(ExecutionContext ctx, ExecutionLog log) {
        super(ctx, log);
        this.api = new ScriptApi(ctx, log);
    }

    static boolean accepts(Path file) {
        return file.getFileName().toString().endsWith(".groovy");
    }

    @Override
    List<String> commandLine() {
        List<String> line = new ArrayList<>();
        line.add("groovy " + ctx.file());
        line.addAll(ctx.args());
        return line;
    }

    @Override
    void launch() {
        // compiled in prepare(); the script runs in await(), on the run's thread
    }

    @Override
    void prepare() throws IOException {
        CompilerConfiguration config = new CompilerConfiguration();
        config.setScriptBaseClass(AgentScript.class.getName());
        config.setSourceEncoding(StandardCharsets.UTF_8.name());
        config.addCompilationCustomizers(new ASTTransformationCustomizer(ThreadInterrupt.class));
        Binding binding = new Binding();
        binding.setVariable("note", ctx.note());
        binding.setVariable("options", ctx.options());
        binding.setVariable("args", ctx.args());
        binding.setVariable("runId", ctx.runId());
        binding.setVariable("handler", ctx.handler());
        binding.setVariable("repo", ctx.repo());
        binding.setVariable("outputDir", ctx.outputDir());
        binding.setVariable("agent", api);
        binding.setVariable("log", new ScriptLog(log, LOG, ctx.agentName() + " handler " + ctx.runId()));
        binding.setVariable("out", new PrintWriter(new LogWriter(log), true));
        shell = new GroovyShell(GroovyExecution.class.getClassLoader(), binding, config);
        String base = ctx.file().getFileName().toString().replaceAll("\\.groovy$", "");
        scriptName = "Handler_" + base.replaceAll("[^A-Za-z0-9_]", "_") + ".groovy";
        String text = Files.readString(ctx.file(), StandardCharsets.UTF_8);
        try {
            script = shell.parse(text, scriptName);
        } catch (CompilationFailedException e) {
            closeLoader();
            throw new IllegalArgumentException("handler '" + ctx.handler() + "' does not compile: "
                    + compileErrors(e.getMessage().replace(scriptName, ctx.handler())), e);
        }
    }

    @Override
    Result await() {
        try {
            Object returned = script.run();
            if (returned instanceof Number n && n.longValue() != 0) {
                return new Result(Outcome.FAILED, n.longValue(), "the script returned " + n);
            }
            return new Result(Outcome.SUCCEEDED, 0, "");
        } catch (Throwable e) { // the script's own failure, whatever it is, is the run's outcome
            if (e instanceof VirtualMachineError vm && !(e instanceof StackOverflowError)) {
                throw vm;
            }
            return new Result(Outcome.FAILED, -1, describe(e));
        } finally {
            closeLoader();
        }
    }

    @Override
    int stop(Thread runThread) {
        int killed = api.killAll(); // first: once interrupted, run() would kill them itself, uncounted
        if (runThread != null) {
            runThread.interrupt();
        }
        return killed;
    }

    /** Groovy's multi-line "startup failed: ... 1 error" as one line: the errors, separated by "; ". */
    static String compileErrors(String message) {
        List<String> lines = new ArrayList<>();
        for (String line : message.split("\\R")) {
            String l = line.strip();
            if (!l.isEmpty() && !l.equals("startup failed:") && !l.matches("\\d+ errors?")) {
                lines.add(l);
            }
        }
        return String.join("; ", lines);
    }

    /** E.g. {@code IllegalStateException: broker did not stop (handlers/x.groovy line 12)}. */
    private String describe(Throwable e) {
        String where = "";
        for (StackTraceElement el : e.getStackTrace()) {
            if (scriptName.equals(el.getFileName()) && el.getLineNumber() > 0) {
                where = " (" + ctx.handler() + " line " + el.getLineNumber() + ")";
                break;
            }
        }
        String message = e.getMessage() == null ? "" : ": " + e.getMessage();
        return e.getClass().getSimpleName() + message + where;
    }

    private void closeLoader() {
        try {
            if (shell != null) {
                shell.getClassLoader().close();
            }
        } catch (IOException e) {
            LOG.debug("closing the class loader of handler {}: {}", ctx.runId(), e.toString());
        }
    }

    /** {@code println} of a script: whole lines into the run log. */
    private static final class LogWriter extends Writer {
        private final ExecutionLog log;
        private final StringBuilder line = new StringBuilder();

        LogWriter(ExecutionLog log) {
            this.log = log;
        }

        @Override
        public synchronized void write(char[] cbuf, int off, int len) {
            for (int i = off; i < off + len; i++) {
                if (cbuf[i] == '\n') {
                    log.output(line.toString());
                    line.setLength(0);
                } else if (cbuf[i] != '\r') {
                    line.append(cbuf[i]);
                }
            }
        }

        @Override
        public synchronized void flush() {
        }

        @Override
        public synchronized void close() {
            if (line.length() > 0) {
                log.output(line.toString());
                line.setLength(0);
            }
        }
    }
}
