package org.maestro.agent.script;

import groovy.lang.Script;

import java.util.List;

/**
 * The base class of Groovy handlers: the API they call without qualification. Besides these methods, a
 * handler sees the variables {@code note} (the request, {@code org.maestro.common.note.Note}),
 * {@code options} (the SET options, a read-only map), {@code args} (a list of strings), {@code runId},
 * {@code handler}, {@code repo} and {@code outputDir} (paths), {@code log} ({@link ScriptLog}) and
 * {@code agent} ({@link ScriptApi}); {@code println} writes to the run's log.
 *
 * <pre>{@code
 * log.info "restarting with ${args}"
 * def r = run('systemctl', 'restart', 'qdrouterd')
 * notify "router restarted: ${r.exitStatus}"
 * return r.exitStatus      // a number returned is the exit status; 0 or nothing = succeeded
 * }</pre>
 */
public abstract class AgentScript extends Script {

    private ScriptApi api() {
        return (ScriptApi) getBinding().getVariable("agent");
    }

    /** Sends the client a message (NOTIFY_SUCCESS from this agent, detail {@code handler <runId> <handler>: text}). */
    public void notify(String text) {
        api().notify(text);
    }

    /** Tells the client the test should fail (NOTIFY_FAIL with this reason); the handler goes on. */
    public void notifyFail(String reason) {
        api().notifyFail(reason);
    }

    /** Runs a process (argv entries, no shell) in the checkout, waits for it, returns its exit status and output. */
    public ProcessResult run(String program, String... arguments) throws InterruptedException {
        return api().run(program, arguments);
    }

    /** Same as {@link #run(String, String...)}, with the command as a list. */
    public ProcessResult run(List<?> command) throws InterruptedException {
        return api().run(command);
    }
}
