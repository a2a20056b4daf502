package org.maestro.common.cli;

import org.maestro.common.util.NearestName;
import picocli.CommandLine;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

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
        commandLine.setParameterExceptionHandler((e, args) -> {
            CommandLine cmd = e.getCommandLine();
            cmd.getErr().println(usageError(e) + "; see '" + cmd.getCommandSpec().qualifiedName() + " --help'");
            return CANNOT_RUN;
        });
        return commandLine;
    }

    /**
     * A usage error in one line, instead of picocli's message followed by the whole usage: an unknown option or command
     * with the one it most likely meant ({@link NearestName}), else what picocli says was wrong.
     */
    static String usageError(CommandLine.ParameterException e) {
        CommandLine cmd = e.getCommandLine();
        String name = cmd.getCommandSpec().qualifiedName();
        if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String typed = u.getUnmatched().get(0);
            if (typed.startsWith("-")) {
                Set<String> options = new TreeSet<>();
                cmd.getCommandSpec().options().forEach(o -> options.addAll(List.of(o.names())));
                return name + ": unknown option '" + typed + "'"
                        + NearestName.nearest(typed, options).map(n -> " (did you mean '" + n + "'?)").orElse("");
            }
            if (!cmd.getSubcommands().isEmpty()) {
                // A hidden command (one a command starts, never a user) is not offered.
                Set<String> commands = new TreeSet<>();
                cmd.getSubcommands().forEach((n, sub) -> {
                    if (!sub.getCommandSpec().usageMessage().hidden()) {
                        commands.add(n);
                    }
                });
                return name + ": unknown command '" + typed + "'" + NearestName.hint(typed, commands, "the commands are");
            }
            return name + ": unexpected argument '" + typed + "'";
        }
        // picocli names an option's value "option option '-P'" in some messages.
        return name + ": " + e.getMessage().replace("option option", "option");
    }

    /** Runs a module's own main class: {@code new CommandLine(command)} with one-line errors, then its exit code. */
    public static int execute(Object command, String name, String... args) {
        return of(new CommandLine(command), name).execute(args);
    }
}
