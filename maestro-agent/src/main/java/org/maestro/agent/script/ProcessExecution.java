package org.maestro.agent.script;

import org.maestro.common.note.Outcome;

import java.io.File;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A handler run as a process (shell, Python, any executable): started with an argv list through
 * {@link ProcessBuilder}, never through a shell; working directory the checkout, environment from
 * {@link ScriptEnvironment}, standard input empty, output (stdout and stderr merged) into the run log.
 */
final class ProcessExecution extends ScriptExecution {
    /** After the process ended, how long its output may still take to drain (a child it left may hold the pipe). */
    private static final Duration OUTPUT_DRAIN = Duration.ofSeconds(2);
    static final Duration KILL_GRACE = Duration.ofSeconds(2);
    private static final File NO_INPUT = new File("/dev/null");

    private final List<String> command;
    private volatile Process process;
    private OutputPump pump;

    ProcessExecution(ExecutionContext ctx, ExecutionLog log, List<String> command) {
        super(ctx, log);
        this.command = List.copyOf(command);
    }

    @Override
    List<String> commandLine() {
        return command;
    }

    @Override
    void launch() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(ctx.repo().toFile())
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(NO_INPUT));
        ScriptEnvironment.apply(pb.environment(), ctx);
        Process p = pb.start();
        process = p;
        log.note("pid: " + p.pid());
        pump = OutputPump.start(p.getInputStream(), log::output, "handler-" + ctx.runId() + "-output");
    }

    @Override
    Result await() throws InterruptedException {
        int status = process.waitFor();
        if (!pump.await(OUTPUT_DRAIN.toMillis(), TimeUnit.MILLISECONDS)) {
            log.note("the process ended but its output is still open (a process it started holds it); stopped reading");
        }
        if (status == 0) {
            return new Result(Outcome.SUCCEEDED, 0, "");
        }
        String last = log.lastOutput();
        return new Result(Outcome.FAILED, status, "exit status " + status + (last.isEmpty() ? " (no output)" : "; last output: "
                + abbreviate(last)));
    }

    @Override
    int stop(Thread runThread) {
        Process p = process;
        return p == null ? 0 : ProcessTree.stop(p.toHandle(), KILL_GRACE);
    }

    static String abbreviate(String s) {
        return s.length() <= 300 ? s : s.substring(0, 300) + "…";
    }
}
