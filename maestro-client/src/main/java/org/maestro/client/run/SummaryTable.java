package org.maestro.client.run;

/** The final table on the console: per peer, totals, each criterion, the verdict. */
final class SummaryTable {
    private SummaryTable() {
    }

    static void print(Summary s, Console c) {
        c.line("%-14s %-9s %12s %10s %10s %10s %10s %8s", "peer", "role", "messages", "msg/s", "p50 ms", "p99 ms", "max ms", "lost");
        for (Summary.PeerResult p : s.peers()) {
            Summary.Latency l = p.responseTime() != null ? p.responseTime() : p.sendDelay();
            c.line("%-14s %-9s %12d %10.1f %10.3f %10.3f %10.3f %8s", p.name(), p.role(), p.messages(), p.rate(),
                    l == null ? 0 : l.p50(), l == null ? 0 : l.p99(), l == null ? 0 : l.max(),
                    p.role().equals("receiver") ? Long.toString(p.lost()) : "");
        }
        Summary.Totals t = s.totals();
        c.line("total: sent %d, received %d, lost %d, duplicated %d, out of order %d; send %.1f msg/s, receive %.1f msg/s;"
                        + " response time p50 %.3f / p99 %.3f / p99.9 %.3f / max %.3f ms (sender-side send delay p99 %.3f ms)",
                t.sent(), t.received(), t.lost(), t.duplicated(), t.outOfOrder(), t.sendRate(), t.receiveRate(),
                t.responseTime().p50(), t.responseTime().p99(), t.responseTime().p999(), t.responseTime().max(),
                t.sendDelay().p99());
        for (Summary.ActionResult a : s.actions()) {
            if (!a.outcome().equals(ActionChecks.SUCCEEDED)) {
                // Nothing was injected: a cost of 0 would read as a fault the SUT took without harm.
                c.line("  action at %.1f s: %s %s -> %s%s; no fault took place", a.atMillis() / 1000.0, a.handler(), a.args(),
                        a.outcome(), a.reason().isEmpty() ? "" : " (" + a.reason() + ")");
                continue;
            }
            c.line("  action at %.1f s: %s %s -> %s%s; lost %d, duplicated %d, out of order %d, outage %s, recovery %s",
                    a.atMillis() / 1000.0, a.handler(), a.args(), a.outcome(), a.reason().isEmpty() ? "" : " (" + a.reason() + ")",
                    a.lost(), a.duplicated(), a.outOfOrder(),
                    a.outageMillis() < 0 ? "the flow did not resume within the test" : a.outageMillis() + " ms",
                    a.recoveryMillis() < 0 ? "not within the test" : a.recoveryMillis() + " ms");
        }
        for (Summary.Check check : s.checks()) {
            c.line("  [%s] %s: measured %s, bound %s", check.passed() ? "PASS" : "FAIL", check.criterion(), check.measured(),
                    check.bound());
        }
        c.line("verdict: %s%s", s.verdict().toUpperCase(java.util.Locale.ROOT),
                s.reasons().isEmpty() ? "" : " (" + String.join("; ", s.reasons()) + ")");
    }
}
