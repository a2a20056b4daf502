package org.maestro.agent.script;

import org.slf4j.Logger;

/**
 * The {@code log} of a Groovy handler: each line goes to the run's log file and to the agent's own log.
 * {@code log.info "broker stopped"}, {@code log.warn ...}, {@code log.error ...}.
 */
public final class ScriptLog {
    private final ExecutionLog runLog;
    private final Logger agentLog;
    private final String prefix;

    ScriptLog(ExecutionLog runLog, Logger agentLog, String prefix) {
        this.runLog = runLog;
        this.agentLog = agentLog;
        this.prefix = prefix;
    }

    public void info(Object message) {
        runLog.output("INFO " + message);
        agentLog.info("{}: {}", prefix, message);
    }

    public void warn(Object message) {
        runLog.output("WARN " + message);
        agentLog.warn("{}: {}", prefix, message);
    }

    public void error(Object message) {
        runLog.output("ERROR " + message);
        agentLog.error("{}: {}", prefix, message);
    }
}
