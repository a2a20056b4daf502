package org.maestro.client.run.judge;

import org.HdrHistogram.Histogram;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.runfiles.DeliveryJson;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.runfiles.TestJson;
import org.maestro.common.util.SafeText;
import org.maestro.results.reduce.PeerReduction;
import org.maestro.results.reduce.RunReduction;
import org.maestro.results.Summary;
import org.maestro.results.reduce.Tally;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Each peer's entry of summary.json, and the sums of the run and of each route: the figures of a sender's or
 * receiver's files from the run's reduction, beside what only the client knows (how the peer ended, its final
 * sequence accounting, its last progress note when its data is missing); each sender whose warm-up hit its cap
 * before it was on schedule, as a check.
 */
final class PeerFigures {
    final List<Summary.PeerResult> results = new ArrayList<>();
    /** The run's sum. */
    final Tally all = new Tally();
    /** Each route's own sum, by route name, when the test has routes of their own ({@link #byRoute}). */
    final Map<String, Tally> byRoute = new LinkedHashMap<>();
    /** Senders whose warm-up hit its cap before they were on schedule: a failed check each. */
    final List<Summary.Check> offSchedule = new ArrayList<>();
    /** Checks whose figure has no sample (nothing measured after the warm-up): not evaluated, and the verdict says why. */
    final List<Summary.Check> unmeasured = new ArrayList<>();
    /** The senders of {@link #offSchedule}, as the summary names them. */
    final List<String> offScheduleSenders = new ArrayList<>();

    private final TestPlan plan;
    private final SummaryBuilder.Observed seen;
    private final RunReduction reduction;

    private PeerFigures(TestPlan plan, SummaryBuilder.Observed seen, RunReduction reduction) {
        this.plan = plan;
        this.seen = seen;
        this.reduction = reduction;
    }

    /**
     * The peers' entries and sums.
     *
     * @param reduction the run's reduction, of the workers whose data is not missing ({@link #dataMissing})
     * @param byRoute   whether each route gets a sum of its own (several routes, or receivers that start late)
     */
    static PeerFigures of(TestPlan plan, List<PeerInfo> peers, Path runDir, SummaryBuilder.Observed seen,
                          RunReduction reduction, boolean byRoute) throws IOException {
        PeerFigures f = new PeerFigures(plan, seen, reduction);
        if (byRoute) {
            plan.effectiveRoutes().forEach(r -> f.byRoute.put(r.name(), new Tally()));
        }
        for (PeerInfo p : peers) {
            f.add(p, RunLayout.peerDir(runDir, p.name()));
        }
        return f;
    }

    /** Why the peer's data is missing (not collected, or a receiver's final figures not given); null when it is not. */
    static String dataMissing(PeerInfo p, SummaryBuilder.Observed seen) {
        String missing = seen.dataMissing().get(p.id());
        if (missing == null && p.role() == Role.RECEIVER && seen.finalStats().get(p.id()) == null) {
            // Its sequence accounting (gaps, duplicates) is only in its final figures.
            missing = "it did not give its final figures (no answer to STATS)";
        }
        return missing;
    }

    /** The senders' and receivers' data missing, as the verdict's reasons say it. */
    List<String> workersMissing() {
        List<String> out = new ArrayList<>(all.sendersMissing);
        out.addAll(all.receiversMissing);
        return out;
    }

    private void add(PeerInfo p, Path dir) throws IOException {
        Stats s = seen.finalStats().get(p.id());
        Note end = seen.ends().get(p.id());
        // A peer's own words come from the wire: inert in summary.json too (jq -r prints what it holds).
        String endText = end == null ? "did not end" : SafeText.of(end.payload() instanceof Payload.NotifySuccess ok ? ok.detail()
                : "failed: " + ((Payload.NotifyFail) end.payload()).reason());
        boolean ok = end != null && end.payload() instanceof Payload.NotifySuccess;
        String missing = dataMissing(p, seen);
        if (p.role() == Role.AGENT) {
            results.add(Summary.PeerResult.builder().name(p.name()).role("agent").host(p.host())
                    .messages((long) seen.actions().size()).ok(true).end(seen.actions().size() + " action(s)")
                    .files(files(dir))
                    .dataMissing(missing).build());
            return;
        }
        if (p.role() == Role.INSPECTOR) {
            results.add(Summary.PeerResult.builder().name(p.name()).role("inspector").host(p.host())
                    .messages(s == null ? null : s.messages()).ok(ok).end(endText).files(files(dir))
                    .dataMissing(missing).build());
            return;
        }
        // The run's sum, and its route's when it has one of its own.
        List<Tally> sums = byRoute.containsKey(p.group()) ? List.of(all, byRoute.get(p.group())) : List.of(all);
        if (missing != null) {
            String why = SummaryBuilder.missingText(p, missing);
            sums.forEach(t -> t.missing(p.role() == Role.SENDER, why));
            results.add(Summary.PeerResult.builder().name(p.name()).role(p.role().wireName()).host(p.host()).ok(ok)
                    .end(endText).files(files(dir)).dataMissing(missing).live(live(seen.live().get(p.id()), p.role()))
                    .build());
            return;
        }
        PeerReduction figures = reduction.peer(p.name());
        long records = figures.rateLogs().messages();
        double rate = figures.rate();
        if (p.role() == Role.SENDER) {
            // Flat out there is no schedule: no send delay (its log holds zeros), rather than 0 / 0 / 0 ms.
            Histogram delay = flatOut(p) ? null : figures.measured(PeerFiles.SEND_DELAY_HLOG);
            sums.forEach(t -> t.sender(records, rate, delay));
            Summary.Warmup warmup = warmup(p);
            results.add(Summary.PeerResult.builder().name(p.name()).role("sender").host(p.host()).messages(records)
                    .rate(known(rate)).sendDelay(delay == null ? null : Summary.Latency.of(delay)).ok(ok).end(endText)
                    .files(files(dir)).warmup(warmup).delivery(DeliveryJson.read(dir).orElse(null))
                    .roundTrip(figures.latency(PeerFiles.LATENCY_ROUND_TRIP_HLOG)).build());
        } else {
            sums.forEach(t -> t.receiver(figures, s));
            results.add(Summary.PeerResult.builder().name(p.name()).role("receiver").host(p.host()).messages(records)
                    .rate(known(rate)).responseTime(figures.latency(PeerFiles.LATENCY_RESPONSE_HLOG))
                    .serviceTime(figures.latency(PeerFiles.LATENCY_SERVICE_HLOG))
                    .lost(plan.competingReceivers() ? null : s.lost())
                    .duplicated(s.duplicated()).outOfOrder(s.outOfOrder()).ok(ok).end(endText).files(files(dir))
                    .build());
        }
    }

    /**
     * A sender's warm-up from its test.json (as the reduction's frame read it), null when it had none; a warm-up that hit
     * its cap off schedule is a check.
     */
    private Summary.Warmup warmup(PeerInfo p) {
        TestJson.Worker test = reduction.frame().test(p.name()).orElse(null);
        if (test == null || test.warmupMicros() == 0) {
            return null;
        }
        double seconds = Tally.round(test.warmupMicros() / 1e6);
        TestJson.WarmupGate gate = test.warmupGate();
        if (gate == null) {
            return new Summary.Warmup(seconds, null, null, null, "fixed length");
        }
        Summary.Warmup warmup = new Summary.Warmup(seconds, Tally.round(gate.maxMicros() / 1e6), gate.sendDelayBoundMicros() / 1000.0,
                gate.onSchedule(), gate.describe(test.warmupMicros()));
        if (warmup.offSchedule()) {
            String criterion = SummaryBuilder.named(p) + " on schedule after the warm-up";
            String bound = String.format(Locale.ROOT, "send delay < %.3f ms for a whole second within %.1f s",
                    warmup.sendDelayBoundMillis(), warmup.maxSeconds());
            if (gate.endedWithSending(test.warmupMicros())) {
                // Every message was warm-up: whether it would have got on schedule is not known, nothing was measured.
                unmeasured.add(Summary.Check.notEvaluated(criterion, warmup.detail() + ": nothing was sent after it", bound));
            } else {
                offScheduleSenders.add(SummaryBuilder.named(p));
                offSchedule.add(new Summary.Check(criterion, false, warmup.detail(), bound));
            }
        }
        return warmup;
    }

    /** Whether the sender {@code p} sent flat out: its route's rate, or the test's. */
    private boolean flatOut(PeerInfo p) {
        return plan.effectiveRoutes().stream().filter(r -> r.name().equals(p.group())).findFirst()
                .map(plan::flatOut).orElse(plan.rate().isFlatOut());
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

    private static List<String> files(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        // An inspector of several routers has a directory per router: its files are listed as router-2/links.csv.
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).map(f -> dir.relativize(f).toString().replace('\\', '/')).sorted().toList();
        }
    }

    /** A rate rounded as shown; null (unknown) for NaN: nothing was measured. */
    private static Double known(double rate) {
        return Double.isNaN(rate) ? null : Tally.round(rate);
    }
}
