package org.maestro.client.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How long each control-plane step of a test took (discovery, probing the hosts, SET, START, STOP, collection), told
 * in one console line at the end: what grows when a test has a hundred peers instead of two.
 * bench/control-plane-scale.sh reads that line ({@link #PREFIX}).
 */
public final class ControlPlaneTimes {
    static final String PREFIX = "control plane, ";

    private record Step(String name, long nanos) {
    }

    private final List<Step> steps = new ArrayList<>();
    private long since = System.nanoTime();

    /** Starts timing the next step. */
    public void start() {
        since = System.nanoTime();
    }

    /** Ends the step begun by the last {@link #start} (or the last end); gives how long it took. */
    public long end(String step) {
        long now = System.nanoTime();
        long took = now - since;
        steps.add(new Step(step, took));
        since = now;
        return took;
    }

    /** "control plane, 100 peers: discover 712 ms, probe 380 ms, SET 15 ms, START 30 ms, STOP 20 ms, collect 1210 ms". */
    public String line(int peers) {
        List<String> parts = steps.stream().map(s -> String.format(Locale.ROOT, "%s %d ms", s.name(), s.nanos() / 1_000_000)).toList();
        return PREFIX + peers + " peers: " + String.join(", ", parts);
    }
}
