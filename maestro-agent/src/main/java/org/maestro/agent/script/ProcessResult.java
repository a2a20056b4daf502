package org.maestro.agent.script;

/**
 * What {@code run(...)} returns to a Groovy handler: the exit status and the output (stdout and stderr
 * merged, at most 1 MiB kept). {@code def r = run('systemctl', 'restart', 'qdrouterd'); if (!r.ok) ...}
 */
public final class ProcessResult {
    private final int exitStatus;
    private final String output;

    ProcessResult(int exitStatus, String output) {
        this.exitStatus = exitStatus;
        this.output = output;
    }

    public int getExitStatus() {
        return exitStatus;
    }

    public String getOutput() {
        return output;
    }

    /** Exit status 0. */
    public boolean isOk() {
        return exitStatus == 0;
    }

    @Override
    public String toString() {
        return "exit status " + exitStatus;
    }
}
