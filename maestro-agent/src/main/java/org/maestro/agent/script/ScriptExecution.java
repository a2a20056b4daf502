package org.maestro.agent.script;

import org.maestro.common.note.Outcome;

import java.util.List;

/**
 * One run of a handler: {@link #launch()} starts it on the request's thread (so a handler that cannot
 * start is an error answer, not an OK), {@link #await()} waits for its end on the run's own thread, and
 * {@link #stop()} ends it early (timeout, agent halted) from any thread.
 */
abstract class ScriptExecution {
    /** How a run ended, as the handler itself made it end. */
    record Result(Outcome outcome, long exitStatus, String reason) {
    }

    protected final ExecutionContext ctx;
    protected final ExecutionLog log;

    protected ScriptExecution(ExecutionContext ctx, ExecutionLog log) {
        this.ctx = ctx;
        this.log = log;
    }

    /** What runs, for the log: the argv of a process, or the script and its arguments. */
    abstract List<String> commandLine();

    /** Gets ready to start: throws when the handler cannot run (e.g. a script that does not compile). */
    void prepare() throws Exception {
    }

    /** Starts the handler (the run's start time is taken just before). Throws when it cannot start. */
    abstract void launch() throws Exception;

    /** Waits until the handler ends by itself or is stopped. */
    abstract Result await() throws Exception;

    /**
     * Ends the handler now: kills its processes, interrupts its thread.
     *
     * @param runThread the thread running {@link #await()}
     * @return how many processes were signalled
     */
    abstract int stop(Thread runThread);
}
