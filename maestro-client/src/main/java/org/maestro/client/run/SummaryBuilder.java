package org.maestro.client.run;

import org.HdrHistogram.Histogram;
import org.maestro.client.plan.Criterion;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.util.Passwords;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Works out summary.json from the collected files (HDR logs for latency and rates, rate logs for
 * counts) and the peers' final figures (sequence accounting), then checks the criteria.
 */
final class SummaryBuilder {
    private SummaryBuilder() {
    }

    static Summary build(TestPlan plan, String testId, String start, List<PeerInfo> peers,
                         Map<String, Note> ends, Map<String, Stats> finalStats, Path runDir, List<String> errors,
                         List<String> collectProblems, List<ActionOutcome> actionOutcomes) throws IOException {
        List<Summary.PeerResult> results = new ArrayList<>();
        Histogram response = new Histogram(3);
        Histogram service = new Histogram(3);
        Histogram delay = new Histogram(3);
        long sent = 0;
        long received = 0;
        long gaps = 0;
        long duplicated = 0;
        long outOfOrder = 0;
        double sendRate = 0;
        double receiveRate = 0;
        // Measurement starts when the first sender's warm-up ends, on the wall clock.
        long measureFrom = Long.MAX_VALUE;
        for (PeerInfo p : peers) {
            if (p.role() == Role.SENDER) {
                long end = RateLogs.warmupEndEpochMicros(RunLayout.peerDir(runDir, p.name()));
                if (end > 0) {
                    measureFrom = Math.min(measureFrom, end);
                }
            }
        }
        if (measureFrom == Long.MAX_VALUE) {
            measureFrom = 0;
        }
        for (PeerInfo p : peers) {
            Path dir = RunLayout.peerDir(runDir, p.name());
            Stats s = finalStats.get(p.id());
            Note end = ends.get(p.id());
            String endText = end == null ? "did not end" : end.payload() instanceof Payload.NotifySuccess ok ? ok.detail()
                    : "failed: " + ((Payload.NotifyFail) end.payload()).reason();
            if (p.role() == Role.AGENT) {
                results.add(new Summary.PeerResult(p.name(), "agent", p.host(), actionOutcomes.size(), 0, null, null, null,
                        0, 0, 0, true, actionOutcomes.size() + " action(s)", files(dir)));
                continue;
            }
            if (p.role() == Role.INSPECTOR) {
                results.add(new Summary.PeerResult(p.name(), "inspector", p.host(), s == null ? 0 : s.messages(), 0, null, null,
                        null, s == null ? 0 : s.lost(), 0, 0, end != null && end.command().name().equals("NOTIFY_SUCCESS"),
                        endText, files(dir)));
                continue;
            }
            RateLogs logs = RateLogs.read(dir, measureFrom);
            long records = logs.records();
            double rate = logs.rate(measureFrom);
            if (p.role() == Role.SENDER) {
                HdrFiles d = HdrFiles.read(dir.resolve(PeerFiles.SEND_DELAY_HLOG));
                delay.add(d.measured());
                sent += records;
                sendRate += rate;
                results.add(new Summary.PeerResult(p.name(), "sender", p.host(), records, round(rate), null, null,
                        HdrFiles.latency(d.measured()), 0, 0, 0, end != null && end.command().name().equals("NOTIFY_SUCCESS"),
                        endText, files(dir)));
            } else {
                HdrFiles r = HdrFiles.read(dir.resolve(PeerFiles.LATENCY_RESPONSE_HLOG));
                HdrFiles sv = HdrFiles.read(dir.resolve(PeerFiles.LATENCY_SERVICE_HLOG));
                response.add(r.measured());
                service.add(sv.measured());
                received += records;
                receiveRate += rate;
                long peerGaps = s == null ? 0 : s.lost();
                long peerDup = s == null ? 0 : s.duplicated();
                long peerOoo = s == null ? 0 : s.outOfOrder();
                gaps += peerGaps;
                duplicated += peerDup;
                outOfOrder += peerOoo;
                results.add(new Summary.PeerResult(p.name(), "receiver", p.host(), records, round(rate),
                        HdrFiles.latency(r.measured()), HdrFiles.latency(sv.measured()), null, peerGaps, peerDup, peerOoo,
                        end != null && end.command().name().equals("NOTIFY_SUCCESS"), endText, files(dir)));
            }
        }
        // On a queue every message goes to one receiver: what was sent and never arrived is lost,
        // the tail included. On a topic each subscriber's gaps are what can be counted.
        boolean topic = plan.effectiveRoutes().stream().anyMatch(r -> r.receiveUrl() != null && r.receiveUrl().contains("type=topic"));
        long lost = topic ? gaps : Math.max(gaps, sent - (received - duplicated));
        Summary.Totals totals = new Summary.Totals(sent, received, lost, duplicated, outOfOrder, round(sendRate),
                round(receiveRate), HdrFiles.latency(response), HdrFiles.latency(service), HdrFiles.latency(delay));

        List<Summary.ActionResult> actions = actions(actionOutcomes, peers, runDir, plan, measureFrom);

        List<Summary.Check> checks = new ArrayList<>();
        for (Criterion c : plan.criteria()) {
            if (!c.isFault()) {
                checks.add(check(c, plan, totals, response, delay));
            }
        }
        checks.addAll(ActionChecks.of(actions, plan.criteria()));
        List<String> reasons = new ArrayList<>(errors);
        reasons.addAll(collectProblems);
        String verdict;
        if (!errors.isEmpty()) {
            verdict = Summary.ERROR;
        } else {
            checks.stream().filter(c -> !c.passed()).forEach(c -> reasons.add(c.criterion() + ": measured " + c.measured()));
            verdict = checks.stream().allMatch(Summary.Check::passed) ? Summary.PASSED : Summary.FAILED;
        }
        return new Summary(testId, plan.name(), plan.tags(), plan.description(), start, Instant.now().toString(),
                new LinkedHashMap<>(parameters(plan)), results, totals, checks, actions, verdict, reasons);
    }

    private static Summary.Check check(Criterion c, TestPlan plan, Summary.Totals totals, Histogram response, Histogram delay) {
        double measured;
        String shown;
        switch (c.metric()) {
            case "latency", "send-delay" -> {
                Histogram h = c.metric().equals("latency") ? response : delay;
                measured = h.getTotalCount() == 0 ? Double.NaN
                        : c.percentile() >= 100 ? h.getMaxValue() : h.getValueAtPercentile(c.percentile());
                shown = String.format(Locale.ROOT, "%.3f ms", measured / 1000.0);
            }
            case "rate" -> {
                measured = Math.min(totals.sendRate(), totals.receiveRate());
                shown = String.format(Locale.ROOT, "%.1f msg/s", measured);
            }
            case "rate-percent" -> {
                long target = plan.rate().perSecond();
                double achieved = Math.min(totals.sendRate(), totals.receiveRate());
                measured = target == 0 ? Double.NaN : 100.0 * achieved / target;
                shown = target == 0 ? "n/a: the test ran flat out, there is no target"
                        : String.format(Locale.ROOT, "%.1f %% (%.1f of %d msg/s)", measured, achieved, target);
            }
            default -> {
                measured = totals.lost();
                shown = totals.lost() + " message(s)";
            }
        }
        boolean passed = !Double.isNaN(measured) && c.holds(measured);
        if (Double.isNaN(measured) && !c.metric().equals("rate-percent")) {
            shown = "none (no message was measured)";
        }
        return new Summary.Check(c.text(), passed, shown, c.operator() + " " + bound(c));
    }

    /** Each action with what it cost, measured on the run's timeline. */
    private static List<Summary.ActionResult> actions(List<ActionOutcome> outcomes, List<PeerInfo> peers,
                                                      Path runDir, TestPlan plan, long measureFrom) throws IOException {
        List<Summary.ActionResult> out = new ArrayList<>();
        if (outcomes.isEmpty()) {
            return out;
        }
        List<Object[]> workers = new ArrayList<>();
        long origin = Long.MAX_VALUE;
        long end = 0;
        for (PeerInfo p : peers) {
            if (p.role() == Role.SENDER || p.role() == Role.RECEIVER) {
                Path dir = RunLayout.peerDir(runDir, p.name());
                RateLogs logs = RateLogs.read(dir, Long.MAX_VALUE);
                if (logs.startEpochMicros() > 0) {
                    origin = Math.min(origin, logs.startEpochMicros());
                }
                end = Math.max(end, logs.lastEpochMicros());
                workers.add(new Object[]{dir, p.role()});
            }
        }
        Timeline timeline = origin == Long.MAX_VALUE ? null : Timeline.read(workers, origin, end);
        List<Long> starts = outcomes.stream().map(ActionOutcome::startMicros).filter(t -> t > 0).sorted().toList();
        for (ActionOutcome o : outcomes) {
            FaultAnalysis cost = new FaultAnalysis(0, 0, 0, 0, -1);
            if (timeline != null && o.startMicros() > 0) {
                long windowEnd = starts.stream().filter(t -> t > o.startMicros()).findFirst().orElse(end);
                cost = FaultAnalysis.of(timeline, o.startMicros(), windowEnd, plan.rate().perSecond());
            }
            out.add(new Summary.ActionResult(o.action().handler(), o.action().args(), o.action().atMillis(), iso(o.startMicros()),
                    iso(o.endMicros()), o.outcome(), o.exitStatus(), o.reason(), cost.lost(), cost.duplicated(),
                    cost.outOfOrder(), cost.outageMillis(), cost.recoveryMillis()));
        }
        return out;
    }

    private static String iso(long epochMicros) {
        return epochMicros <= 0 ? "" : Instant.ofEpochSecond(epochMicros / 1_000_000, (epochMicros % 1_000_000) * 1_000).toString();
    }

    private static String bound(Criterion c) {
        return switch (c.metric()) {
            case "latency", "send-delay" -> String.format(Locale.ROOT, "%.3f ms", c.bound() / 1000.0);
            case "rate" -> String.format(Locale.ROOT, "%.1f msg/s", c.bound());
            case "rate-percent" -> String.format(Locale.ROOT, "%.1f %%", c.bound());
            default -> (long) c.bound() + " message(s)";
        };
    }

    private static Map<String, Object> parameters(TestPlan plan) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("routes", plan.effectiveRoutes().stream().map(r -> Map.of("group", r.group(), "sendUrl", Passwords.redact(r.sendUrl()),
                "receiveUrl", Passwords.redact(r.receiveUrl()), "senders", r.senders(), "receivers", r.receivers())).toList());
        p.put("rate", plan.rate().perSecond());
        p.put("duration", plan.duration().toString());
        p.put("warmup", plan.warmup());
        p.put("messageSize", plan.size().toString());
        p.put("connections", plan.connections());
        p.put("criteria", plan.criteria().stream().map(Criterion::text).toList());
        if (plan.incremental() != null) {
            p.put("incremental", plan.incremental());
        }
        if (!plan.inspectors().isEmpty()) {
            p.put("inspectors", plan.inspectors().stream().map(i -> Map.of("type", i.type(), "url", Passwords.redact(i.url()))).toList());
        }
        return p;
    }


    private static List<String> files(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
