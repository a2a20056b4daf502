package org.maestro.client.run.publish;

import org.maestro.results.reduce.GeneratorLimits;
import org.maestro.results.reduce.GeneratorUsage;
import org.maestro.results.Summary;
import org.maestro.common.runfiles.Figures;

import java.util.List;
import java.util.Locale;
import org.maestro.client.run.actions.ActionChecks;
import org.maestro.client.run.Console;
import org.maestro.results.ActionResult;
import org.maestro.results.GeneratorLoad;
import org.maestro.results.LoadGenerators;

/**
 * The final table on the console: per peer, totals (and each route's, for a test of several), each criterion, the verdict. A figure that is not known (its
 * peer's data is missing) reads "unknown", never 0; what such a peer reported live is shown on a line of its own.
 */
public final class SummaryTable {
    public static final String UNKNOWN = "unknown";

    private SummaryTable() {
    }

    public static void print(Summary s, Console c) {
        if (s.totals() == null) {
            // The load never started: a table of zeros would say something was measured.
            c.line("no figures: the test did not run");
            verdict(s, c);
            return;
        }
        c.line("%-14s %-9s %12s %19s %10s %10s %10s %8s", "peer", "role", "messages", Figures.RATE_AFTER_WARMUP, "p50 ms", "p99 ms", "max ms", "lost");
        // For many peers, a row only for each that did not end well or whose data is missing: the rest are in
        // summary.json and report.html, and the totals below sum them.
        boolean each = Console.linePerPeer(s.peers().size());
        List<Summary.PeerResult> shown = s.peers().stream().filter(p -> each || !p.ok() || p.dataMissing() != null || p.live() != null
                || p.warmup() != null && p.warmup().offSchedule()).toList();
        if (!each) {
            c.line("(%d peers: a row for each of the %d that did not end well or whose data is missing; every peer is in summary.json and report.html)",
                    s.peers().size(), shown.size());
        }
        for (Summary.PeerResult p : shown) {
            boolean worker = p.role().equals("sender") || p.role().equals("receiver");
            Summary.Latency l = p.role().equals("receiver") ? p.responseTime() : p.sendDelay();
            // A worker's figure with no sample is unknown; an inspector or agent has none of these figures at all.
            String none = worker ? UNKNOWN : "";
            c.line("%-14s %-9s %12s %19s %10s %10s %10s %8s", p.name(), p.role(),
                    p.messages() == null ? none : p.messages().toString(), p.rate() == null ? none : String.format(Locale.ROOT, "%.1f", p.rate()),
                    known(l) ? ms(l.p50()) : none, known(l) ? ms(l.p99()) : none, known(l) ? ms(l.max()) : none,
                    p.role().equals("receiver") ? text(p.lost()) : "");
            if (p.dataMissing() != null) {
                c.line("  data of %s missing: %s", p.name(), p.dataMissing());
            }
            if (p.warmup() != null) {
                c.line("  warm-up of %s: %.1f s, %s", p.name(), p.warmup().seconds(), p.warmup().detail());
            }
            if (p.delivery() != null) {
                c.line("  delivery of %s: %s", p.name(), p.delivery().describe());
            }
            if (p.live() != null) {
                Summary.LiveFigures f = p.live();
                c.line("  %s reported %d message(s)%s, phase %s (%s)", p.name(), f.messages(),
                        f.lost() == null ? "" : ", " + f.lost() + " lost, " + f.duplicated() + " duplicated, " + f.outOfOrder() + " out of order",
                        f.phase(), f.source());
            }
        }
        c.line("total: %s", figures(s.totals(), flatOut(s)));
        for (Summary.RouteResult route : s.routes()) {
            c.line("route %s (%s): %s", route.name(), route.target(), figures(route.totals(), flatOut(s)));
            if (route.drain() != null) {
                c.line("  %s", drain(route.drain()));
            }
        }
        LatencyClockLines.print(s.latencyClocks(), c);
        for (Summary.StageResult st : s.stages()) {
            Summary.Latency l = st.responseTime();
            c.line("%sstage %d (%s, %.1f-%.1f s): target %.1f msg/s, achieved %.1f msg/s, sent %d, received %d, lost %d; response time p50 %s / p99 %s ms",
                    st.route() == null ? "" : "route " + st.route() + " ", st.index(), st.stage(), st.startSeconds(), st.endSeconds(),
                    st.targetRate(), st.achievedRate(), st.sent(), st.received(), st.lost(),
                    known(l) ? ms(l.p50()) : UNKNOWN, known(l) ? ms(l.p99()) : UNKNOWN);
        }
        for (Summary.Hop h : s.hops()) {
            // The routers' own counts per link (summary.json's hops, the report's "Deliveries per link").
            c.line("hop %s %s: %s deliveries (accepted %s, released %s, modified %s, rejected %s, dropped presettled %s)",
                    h.router().isEmpty() ? h.inspector() : h.router(), h.link(), text(h.deliveries()), text(h.accepted()),
                    text(h.released()), text(h.modified()), text(h.rejected()), text(h.droppedPresettled()));
        }
        for (Summary.Interruption i : s.interruptions()) {
            c.line("  interruption of the control plane: %s away from %s %s", i.who(), i.from(),
                    i.to() == null ? "and not back within the run" : "to " + i.to() + " (" + i.millis() + " ms)");
        }
        for (ActionResult a : s.actions()) {
            if (!ActionChecks.ran(a)) {
                // Nothing was injected: a cost of 0 would read as a fault the SUT took without harm.
                c.line("  action %s: %s -> %s%s; no fault took place", a.when(), a.describe(),
                        a.outcome(), a.reason().isEmpty() ? "" : " (" + a.reason() + ")");
                continue;
            }
            c.line("  action %s: %s -> %s%s; lost %s, duplicated %s, out of order %s, outage %s, recovery %s, stops %s,"
                            + " last resume %s",
                    a.when(), a.describe(), a.outcome(), a.reason().isEmpty() ? "" : " (" + a.reason() + ")",
                    text(a.lost()), text(a.duplicated()), text(a.outOfOrder()),
                    a.outageMillis() == null ? UNKNOWN : a.outageMillis() < 0 ? "the flow did not resume within the test" : a.outageMillis() + " ms",
                    a.recoveryMillis() == null ? UNKNOWN : a.recoveryMillis() < 0 ? "not within the test" : a.recoveryMillis() + " ms",
                    a.stops() == null ? UNKNOWN : a.stops().toString(),
                    a.lastResumeMillis() == null ? UNKNOWN : a.lastResumeMillis() < 0 ? "not within the test" : a.lastResumeMillis() + " ms");
        }
        for (Summary.Check check : s.checks()) {
            if (check.evaluated()) {
                c.line("  [%s] %s: measured %s, bound %s", check.passed() ? "PASS" : "FAIL", check.criterion(), check.measured(),
                        check.bound());
            } else if (check.notApplicable()) {
                c.line("  [N/A] %s, bound %s: %s", check.criterion(), check.bound(), check.measured());
            } else {
                // Its "measured" says why: "not evaluated: data of receiver 'r' missing (...)".
                c.line("  [NOT EVALUATED] %s, bound %s: %s", check.criterion(), check.bound(), check.measured());
            }
        }
        verdict(s, c);
    }

    private static void verdict(Summary s, Console c) {
        c.line("verdict: %s%s", s.verdict().toUpperCase(Locale.ROOT),
                s.reasons().isEmpty() ? "" : " (" + String.join("; ", s.reasons()) + ")");
        generators(s.loadGenerators(), c);
    }

    /**
     * The load generators' own CPU and GC over the measured span (a line each, for a few peers; else only the saturated
     * ones), then each warning that a figure may be the generator's: last, where a reader of the log ends up.
     */
    private static void generators(LoadGenerators g, Console c) {
        if (g == null) {
            return;
        }
        boolean each = Console.linePerPeer(g.peers().size());
        List<String> saturated = g.peers().stream().filter(GeneratorLoad::saturated).map(GeneratorLoad::peer).toList();
        if (!each && saturated.size() > Console.PEER_LINES) {
            // Hundreds of saturated generators on one busy host are one fact, told once (each is in summary.json).
            c.line("load generators: %d of %d saturated: %s", saturated.size(), g.peers().size(), Console.names(saturated));
        }
        for (GeneratorLoad p : g.peers()) {
            if (each || (p.saturated() || p.compiling()) && saturated.size() <= Console.PEER_LINES) {
                c.line("load generator %s on %s: process %s / %s cores (mean / max of %d), host busy %s / %s %%,"
                                + " GC %d pause(s) %d ms (max %d ms), saturated %d of %d s, JIT %s ms (%s in the first %d s)",
                        p.peer(), p.host(),
                        GeneratorUsage.cores(p.processCoresMean()), GeneratorUsage.cores(p.processCoresMax()), p.cores(),
                        GeneratorUsage.percent(p.hostBusyPercentMean()), GeneratorUsage.percent(p.hostBusyPercentMax()),
                        p.gcPauses(), p.gcPauseMillis(), p.gcMaxPauseMillis(), p.saturatedSeconds(), p.seconds(),
                        text(p.jitCompileMillis()), text(p.jitCompileMillisFirst()), GeneratorLimits.COLD_SECONDS);
            }
        }
        g.warnings().forEach(w -> c.line("warning: %s", w));
    }

    /** A test at rate 0: its senders have no schedule, so no send delay. */
    private static boolean flatOut(Summary s) {
        return s.parameters() != null && s.parameters().get("rate") instanceof Number n && n.longValue() == 0;
    }

    /** "receivers started 5.0 s after the senders: backlog 1500 messages, drained in 312 ms". */
    static String drain(Summary.Drain d) {
        return String.format(Locale.ROOT, "receivers started %.1f s after the senders: backlog %d messages, %s",
                d.startAfterMillis() / 1000.0, d.backlogMessages(), d.drainMillis() == null
                        ? "never caught up with the senders" : String.format(Locale.ROOT, "drained in %.0f ms (caught up: within"
                        + " %.0f ms of the senders' count)", d.drainMillis(), d.caughtUpLagMillis()));
    }

    /** The figures of the run, or of one route: counts, rates, response time and send delay. */
    private static String figures(Summary.Totals t, boolean flatOut) {
        Summary.Latency r = known(t.responseTime()) ? t.responseTime() : null;
        return String.format(Locale.ROOT, "sent %s, received %s, lost %s, duplicated %s, out of order %s; send %s msg/s, receive %s msg/s;"
                        + " response time p50 %s / p99 %s / p99.9 %s / max %s ms (sender-side send delay p99 %s ms)",
                text(t.sent()), text(t.received()), text(t.lost()), text(t.duplicated()), text(t.outOfOrder()),
                rate(t.sendRate()), rate(t.receiveRate()), r == null ? UNKNOWN : ms(r.p50()), r == null ? UNKNOWN : ms(r.p99()),
                r == null ? UNKNOWN : ms(r.p999()), r == null ? UNKNOWN : ms(r.max()),
                known(t.sendDelay()) ? ms(t.sendDelay().p99()) : flatOut && t.sent() != null ? "none (flat out, no schedule)" : UNKNOWN);
    }

    /** A latency with samples: null, or one of no value (as summaries before issue 21 wrote it), is unknown. */
    private static boolean known(Summary.Latency l) {
        return l != null && l.count() > 0;
    }

    private static String text(Long count) {
        return count == null ? UNKNOWN : count.toString();
    }

    private static String rate(Double perSecond) {
        return perSecond == null ? UNKNOWN : String.format(Locale.ROOT, "%.1f", perSecond);
    }

    public static String ms(double millis) {
        return String.format(Locale.ROOT, "%.3f", millis);
    }
}
