package org.maestro.common.cli;

import picocli.CommandLine;

/**
 * How every Maestro command reports what stops it: one line on stderr, {@code NAME: reason}, and exit code
 * {@value #CANNOT_RUN}, never a stack trace (picocli's default for an exception thrown by a command). The
 * {@code maestro} launcher and each module's own main class ({@code java -cp … org.maestro.worker.WorkerMain})
 * go through it, so a refused password file or a bad broker URL reads the same whichever way a peer was started.
 */
public final class OneLineErrors {
    /** The exit code of a command that could not do its job (bad input, nothing reachable). */
    public static final int CANNOT_RUN = 2;

    private OneLineErrors() {
    }

    /** {@code commandLine}, with its failures told as {@code name: reason} in one line and exit code 2. */
    public static CommandLine of(CommandLine commandLine, String name) {
        commandLine.setExecutionExceptionHandler((e, cmd, parsed) -> {
            cmd.getErr().println(name + ": " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            return CANNOT_RUN;
        });
        commandLine.setExitCodeExceptionMapper(e -> CANNOT_RUN);
        return commandLine;
    }

    /** Runs a module's own main class: {@code new CommandLine(command)} with one-line errors, then its exit code. */
    public static int execute(Object command, String name, String... args) {
        return of(new CommandLine(command), name).execute(args);
    }
}
