package org.maestro.agent.script;

/**
 * What {@code run(...)} returns to a Groovy handler: the exit status and the output (stdout and stderr
 * merged, at most 1 MiB kept). {@code def r = run('systemctl', 'restart', 'qdrouterd'); if (!r.ok) ...}; Groovy reads
 * a record's components as properties ({@code r.exitStatus}, {@code r.output}).
 */
public record ProcessResult(int exitStatus, String output) {
    /** Exit status 0. */
    public boolean isOk() {
        return exitStatus == 0;
    }

    @Override
    public String toString() {
        return "exit status " + exitStatus;
    }
}
