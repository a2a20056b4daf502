package org.maestro.client.run.publish;

import org.maestro.client.run.Console;
import org.maestro.results.LatencyClocks;
import org.maestro.results.Summary;

import java.util.Locale;

/**
 * The console's lines on latency clocks, from summary.json's {@link LatencyClocks}: which clock the one-way figures and
 * the round trips were taken on, the round trips, and per pair of hosts the clock offset the load implies beside the
 * PINGs' estimate.
 */
final class LatencyClockLines {
    private LatencyClockLines() {
    }

    static void print(LatencyClocks clocks, Console c) {
        if (clocks == null) {
            return; // a summary.json of an older Maestro
        }
        c.line("latency clock: one way (response and service time): %s", clocks.oneWayClock());
        if (clocks.roundTripClock() == null) {
            return;
        }
        Summary.Latency rt = clocks.roundTrip();
        c.line("latency clock: round trip (%s): %s; %s", clocks.sampling() == null ? "sampled" : clocks.sampling(), clocks.roundTripClock(),
                rt == null ? "no round trip measured after the warm-up" : String.format(Locale.ROOT,
                        "%d round trips, p50 %s / p99 %s / max %s ms; half the round trip p50 %s / p99 %s ms", rt.count(),
                        SummaryTable.ms(rt.p50()), SummaryTable.ms(rt.p99()), SummaryTable.ms(rt.max()),
                        SummaryTable.ms(clocks.halfRoundTrip().p50()), SummaryTable.ms(clocks.halfRoundTrip().p99())));
        for (LatencyClocks.LoadOffset o : clocks.loadOffsets()) {
            c.line("  %s", describe(o));
        }
    }

    /** "load1 -> load2 (route east): one way p50 1.200 ms - half round trip p50 0.400 ms = clock offset +0.800 ms; PING: +0.790 ± 0.050 ms". */
    static String describe(LatencyClocks.LoadOffset o) {
        return String.format(Locale.ROOT, "%s -> %s%s: one way p50 %s ms - half round trip p50 %s ms = clock offset %+.3f ms implied by"
                        + " the load; PING estimate %s", o.senderHost(), o.receiverHost(), o.route().isEmpty() ? "" : " (route " + o.route() + ")",
                SummaryTable.ms(o.oneWayP50Millis()), SummaryTable.ms(o.halfRoundTripP50Millis()), o.loadOffsetMillis(),
                o.pingOffsetMillis() == null ? "unknown" : String.format(Locale.ROOT, "%+.3f \u00b1 %.3f ms", o.pingOffsetMillis(),
                        o.pingUncertaintyMillis()));
    }
}
