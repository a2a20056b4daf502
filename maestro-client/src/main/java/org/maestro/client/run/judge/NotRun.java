package org.maestro.client.run.judge;

import org.maestro.client.plan.TestPlan;
import org.maestro.client.run.discover.ProbedHost;
import org.maestro.results.Summary;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The summary of a test whose load never started: refused (its peers still run an earlier test), stopped before
 * START, or interrupted before it. It says what the test was and why it did not run, and has no figures: no peer
 * rows, no totals, no criteria, since nothing was measured (a sent 0 / lost 0 / {@code [PASS] loss == 0} once said
 * otherwise).
 */
public final class NotRun {
    private NotRun() {
    }

    /** Whether {@code s} is such a summary: no peer and no totals (a run that started has both). */
    public static boolean is(Summary s) {
        return s.peers().isEmpty() && s.totals() == null;
    }

    /** @param verdict {@link Summary#ERROR}, or {@link Summary#INTERRUPTED} when Ctrl-C came before the load */
    public static Summary summary(TestPlan plan, String testId, String start, Path runDir, List<String> reasons,
                           List<ProbedHost> hosts, String verdict) throws IOException {
        // The test's description (name, tags, parameters, start and end) as every summary has it; then nothing else.
        Summary described = SummaryBuilder.build(plan, testId, start, List.of(), runDir, new SummaryBuilder.Observed(Map.of(),
                Map.of(), Map.of(), Map.of(), reasons, List.of(), List.of(), hosts));
        return Summary.builder().testId(described.testId()).name(described.name()).tags(described.tags())
                .description(described.description()).start(described.start()).end(described.end())
                .parameters(described.parameters()).build(described.build()).verdict(verdict).reasons(List.copyOf(reasons))
                .peerHosts(ProbedHost.toSummary(hosts)).build();
    }
}
