package org.maestro.agent.script;

import org.maestro.common.note.Payload;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * What a Groovy handler can do besides plain Groovy (the variable {@code agent}, and the methods of
 * {@link AgentScript}): message the client and run processes. Processes run as {@link ProcessExecution}
 * does (argv list, no shell, the same environment and working directory) and are killed with the
 * handler at its timeout.
 */
public final class ScriptApi {
    private static final int MAX_KEPT_OUTPUT = 1 << 20;

    private final ExecutionContext ctx;
    private final ExecutionLog log;
    private final Set<Process> processes = ConcurrentHashMap.newKeySet();

    ScriptApi(ExecutionContext ctx, ExecutionLog log) {
        this.ctx = ctx;
        this.log = log;
    }

    public void notify(String text) {
        log.note("notify: " + text);
        ctx.notifier().accept(new Payload.NotifySuccess(ctx.testId(), prefix() + text));
    }

    public void notifyFail(String reason) {
        log.note("notifyFail: " + reason);
        ctx.notifier().accept(new Payload.NotifyFail(ctx.testId(), prefix() + reason));
    }

    public ProcessResult run(String program, String... arguments) throws InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(program);
        command.addAll(List.of(arguments));
        return start(command);
    }

    public ProcessResult run(List<?> command) throws InterruptedException {
        if (command == null || command.isEmpty()) {
            throw new IllegalArgumentException("run: give the program and its arguments, e.g. run('ls', '-l')");
        }
        List<String> argv = new ArrayList<>();
        for (Object o : command) {
            argv.add(String.valueOf(o));
        }
        return start(argv);
    }

    /** Kills every process still running for this handler. @return how many were signalled */
    int killAll() {
        int n = 0;
        for (Process p : processes) {
            n += ProcessTree.stop(p.toHandle(), ProcessExecution.KILL_GRACE);
        }
        return n;
    }

    private ProcessResult start(List<String> argv) throws InterruptedException {
        for (String a : argv) {
            if (a.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("run: an argument contains a NUL character");
            }
        }
        log.note("run: " + argv);
        ProcessBuilder pb = new ProcessBuilder(argv).directory(ctx.repo().toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        ScriptEnvironment.apply(pb.environment(), ctx);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new IllegalStateException("run: cannot start " + argv.get(0) + ": " + e.getMessage(), e);
        }
        processes.add(p);
        log.note("run: " + argv.get(0) + " started, pid " + p.pid());
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        OutputPump pump = OutputPump.start(p.getInputStream(), line -> {
            log.output(line);
            synchronized (kept) {
                if (kept.size() < MAX_KEPT_OUTPUT) {
                    byte[] b = (line + "\n").getBytes(StandardCharsets.UTF_8);
                    kept.write(b, 0, b.length);
                }
            }
        }, "handler-" + ctx.runId() + "-run");
        try {
            int status = p.waitFor();
            pump.await(2, TimeUnit.SECONDS);
            log.note("run: " + argv.get(0) + " ended with exit status " + status);
            synchronized (kept) {
                return new ProcessResult(status, kept.toString(StandardCharsets.UTF_8));
            }
        } catch (InterruptedException e) {
            ProcessTree.stop(p.toHandle(), ProcessExecution.KILL_GRACE);
            throw e;
        } finally {
            processes.remove(p);
        }
    }

    private String prefix() {
        return "handler " + ctx.runId() + " " + ctx.handler() + ": ";
    }
}
