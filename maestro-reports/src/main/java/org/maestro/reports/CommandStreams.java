package org.maestro.reports;

import picocli.CommandLine;

import java.io.PrintWriter;

/**
 * The output and error streams of a command of this module (report, compare, serve), as picocli gives them to the
 * command it is mixed into ({@code @Mixin}): a test or {@code maestro} itself may have set them.
 */
@CommandLine.Command
final class CommandStreams {
    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }
}
