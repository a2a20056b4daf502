package org.maestro.client.run;

import org.maestro.reports.results.FaultAnalysis;
import org.maestro.reports.results.GeneratorLimits;
import org.maestro.reports.results.LoadParameters;
import org.maestro.reports.results.GeneratorUsage;
import org.maestro.reports.results.DrainTime;
import org.maestro.reports.results.PeerReduction;
import org.maestro.reports.results.Timeline;
import org.maestro.reports.results.StageFigures;
import org.maestro.reports.results.RateLogTally;
import org.maestro.reports.results.RouterHops;
import org.maestro.reports.results.Summary;
import org.maestro.reports.results.Tally;
import org.maestro.reports.results.WarmupBoundary;
import org.HdrHistogram.Histogram;
import org.maestro.client.plan.Criterion;
import org.maestro.client.plan.RouteSettings;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.runfiles.TestJson;
import org.maestro.reports.results.StartSkew;
import org.maestro.common.util.Passwords;
import org.maestro.common.util.SafeText;

import org.maestro.common.runfiles.DeliveryJson;
import org.maestro.common.runfiles.DeliveryMode;
import org.maestro.worker.driver.SutUrl;
import org.maestro.common.units.RateProfile;

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
 * Works out summary.json: the figures of the collected files come from the results model (maestro-reports'
 * {@link PeerReduction} per peer, {@link Tally} per route and in total); this adds what only the client knows (how
 * each peer ended, its final sequence accounting, the agent's actions, the control plane's interruptions), checks
 * the criteria and gives the verdict.
 */
final class SummaryBuilder {
    private SummaryBuilder() {
    }

    /**
     * What the client observed of a run, besides the collected files.
     *
     * @param ends          each peer's NOTIFY_SUCCESS / NOTIFY_FAIL, by peer id
     * @param finalStats    each peer's answer to the final STATS, by peer id
     * @param live          each peer's last NOTIFY_PROGRESS of this test, by peer id
     * @param dataMissing   why a peer's data is missing (files not collected, final figures not given), by peer id
     * @param errors        why the test could not run or go on
     * @param interruptions peers (or the client) off the control broker for a while
     * @param peerHosts     where each peer ran and its clock offset, measured before the test
     */
    record Observed(Map<String, Note> ends, Map<String, Stats> finalStats, Map<String, Stats> live,
                    Map<String, String> dataMissing, List<String> errors, List<ActionOutcome> actions,
                    List<Summary.Interruption> interruptions, List<Summary.PeerHost> peerHosts) {
    }

    static Summary build(TestPlan plan, String testId, String start, List<PeerInfo> peers, Path runDir, Observed seen)
            throws IOException {
        List<Summary.PeerResult> results = new ArrayList<>();
        Tally all = new Tally();
        // Each route's own sum, by group, when the test has more than one route (its figures side by side), or receivers
        // that start late (their drain is the route's).
        Map<String, Tally> byRoute = new LinkedHashMap<>();
        if (plan.effectiveRoutes().size() > 1 || plan.effectiveRoutes().stream().anyMatch(SummaryBuilder::lateReceivers)) {
            plan.effectiveRoutes().forEach(r -> byRoute.put(r.group(), new Tally()));
        }
        // Senders whose warm-up hit its cap before they were on schedule: a failed check each.
        List<Summary.Check> offSchedule = new ArrayList<>();
        // Checks whose figure has no sample (nothing measured after the warm-up): not evaluated, and the verdict says why.
        List<Summary.Check> unmeasured = new ArrayList<>();
        List<String> offScheduleSenders = new ArrayList<>();
        List<String> sendersMissing = all.sendersMissing;
        List<String> receiversMissing = all.receiversMissing;
        // Each worker's warm-up boundary, and its files reduced by the results model: the client only adds what it
        // alone knows (how each peer ended, its final sequence accounting, the criteria).
        Map<String, Long> boundaries = WarmupBoundary.of(peers.stream().filter(p -> p.role() == Role.SENDER || p.role() == Role.RECEIVER)
                .map(p -> new WarmupBoundary.Worker(p.name(), p.role() == Role.SENDER, p.group(), RunLayout.peerDir(runDir, p.name())))
                .toList());
        Map<String, PeerReduction> reduced = new LinkedHashMap<>();
        // The generators' measured span: from the first sender's warm-up end (its boundary) to the load's last message.
        long measureFrom = peers.stream().filter(p -> p.role() == Role.SENDER).mapToLong(p -> boundaries.getOrDefault(p.name(), 0L))
                .filter(b -> b > 0).min().orElse(0);
        long loadEnd = 0;
        for (PeerInfo p : peers) {
            Path dir = RunLayout.peerDir(runDir, p.name());
            Stats s = seen.finalStats().get(p.id());
            Note end = seen.ends().get(p.id());
            // A peer's own words come from the wire: inert in summary.json too (jq -r prints what it holds).
            String endText = end == null ? "did not end" : SafeText.of(end.payload() instanceof Payload.NotifySuccess ok ? ok.detail()
                    : "failed: " + ((Payload.NotifyFail) end.payload()).reason());
            boolean ok = end != null && end.payload() instanceof Payload.NotifySuccess;
            String missing = seen.dataMissing().get(p.id());
            if (missing == null && p.role() == Role.RECEIVER && s == null) {
                // Its sequence accounting (gaps, duplicates) is only in its final figures.
                missing = "it did not give its final figures (no answer to STATS)";
            }
            if (p.role() == Role.AGENT) {
                results.add(new Summary.PeerResult(p.name(), "agent", p.host(), (long) seen.actions().size(), null, null,
                        null, null, null, null, null, true, seen.actions().size() + " action(s)", files(dir), missing, null, null));
                continue;
            }
            if (p.role() == Role.INSPECTOR) {
                results.add(new Summary.PeerResult(p.name(), "inspector", p.host(), s == null ? null : s.messages(), null,
                        null, null, null, null, null, null, ok, endText, files(dir), missing, null, null));
                continue;
            }
            // The run's sum, and its route's when it has one of its own.
            List<Tally> sums = byRoute.containsKey(p.group()) ? List.of(all, byRoute.get(p.group())) : List.of(all);
            if (missing != null) {
                String why = missingText(p, missing);
                sums.forEach(t -> t.missing(p.role() == Role.SENDER, why));
                results.add(new Summary.PeerResult(p.name(), p.role().wireName(), p.host(), null, null, null, null, null,
                        null, null, null, ok, endText, files(dir), missing, live(seen.live().get(p.id()), p.role()), null));
                continue;
            }
            PeerReduction figures = PeerReduction.read(dir, p.name(), p.role() == Role.SENDER,
                    boundaries.getOrDefault(p.name(), 0L), boundaries.getOrDefault(p.name(), 0L), 1, PeerReduction.Intervals.NONE);
            reduced.put(p.name(), figures);
            loadEnd = Math.max(loadEnd, figures.rateLogs().lastEpochMicros());
            long records = figures.rateLogs().messages();
            double rate = figures.rate();
            if (p.role() == Role.SENDER) {
                // Flat out there is no schedule: no send delay (its log holds zeros), rather than 0 / 0 / 0 ms.
                Histogram delay = flatOut(plan, p) ? null : figures.measured(PeerFiles.SEND_DELAY_HLOG);
                sums.forEach(t -> t.sender(records, rate, delay));
                Summary.Warmup warmup = warmup(dir);
                if (warmup != null && warmup.offSchedule()) {
                    String criterion = named(p) + " on schedule after the warm-up";
                    String bound = String.format(Locale.ROOT, "send delay < %.3f ms for a whole second within %.1f s",
                            warmup.sendDelayBoundMillis(), warmup.maxSeconds());
                    if (endedWithSending(dir)) {
                        // Every message was warm-up: whether it would have got on schedule is not known, nothing was measured.
                        unmeasured.add(Summary.Check.notEvaluated(criterion, warmup.detail() + ": nothing was sent after it", bound));
                    } else {
                        offScheduleSenders.add(named(p));
                        offSchedule.add(new Summary.Check(criterion, false, warmup.detail(), bound));
                    }
                }
                results.add(new Summary.PeerResult(p.name(), "sender", p.host(), records, known(rate), null, null,
                        delay == null ? null : Summary.Latency.of(delay), null, null, null, ok, endText, files(dir), null, null, warmup,
                        DeliveryJson.read(dir).orElse(null)));
            } else {
                sums.forEach(t -> t.receiver(figures, s));
                results.add(new Summary.PeerResult(p.name(), "receiver", p.host(), records, known(rate),
                        figures.latency(PeerFiles.LATENCY_RESPONSE_HLOG), figures.latency(PeerFiles.LATENCY_SERVICE_HLOG), null,
                        plan.competingReceivers() ? null : s.lost(), s.duplicated(),
                        s.outOfOrder(), ok, endText, files(dir), null, null, null));
            }
        }
        Summary.Totals totals = all.totals(plan.onTopic(), plan.competingReceivers());
        List<Summary.RouteResult> routes = new ArrayList<>();
        for (TestPlan.Route r : plan.effectiveRoutes()) {
            if (byRoute.containsKey(r.group())) {
                routes.add(routeResult(r, peers, byRoute.get(r.group()), runDir));
            }
        }

        List<String> workersMissing = new ArrayList<>(sendersMissing);
        workersMissing.addAll(receiversMissing);
        List<Summary.ActionResult> actions = actions(seen.actions(), peers, runDir, plan, reduced, workersMissing.isEmpty());

        List<Summary.Check> checks = new ArrayList<>(offSchedule);
        checks.addAll(unmeasured);
        // Judged and found wanting (or not applicable), not unknown: these leave the verdict FAILED or PASSED, not ERROR.
        List<Summary.Check> notJudgedOffSchedule = new ArrayList<>();
        for (Criterion c : plan.criteria()) {
            if (c.isFault()) {
                continue;
            }
            List<String> needs = switch (c.metric()) {
                case "latency" -> receiversMissing;
                case "send-delay" -> sendersMissing;
                default -> workersMissing;
            };
            boolean latency = c.metric().equals("latency") || c.metric().equals("send-delay");
            if (needs.isEmpty() && latency && !offSchedule.isEmpty()) {
                // Its percentile would measure the senders catching up, not the SUT: misleading, so not given as a verdict.
                Summary.Check unjudged = Summary.Check.notEvaluated(c.text(), String.join(", ", offScheduleSenders)
                        + " never got on schedule during the warm-up: the measured period starts with its catching up",
                        c.operator() + " " + bound(c));
                notJudgedOffSchedule.add(unjudged);
                checks.add(unjudged);
                continue;
            }
            if (c.metric().equals("rate-percent") && plan.targetRate().isFlatOut()) {
                // A share of no target: the criterion does not apply to a flat-out run, which is neither failed by it
                // nor left unjudged (a clean flat-out run passes).
                Summary.Check notApplicable = Summary.Check.notApplicable(c.text(), "the test ran flat out: there is no target rate",
                        c.operator() + " " + bound(c));
                notJudgedOffSchedule.add(notApplicable);
                checks.add(notApplicable);
                continue;
            }
            Summary.Check check = needs.isEmpty() ? check(c, plan, totals, all.response, all.delay)
                    : Summary.Check.notEvaluated(c.text(), String.join("; ", needs), c.operator() + " " + bound(c));
            if (needs.isEmpty() && !check.evaluated()) {
                // Nothing measured because a sender never got on schedule: that failed check is the verdict's reason.
                (offSchedule.isEmpty() ? unmeasured : notJudgedOffSchedule).add(check);
            }
            checks.add(check);
        }
        checks.addAll(ActionChecks.of(actions, plan.criteria(), String.join("; ", workersMissing)));
        List<String> reasons = new ArrayList<>(seen.errors());
        reasons.addAll(workersMissing);
        // Why a check with all its data at hand was not evaluated: the verdict must not be an error without a reason.
        unmeasured.forEach(c -> reasons.add(c.criterion() + ": " + c.measured()));
        // An inspector's or agent's files are no figure of the verdict: their absence is told, not judged.
        for (PeerInfo p : peers) {
            if (p.role() != Role.SENDER && p.role() != Role.RECEIVER && seen.dataMissing().containsKey(p.id())) {
                reasons.add(missingText(p, seen.dataMissing().get(p.id())));
            }
        }
        String verdict;
        if (!seen.errors().isEmpty() || !workersMissing.isEmpty()
                || checks.stream().anyMatch(c -> !c.evaluated() && !notJudgedOffSchedule.contains(c))) {
            // The figures the verdict rests on are not all known: neither passed nor failed.
            verdict = Summary.ERROR;
        } else {
            checks.stream().filter(Summary.Check::failed).forEach(c -> reasons.add(c.failureReason()));
            verdict = checks.stream().noneMatch(Summary.Check::failed) ? Summary.PASSED : Summary.FAILED;
        }
        return new Summary(testId, plan.name(), plan.tags(), plan.description(), start, Instant.now().toString(),
                new LinkedHashMap<>(parameters(plan)), results, totals, routes, checks, actions, List.copyOf(seen.interruptions()),
                verdict, reasons, seen.peerHosts(), ClockLimits.check(seen.peerHosts(), totals.responseTime()),
                GeneratorLimits.check(generators(peers, runDir, measureFrom, loadEnd)), startSkew(peers, runDir, seen.peerHosts()),
                stages(plan, peers, runDir, reduced), hops(peers, runDir));
    }

    /** Each inspected router's links that carried deliveries: a line's hops (an inspector whose files are missing has none). */
    private static List<Summary.Hop> hops(List<PeerInfo> peers, Path runDir) throws IOException {
        Map<String, Path> inspectors = new LinkedHashMap<>();
        peers.stream().filter(p -> p.role() == Role.INSPECTOR).forEach(p -> inspectors.put(p.name(), RunLayout.peerDir(runDir, p.name())));
        return inspectors.isEmpty() ? List.of()
                : RouterHops.of(org.maestro.common.runfiles.RunTopology.read(runDir).orElse(null), inspectors);
    }

    /** How together the senders and receivers whose files were collected began at the common instant. */
    private static Summary.StartSkew startSkew(List<PeerInfo> peers, Path runDir, List<Summary.PeerHost> hosts) throws IOException {
        return StartSkew.of(peers.stream().filter(p -> p.role() == Role.SENDER || p.role() == Role.RECEIVER)
                .map(p -> new StartSkew.Worker(p.name(), p.role().wireName(), RunLayout.peerDir(runDir, p.name()))).toList(), hosts);
    }

    /** Each sender's and receiver's own CPU and GC over the measured span, for those whose file was collected. */
    private static List<Summary.GeneratorLoad> generators(List<PeerInfo> peers, Path runDir, long from, long to)
            throws IOException {
        List<Summary.GeneratorLoad> out = new ArrayList<>();
        for (PeerInfo p : peers) {
            if (p.role() == Role.SENDER || p.role() == Role.RECEIVER) {
                GeneratorUsage.read(p.name(), p.role().wireName(), p.host(), RunLayout.peerDir(runDir, p.name()), from, to)
                        .ifPresent(out::add);
            }
        }
        return out;
    }

    /** A route reads from a topic (each subscriber gets every message) when its receive URL says so. */
    /** A route's figures, summed over its own peers (those of its group), beside what it ran on. */
    /** Whether the sender {@code p} sent flat out: its route's rate, or the test's. */
    private static boolean flatOut(TestPlan plan, PeerInfo p) {
        return plan.effectiveRoutes().stream().filter(r -> r.group().equals(p.group())).findFirst()
                .map(plan::flatOut).orElse(plan.rate().isFlatOut());
    }

    private static Summary.RouteResult routeResult(TestPlan.Route r, List<PeerInfo> peers, Tally tally, Path runDir)
            throws IOException {
        String send = Passwords.redact(r.sendUrl());
        String receive = Passwords.redact(r.receiveUrl());
        String target = send.equals(receive) ? send : send + " -> " + receive;
        List<PeerInfo> workers = peers.stream().filter(p -> p.group().equals(r.group())
                && (p.role() == Role.SENDER || p.role() == Role.RECEIVER)).toList();
        Summary.Drain drain = !lateReceivers(r) ? null
                : DrainTime.of(dirsOf(workers, Role.SENDER, runDir), dirsOf(workers, Role.RECEIVER, runDir));
        return new Summary.RouteResult(r.group(), Summary.RouteResult.protocolOf(r.sendUrl() != null ? r.sendUrl() : r.receiveUrl()),
                target, workers.stream().map(PeerInfo::name).toList(), tally.totals(r.onTopic(), r.competingReceivers()), drain);
    }

    /** The run directory's folders of the {@code role} peers among {@code workers}. */
    private static List<Path> dirsOf(List<PeerInfo> workers, Role role, Path runDir) {
        return workers.stream().filter(p -> p.role() == role).map(p -> RunLayout.peerDir(runDir, p.name())).filter(Files::isDirectory).toList();
    }

    /** Whether the route's receivers start after its senders. */
    private static boolean lateReceivers(TestPlan.Route r) {
        return r.settings().receiverStartAfterMillisOr(0) > 0;
    }

    /** "data of receiver 'receiver-1' missing (it did not answer when asked for its data server)". */
    static String missingText(PeerInfo p, String why) {
        return "data of " + named(p) + " missing (" + why + ")";
    }

    /** A peer as the summary names it: "receiver 'receiver-1'" (its host and id are in its own entry). */
    static String named(PeerInfo p) {
        return p.role().wireName() + " '" + SafeText.of(p.name()) + "'";
    }

    /** Whether a sender's sending ended before its warm-up could: every message it sent was warm-up. */
    private static boolean endedWithSending(Path dir) throws IOException {
        TestJson.Worker test = TestJson.worker(dir).orElse(null);
        return test != null && test.warmupGate() != null && test.warmupGate().endedWithSending(test.warmupMicros());
    }

    /** A sender's warm-up from its test.json; null when it had none. */
    private static Summary.Warmup warmup(Path dir) throws IOException {
        TestJson.Worker test = TestJson.worker(dir).orElse(null);
        if (test == null || test.warmupMicros() == 0) {
            return null;
        }
        double seconds = round(test.warmupMicros() / 1e6);
        TestJson.WarmupGate gate = test.warmupGate();
        if (gate == null) {
            return new Summary.Warmup(seconds, null, null, null, "fixed length");
        }
        return new Summary.Warmup(seconds, round(gate.maxMicros() / 1e6), gate.sendDelayBoundMicros() / 1000.0,
                gate.onSchedule(), gate.describe(test.warmupMicros()));
    }

    /** A peer's last progress note, marked as such; null when it sent none. */
    private static Summary.LiveFigures live(Stats s, Role role) {
        if (s == null) {
            return null;
        }
        boolean receiver = role == Role.RECEIVER;
        return new Summary.LiveFigures(String.format(Locale.ROOT, "live, not from files: its last progress note, at %.1f s of the test",
                s.elapsedMillis() / 1000.0), s.phase(), s.elapsedMillis(), s.messages(), receiver ? s.lost() : null,
                receiver ? s.duplicated() : null, receiver ? s.outOfOrder() : null);
    }

    /**
     * Checks one criterion against the run's figures; "not evaluated" when its figure has no sample (nothing measured
     * after the warm-up) or no meaning (a share of the target rate in a test run flat out): a figure of nothing is not 0.
     */
    private static Summary.Check check(Criterion c, TestPlan plan, Summary.Totals totals, Histogram response, Histogram delay) {
        double measured;
        String shown;
        String bound = c.operator() + " " + bound(c);
        switch (c.metric()) {
            case "latency", "send-delay" -> {
                Histogram h = c.metric().equals("latency") ? response : delay;
                if (h.getTotalCount() == 0) {
                    return Summary.Check.notEvaluated(c.text(), "no " + (c.metric().equals("latency") ? "message was received"
                            : "message was sent") + " after the warm-up: its " + c.metric().replace('-', ' ') + " is unknown", bound);
                }
                measured = c.percentile() >= 100 ? h.getMaxValue() : h.getValueAtPercentile(c.percentile());
                shown = String.format(Locale.ROOT, "%.3f ms", measured / 1000.0);
            }
            case "rate", "rate-percent" -> {
                long target = plan.targetRate().perSecond();
                if (c.metric().equals("rate-percent") && target == 0) {
                    return Summary.Check.notApplicable(c.text(), "the test ran flat out: there is no target rate", bound);
                }
                if (totals.sendRate() == null || totals.receiveRate() == null) {
                    return Summary.Check.notEvaluated(c.text(), "no message was " + (totals.sendRate() == null ? "sent" : "received")
                            + " after the warm-up: the rate is unknown", bound);
                }
                double achieved = Math.min(totals.sendRate(), totals.receiveRate());
                measured = c.metric().equals("rate") ? achieved : 100.0 * achieved / target;
                shown = c.metric().equals("rate") ? String.format(Locale.ROOT, "%.1f msg/s", measured)
                        : String.format(Locale.ROOT, "%.1f %% (%.1f of %d msg/s)", measured, achieved, target);
            }
            default -> {
                measured = totals.lost();
                shown = totals.lost() + " message(s)";
            }
        }
        return new Summary.Check(c.text(), c.holds(measured), shown, bound);
    }

    /**
     * Each action with what it cost, measured on the run's timeline; the cost is unknown (null) when the action did
     * not run, or when {@code timelineKnown} is false (a sender's or receiver's rate logs are missing).
     */
    private static List<Summary.ActionResult> actions(List<ActionOutcome> outcomes, List<PeerInfo> peers,
                                                      Path runDir, TestPlan plan, Map<String, PeerReduction> reduced,
                                                      boolean timelineKnown) throws IOException {
        List<Summary.ActionResult> out = new ArrayList<>();
        if (outcomes.isEmpty()) {
            return out;
        }
        Workers w = Workers.of(peers, runDir, reduced);
        long end = w.end();
        Timeline timeline = w.origin() == Long.MAX_VALUE || !timelineKnown ? null : Timeline.read(w.dirs(), w.origin(), end);
        for (ActionOutcome o : outcomes) {
            FaultAnalysis cost = null;
            if (timeline != null && o.startMicros() > 0) {
                // Its window ends where a later planned action starts: the agents of a group act at the same planned
                // time, each a few ms apart, and each such run's cost is the whole fault's.
                long windowEnd = outcomes.stream().filter(n -> n.action().atMillis() > o.action().atMillis())
                        .mapToLong(ActionOutcome::startMicros).filter(t -> t > o.startMicros()).min().orElse(end);
                cost = FaultAnalysis.of(timeline, o.startMicros(), windowEnd, plan.targetRate().perSecond());
            }
            // The load's start as the plan counts it (the first sender's), else the first receiver's: the report's origin.
            long loadStart = w.sendersStart() != Long.MAX_VALUE ? w.sendersStart() : w.origin();
            Long startedAtMillis = o.startMicros() > 0 && loadStart != Long.MAX_VALUE
                    ? Math.round((o.startMicros() - loadStart) / 1000.0) : null;
            out.add(new Summary.ActionResult(o.action().handler(), o.action().args(), o.action().atMillis(), iso(o.startMicros()),
                    iso(o.endMicros()), o.outcome(), o.exitStatus(), o.reason() == null ? null : SafeText.of(o.reason()), cost,
                    o.agent(), o.action().group(), startedAtMillis));
        }
        return out;
    }

    /**
     * The senders and receivers whose files were reduced: (directory, role) of each, the earliest start of any and of
     * the senders (the load's start), the latest message, and the receivers' directories.
     */
    private record Workers(List<Object[]> dirs, long origin, long sendersStart, long end, List<Path> receivers) {
        static Workers of(List<PeerInfo> peers, Path runDir, Map<String, PeerReduction> reduced) {
            List<Object[]> dirs = new ArrayList<>();
            List<Path> receivers = new ArrayList<>();
            long origin = Long.MAX_VALUE;
            long sendersStart = Long.MAX_VALUE;
            long end = 0;
            for (PeerInfo p : peers) {
                PeerReduction r = reduced.get(p.name());
                if ((p.role() != Role.SENDER && p.role() != Role.RECEIVER) || r == null) {
                    continue;
                }
                Path dir = RunLayout.peerDir(runDir, p.name());
                RateLogTally logs = r.rateLogs();
                if (logs.startEpochMicros() > 0) {
                    origin = Math.min(origin, logs.startEpochMicros());
                    if (p.role() == Role.SENDER) {
                        sendersStart = Math.min(sendersStart, logs.startEpochMicros());
                    }
                }
                end = Math.max(end, logs.lastEpochMicros());
                dirs.add(new Object[]{dir, p.role()});
                if (p.role() == Role.RECEIVER) {
                    receivers.add(dir);
                }
            }
            return new Workers(dirs, origin, sendersStart, end, receivers);
        }
    }

    /**
     * Each stage of the plan's rate profile, then of each route's own, with what it achieved (a route's from its own
     * peers, counted from its own senders' start); empty without stages or without the senders' files.
     */
    private static List<Summary.StageResult> stages(TestPlan plan, List<PeerInfo> peers, Path runDir,
                                                    Map<String, PeerReduction> reduced) throws IOException {
        List<Summary.StageResult> out = new ArrayList<>();
        if (plan.stages() != null) {
            out.addAll(stagesOf(plan.stages(), peers, runDir, reduced));
        }
        for (TestPlan.Route r : plan.effectiveRoutes()) {
            if (r.settings().stages() != null) {
                List<PeerInfo> own = peers.stream().filter(p -> p.group().equals(r.group())).toList();
                stagesOf(r.settings().stages(), own, runDir, reduced).forEach(st -> out.add(st.ofRoute(r.group())));
            }
        }
        return out;
    }

    private static List<Summary.StageResult> stagesOf(RateProfile profile, List<PeerInfo> peers, Path runDir,
                                                      Map<String, PeerReduction> reduced) throws IOException {
        Workers w = Workers.of(peers, runDir, reduced);
        if (w.sendersStart() == Long.MAX_VALUE) {
            return List.of();
        }
        return StageFigures.of(profile, Timeline.read(w.dirs(), w.sendersStart(), w.end()), w.sendersStart(), w.receivers());
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
        p.put(LoadParameters.ROUTES, plan.effectiveRoutes().stream().map(SummaryBuilder::routeParameters).toList());
        p.put(LoadParameters.RATE, plan.targetRate().perSecond());
        p.put(LoadParameters.DURATION, plan.duration().toString());
        p.put(LoadParameters.WARMUP, plan.warmup());
        p.put(LoadParameters.MESSAGE_SIZE, plan.messageSize().toString());
        p.put(LoadParameters.CONNECTIONS, plan.connections());
        p.put("criteria", plan.criteria().stream().map(Criterion::text).toList());
        if (plan.incremental() != null) {
            p.put("incremental", plan.incremental());
        }
        if (!plan.inspectors().isEmpty()) {
            p.put("inspectors", plan.inspectors().stream().map(i -> Map.of("type", i.type(), "url", Passwords.redact(i.url()))).toList());
        }
        return p;
    }


    /** A route's parameters: its URLs and peers, and each setting it sets for itself (the test's are beside). */
    private static Map<String, Object> routeParameters(TestPlan.Route r) {
        Map<String, Object> p = new LinkedHashMap<>(Map.of("group", r.group(), "sendUrl", Passwords.redact(r.sendUrl()),
                "receiveUrl", Passwords.redact(r.receiveUrl()), "senders", r.senders(), "receivers", r.receivers()));
        RouteSettings own = r.settings();
        if (own.rate() != null) {
            p.put("rate", own.rate().perSecond());
        }
        if (own.messageSize() != null) {
            p.put("messageSize", own.messageSize().toString());
        }
        if (own.connections() != null) {
            p.put("connections", own.connections());
        }
        if (own.duration() != null) {
            p.put("duration", own.duration().toString());
        }
        if (r.sendUrl() != null) {
            // The delivery mode as the senders' parser reads it from their URL: what their counts mean.
            p.put(DeliveryMode.URL_OPTION, SutUrl.parse(r.sendUrl()).delivery().word());
        }
        if (own.receiverStartAfterMillis() != null) {
            p.put("receiverStartAfterMillis", own.receiverStartAfterMillis());
        }
        if (own.senderStartAfterMillis() != null) {
            p.put("senderStartAfterMillis", own.senderStartAfterMillis());
        }
        if (own.stages() != null) {
            p.put("stages", own.stages().toString());
        }
        return p;
    }

    private static List<String> files(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        // An inspector of several routers has a directory per router: its files are listed as router-2/links.csv.
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).map(f -> dir.relativize(f).toString().replace('\\', '/')).sorted().toList();
        }
    }

    private static double round(double v) {
        return Tally.round(v);
    }

    /** A rate rounded as shown; null (unknown) for NaN: nothing was measured. */
    private static Double known(double rate) {
        return Double.isNaN(rate) ? null : round(rate);
    }
}
