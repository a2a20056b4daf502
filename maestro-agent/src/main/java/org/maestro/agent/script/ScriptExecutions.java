package org.maestro.agent.script;

import org.maestro.common.note.Outcome;

import org.maestro.common.note.Payload;
import org.maestro.common.runfiles.HandlersCsv;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunJson;
import org.maestro.common.units.TestDuration;
import org.maestro.common.util.Clocks;
import org.maestro.common.util.SafeText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The agent's handler runs: each on a thread of its own with a watchdog at its timeout, several at once.
 * When a run ends (by itself, at its timeout, or because the agent halts) its log gets the end, outcome
 * and exit status, {@code handlers.csv} gets a line and the client a NOTIFY_HANDLER; exactly once.
 * Refused runs are recorded the same way, without a process.
 */
public final class ScriptExecutions implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ScriptExecutions.class);
    /** After a stop, how long a run may take to wind up before it is written off (its thread abandoned). */
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private final int maxRunning;
    private final Map<String, Active> running = new ConcurrentHashMap<>();
    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "handler-watchdog");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean closing;

    /** A run that has started and not yet been recorded as ended. */
    private static final class Active {
        final ExecutionContext ctx;
        final ScriptExecution run;
        final ExecutionLog log;
        final long startMicros;
        final AtomicBoolean ended = new AtomicBoolean();
        final CountDownLatch stopDone = new CountDownLatch(1);
        volatile Thread thread;
        volatile ScheduledFuture<?> timer;
        volatile Outcome stopOutcome;
        volatile String stopReason;

        Active(ExecutionContext ctx, ScriptExecution run, ExecutionLog log, long startMicros) {
            this.ctx = ctx;
            this.run = run;
            this.log = log;
            this.startMicros = startMicros;
        }
    }

    /** @param maxRunning how many runs may be under way at once; more are refused */
    public ScriptExecutions(int maxRunning) {
        this.maxRunning = maxRunning;
    }

    /**
     * Starts the handler {@code ctx.file()} and returns once it has started.
     *
     * @throws RefusedException when it is not run (recorded as refused)
     * @throws IllegalStateException when it cannot start (recorded as failed), with the reason
     */
    public void start(ExecutionContext ctx) throws RefusedException, IOException {
        ExecutionLog log = ExecutionLog.create(ctx.outputDir(), ctx.runId(), ctx.handler());
        header(log, ctx);
        ScriptExecution run;
        try {
            if (closing) {
                throw new RefusedException("the agent is halting");
            }
            if (running.size() >= maxRunning) {
                throw new RefusedException(running.size() + " handlers are running already, the most this agent runs at once");
            }
            run = GroovyExecution.accepts(ctx.file()) ? new GroovyExecution(ctx, log)
                    : new ProcessExecution(ctx, log, Shebang.command(ctx.file(), ctx.handler(), ctx.args()));
        } catch (RefusedException e) {
            long now = Clocks.epochMicros();
            end(ctx, log, now, now, Outcome.REFUSED, -1, e.getMessage());
            throw e;
        }
        log.note("command: " + RunJson.strings(run.commandLine()));
        long start = Clocks.epochMicros();
        try {
            run.prepare();
            start = Clocks.epochMicros();
            log.note("start: " + HandlersCsv.iso(start));
            log.started();
            run.launch();
        } catch (Exception e) {
            String reason = e instanceof IllegalArgumentException ? e.getMessage()
                    : "handler '" + ctx.handler() + "' cannot start: " + message(e);
            end(ctx, log, start, Clocks.epochMicros(), Outcome.FAILED, -1, reason);
            throw new IllegalStateException(reason, e);
        }
        Active a = new Active(ctx, run, log, start);
        running.put(ctx.runId(), a);
        Thread thread = new Thread(() -> body(a), "handler-" + ctx.runId());
        thread.setDaemon(true);
        a.thread = thread;
        thread.start();
        a.timer = watchdog.schedule(() -> stop(a, Outcome.TIMED_OUT, "did not end within " + human(ctx.timeout())),
                ctx.timeout().toNanos(), TimeUnit.NANOSECONDS);
        LOG.info("{}: handler {} run {} started ({})", ctx.agentName(), SafeText.of(ctx.handler()), ctx.runId(), ctx.command());
    }

    /** Records a run that was refused before it could be prepared (no source, a bad path). */
    public void refuse(ExecutionContext ctx, String reason) {
        long now = Clocks.epochMicros();
        ExecutionLog log = null;
        try {
            log = ExecutionLog.create(ctx.outputDir(), ctx.runId(), ctx.handler());
            header(log, ctx);
        } catch (IOException e) {
            LOG.warn("{}: cannot write the log of refused run {}: {}", ctx.agentName(), ctx.runId(), e.toString());
        }
        end(ctx, log, now, now, Outcome.REFUSED, -1, reason);
    }

    /** The ids of the runs under way. */
    public List<String> running() {
        return List.copyOf(running.keySet());
    }

    /** The checkout directories that runs under way use (not to be pruned). */
    public List<Path> checkoutsInUse() {
        List<Path> dirs = new ArrayList<>();
        running.values().forEach(a -> dirs.add(a.ctx.repo()));
        return dirs;
    }

    /** Stops every run (recorded as failed: the agent was halted), waits a little for them, then gives up. */
    @Override
    public void close() {
        closing = true;
        List<Active> all = List.copyOf(running.values());
        for (Active a : all) {
            stop(a, Outcome.FAILED, "stopped: the agent was halted");
        }
        long deadline = System.nanoTime() + STOP_GRACE.toNanos();
        for (Active a : all) {
            Thread t = a.thread;
            long left = deadline - System.nanoTime();
            if (t != null && left > 0) {
                try {
                    t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        for (Active a : all) {
            finish(a, new ScriptExecution.Result(Outcome.FAILED, -1, "stopped: the agent was halted"));
        }
        watchdog.shutdownNow();
    }

    private void body(Active a) {
        ScriptExecution.Result result;
        try {
            result = a.run.await();
        } catch (Exception e) {
            result = new ScriptExecution.Result(Outcome.FAILED, -1, message(e));
        }
        finish(a, result);
    }

    /** Timeout or halt: mark why, kill, and write the run off if it does not wind up within the grace period. */
    private void stop(Active a, Outcome outcome, String why) {
        synchronized (a) {
            if (a.ended.get() || a.stopOutcome != null) {
                return;
            }
            a.stopReason = why;
            a.stopOutcome = outcome;
        }
        try {
            a.log.note(why + ": stopping it");
            int killed = a.run.stop(a.thread);
            if (killed > 0) {
                a.stopReason = why + "; killed it (" + killed + " process" + (killed == 1 ? "" : "es") + ")";
            }
        } finally {
            a.stopDone.countDown();
        }
        LOG.info("{}: handler {} run {} {}", a.ctx.agentName(), a.ctx.handler(), a.ctx.runId(), a.stopReason);
        if (!closing) {
            watchdog.schedule(() -> {
                if (!a.ended.get()) {
                    a.stopReason += "; it did not stop within " + human(STOP_GRACE) + " (its thread is abandoned)";
                    finish(a, new ScriptExecution.Result(outcome, -1, a.stopReason));
                }
            }, STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void finish(Active a, ScriptExecution.Result result) {
        if (a.stopOutcome != null) {
            awaitStopDone(a);
        }
        if (!a.ended.compareAndSet(false, true)) {
            return;
        }
        ScheduledFuture<?> timer = a.timer;
        if (timer != null) {
            timer.cancel(false);
        }
        running.remove(a.ctx.runId());
        if (a.stopOutcome != null) {
            end(a.ctx, a.log, a.startMicros, Clocks.epochMicros(), a.stopOutcome, -1, a.stopReason);
        } else {
            end(a.ctx, a.log, a.startMicros, Clocks.epochMicros(), result.outcome(), result.exitStatus(), result.reason());
        }
    }

    /**
     * Waits (at most 10 s) until the stop has said what it killed. Uninterruptibly: the interrupt that a
     * stop sends to a Groovy handler's thread may reach this thread here, after the script has ended.
     */
    private static void awaitStopDone(Active a) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        boolean interrupted = false;
        while (true) {
            try {
                a.stopDone.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The end of a run, wherever it came from: log footer, handlers.csv, NOTIFY_HANDLER. */
    private static void end(ExecutionContext ctx, ExecutionLog log, long startMicros, long endMicros, Outcome outcome, long exitStatus,
                            String reason) {
        if (log != null) {
            log.note(String.format(Locale.ROOT, "end: %s (%.3f s)", HandlersCsv.iso(endMicros),
                    (endMicros - startMicros) / 1e6));
            log.note("outcome: " + outcome.wireName() + ", exit status " + exitStatus);
            if (!reason.isEmpty()) {
                log.note("reason: " + reason);
            }
            log.close();
            if (log.failure() != null) {
                LOG.warn("{}: the log of run {} is incomplete: {}", ctx.agentName(), ctx.runId(), log.failure().toString());
            }
        }
        try {
            HandlersCsv.append(ctx.outputDir(), HandlersCsv.Row.of(startMicros, endMicros, ctx.runId(), ctx.handler(),
                    ctx.args(), outcome.wireName(), exitStatus, reason));
        } catch (IOException e) {
            LOG.warn("{}: cannot append run {} to {}: {}", ctx.agentName(), ctx.runId(), PeerFiles.HANDLERS_CSV,
                    e.toString());
        }
        if (outcome == Outcome.SUCCEEDED) {
            LOG.info("{}: handler {} run {} succeeded", ctx.agentName(), SafeText.of(ctx.handler()), ctx.runId());
        } else {
            LOG.warn("{}: handler {} run {} {}: {}", ctx.agentName(), SafeText.of(ctx.handler()), ctx.runId(), outcome.wireName(),
                    SafeText.of(reason));
        }
        try {
            ctx.notifier().accept(new Payload.HandlerOutcome(ctx.runId(), ctx.handler(), outcome.wireName(), exitStatus,
                    startMicros, endMicros, reason));
        } catch (RuntimeException e) {
            LOG.error("{}: cannot send the outcome of run {}: {}", ctx.agentName(), ctx.runId(), e.toString());
        }
    }

    private static void header(ExecutionLog log, ExecutionContext ctx) {
        log.note("handler: " + SafeText.of(ctx.handler()));
        log.note("run: " + ctx.runId() + " (" + ctx.command() + ", request " + SafeText.of(ctx.note().correlationId())
                + " from " + SafeText.of(ctx.note().senderId()) + ")");
        log.note("agent: " + ctx.agentName() + ", test: " + ctx.testId());
        log.note("source: " + (ctx.checkout() == null ? "none" : ctx.checkout().describe()));
        log.note("arguments: " + RunJson.strings(ctx.args()));
        log.note("timeout: " + human(ctx.timeout()));
    }

    static String human(Duration d) {
        if (d.toNanos() % 1_000_000 == 0 && !d.isZero() && !d.isNegative()) {
            return new TestDuration.ByTime(d).toString();
        }
        return d.toString();
    }

    private static String message(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
