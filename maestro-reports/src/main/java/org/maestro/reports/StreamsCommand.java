package org.maestro.reports;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/**
 * A command of this module (report, compare, serve) with the output and error streams picocli gives it: a test or
 * {@code maestro} itself may have set them, so a command never prints to System.out directly.
 */
public abstract class StreamsCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    protected PrintWriter out() {
        return spec.commandLine().getOut();
    }

    protected PrintWriter err() {
        return spec.commandLine().getErr();
    }
}
