package org.maestro.client.cli;

import org.maestro.client.run.Console;
import org.maestro.client.run.Interruption;
import org.maestro.results.Summary;
import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Ctrl-C (SIGINT) and SIGTERM during {@code maestro run}: the first asks the run to end in order (stop the peers,
 * collect what they wrote, write the summary and report marked interrupted, exit 130); the second quits at once,
 * saying what is left and the command that finishes it.
 *
 * <p>Signal handlers rather than a shutdown hook: once the JVM shuts down, a second SIGINT waits behind the hooks
 * and cannot quit at once, and the run would have to finish inside a hook while the JVM is halting. A JVM started
 * with SIGINT ignored (in the background of a non-interactive shell) keeps it ignored; SIGTERM still works there.
 */
final class InterruptSignals implements AutoCloseable {
    private final Interruption interruption;
    private final Console console;
    private final Map<Signal, SignalHandler> previous = new LinkedHashMap<>();

    private InterruptSignals(Interruption interruption, Console console) {
        this.interruption = interruption;
        this.console = console;
    }

    /** Handles SIGINT and SIGTERM until closed. */
    static InterruptSignals install(Interruption interruption, Console console) {
        InterruptSignals signals = new InterruptSignals(interruption, console);
        for (String name : new String[] {"INT", "TERM"}) {
            Signal signal = new Signal(name);
            signals.previous.put(signal, Signal.handle(signal, signals::onSignal));
        }
        return signals;
    }

    private void onSignal(Signal signal) {
        String name = "SIG" + signal.getName();
        if (interruption.request(name, () -> {
            console.line("");
            console.line("interrupted (%s): stopping the peers, then collecting what they wrote... (Ctrl-C again quits at once)", name);
        })) {
            return;
        }
        console.line("interrupted again (%s): quitting at once; %s", name, interruption.leftBehind());
        // halt, not exit: exit would first run the shutdown hooks (a --local run's embedded brokers and peers close
        // there), which is the waiting the user has just refused.
        Runtime.getRuntime().halt(Summary.INTERRUPTED_EXIT);
    }

    @Override
    public void close() {
        previous.forEach(Signal::handle);
    }
}
