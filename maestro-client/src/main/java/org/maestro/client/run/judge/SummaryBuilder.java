package org.maestro.client.run.judge;

import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.Note;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunJson;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.runfiles.RunTopology;
import org.maestro.common.util.Passwords;
import org.maestro.common.util.SafeText;
import org.maestro.common.util.SystemInfo;
import org.maestro.results.BuildTags;
import org.maestro.results.reduce.DrainTime;
import org.maestro.results.reduce.GeneratorLimits;
import org.maestro.results.reduce.GeneratorUsage;
import org.maestro.results.reduce.RouterHops;
import org.maestro.results.reduce.RunReduction;
import org.maestro.results.StartSkew;
import org.maestro.results.Summary;
import org.maestro.results.reduce.Tally;
import org.maestro.results.reduce.WarmupBoundary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maestro.client.run.discover.ClockLimits;
import org.maestro.client.run.discover.ProbedHost;
import org.maestro.client.run.actions.ActionOutcome;
import org.maestro.results.ActionResult;
import org.maestro.results.GeneratorLoad;
import org.maestro.results.LatencyClocks;
import org.maestro.results.PeerHost;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Works out summary.json: the figures of the collected files come from the run's reduction (maestro-reports'
 * {@link RunReduction}, the same the report and the comparison build from the run directory, summed per route and
 * in total by {@link Tally}); the client adds what only it knows ({@link PeerFigures}: how each peer ended, its final
 * sequence accounting), the actions' costs and the stages ({@link TimelineFigures}), the test's parameters
 * ({@link RunParameters}), and judges the criteria ({@link Judgement}).
 */
public final class SummaryBuilder {
    private static final Logger LOG = LoggerFactory.getLogger(SummaryBuilder.class);
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
    public record Observed(Map<String, Note> ends, Map<String, Stats> finalStats, Map<String, Stats> live,
                    Map<String, String> dataMissing, List<String> errors, List<ActionOutcome> actions,
                    List<Summary.Interruption> interruptions, List<ProbedHost> peerHosts) {
    }

    public static Summary build(TestPlan plan, String testId, String start, List<PeerInfo> peers, Path runDir, Observed seen)
            throws IOException {
        List<PeerHost> peerHosts = ProbedHost.toSummary(seen.peerHosts());
        RunReduction reduction = reduction(peers, runDir, start, seen, PeerHost.offsetsMicros(peerHosts));
        // Each route's own sum when the test has more than one route (its figures side by side), or receivers that
        // start late (their drain is the route's).
        boolean byRoute = plan.effectiveRoutes().size() > 1 || plan.effectiveRoutes().stream().anyMatch(SummaryBuilder::lateReceivers);
        PeerFigures figures = PeerFigures.of(plan, peers, runDir, seen, reduction, byRoute);
        Summary.Totals totals = figures.all.totals(plan.onTopic(), plan.competingReceivers());
        List<Summary.RouteResult> routes = new ArrayList<>();
        for (TestPlan.Route r : plan.effectiveRoutes()) {
            if (figures.byRoute.containsKey(r.name())) {
                routes.add(routeResult(r, peers, figures.byRoute.get(r.name()), runDir));
            }
        }
        List<ActionResult> actions = TimelineFigures.actions(seen.actions(), plan, reduction,
                figures.workersMissing().isEmpty());
        Judgement judged = Judgement.of(plan, peers, seen, figures, totals, actions);
        // The generators' measured span: from the first sender's warm-up end (its boundary) to the load's last message.
        long measureFrom = reduction.frame().firstSenderBoundary();
        long loadEnd = reduction.lastMessageMicros(w -> true);
        RunTopology topology = RunTopology.read(runDir).orElse(null); // the routers the client started, if any
        return Summary.builder().testId(testId).name(plan.name()).tags(plan.tags()).description(plan.description())
                .start(start).end(Instant.now().toString()).parameters(new LinkedHashMap<>(RunParameters.of(plan)))
                .peers(figures.results).totals(totals).routes(routes).checks(judged.checks()).actions(actions)
                .interruptions(List.copyOf(seen.interruptions())).verdict(judged.verdict()).reasons(judged.reasons())
                .peerHosts(peerHosts).clockCheck(ClockLimits.check(seen.peerHosts(), totals.responseTime()))
                .loadGenerators(GeneratorLimits.check(generators(peers, runDir, measureFrom, loadEnd)))
                .startSkew(startSkew(peers, runDir, peerHosts)).stages(TimelineFigures.stages(plan, reduction))
                .hops(hops(peers, runDir, topology)).origin(origin(reduction))
                .router(topology == null ? null : topology.router())
                .build(BuildTags.withSut(plan.build(), sutVersion(peers, runDir, topology)))
                .latencyClocks(LatencyClocks.of(reduction, peerHosts, plan.effectiveRoutes().stream()
                        .map(r -> r.settings().latencyOr(plan.latency())).toList()))
                .build();
    }

    /**
     * The run's reduction, as the report and the comparison get it from the run directory: each sender and receiver with
     * its route (its group) and its clock offset (summary.json's peerHosts), the origin derived from their test.json
     * (none is written yet), their files read unless the client knows their data is missing.
     */
    private static RunReduction reduction(List<PeerInfo> peers, Path runDir, String start, Observed seen,
                                          Map<String, Long> offsets) throws IOException {
        List<WarmupBoundary.Worker> workers = peers.stream().filter(p -> p.role() == Role.SENDER || p.role() == Role.RECEIVER)
                .map(p -> new WarmupBoundary.Worker(p.name(), p.role() == Role.SENDER, p.group(),
                        RunLayout.peerDir(runDir, p.name()), offsets.getOrDefault(p.name(), 0L)))
                .toList();
        List<String> collected = peers.stream().filter(p -> PeerFigures.dataMissing(p, seen) == null).map(PeerInfo::name).toList();
        RunReduction.Frame frame = RunReduction.Frame.of(workers, null, epochMicros(start));
        return RunReduction.read(frame, w -> collected.contains(w.name()));
    }

    /** summary.json's origin: the reduction's, as an instant; null when no worker said when it started. */
    private static String origin(RunReduction reduction) {
        long origin = reduction.originMicros();
        return reduction.frame().firstStart(w -> true) < 0 ? null : TimelineFigures.iso(origin);
    }

    /** The run's start as epoch microseconds; 0 when it is not an instant. */
    private static long epochMicros(String instant) {
        try {
            Instant t = Instant.parse(instant);
            return t.getEpochSecond() * 1_000_000L + t.getNano() / 1_000;
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /** Each inspected router's links that carried deliveries: a line's hops (an inspector whose files are missing has none). */
    private static List<Summary.Hop> hops(List<PeerInfo> peers, Path runDir, RunTopology topology) throws IOException {
        Map<String, Path> inspectors = new LinkedHashMap<>();
        peers.stream().filter(p -> p.role() == Role.INSPECTOR).forEach(p -> inspectors.put(p.name(), RunLayout.peerDir(runDir, p.name())));
        return inspectors.isEmpty() ? List.of()
                : RouterHops.of(topology, inspectors);
    }

    /**
     * What the SUT said it is, as the inspectors read it (their system.json; several inspectors' distinct answers
     * joined), else the router the client started ({@code skupper-router 3.5.1}); null when neither tells.
     */
    static String sutVersion(List<PeerInfo> peers, Path runDir, RunTopology topology) {
        List<String> said = new ArrayList<>();
        for (PeerInfo p : peers) {
            Path file = RunLayout.peerDir(runDir, p.name()).resolve(PeerFiles.SYSTEM_JSON);
            if (p.role() != Role.INSPECTOR || !Files.isRegularFile(file)) {
                continue;
            }
            try {
                String v = RunJson.MAPPER.readTree(file.toFile()).path(SystemInfo.SUT_VERSION).asText("");
                if (!v.isBlank() && !said.contains(v)) {
                    said.add(v);
                }
            } catch (IOException e) {
                LOG.warn("cannot read what the SUT is from {}: {}", file, e.getMessage());
            }
        }
        return !said.isEmpty() ? String.join(", ", said) : topology == null ? null : topology.router();
    }

    /** How together the senders and receivers whose files were collected began at the common instant. */
    private static Summary.StartSkew startSkew(List<PeerInfo> peers, Path runDir, List<PeerHost> hosts) throws IOException {
        return StartSkew.of(peers.stream().filter(p -> p.role() == Role.SENDER || p.role() == Role.RECEIVER)
                .map(p -> new StartSkew.Worker(p.name(), p.role().wireName(), RunLayout.peerDir(runDir, p.name()))).toList(), hosts);
    }

    /** Each sender's and receiver's own CPU and GC over the measured span, for those whose file was collected. */
    private static List<GeneratorLoad> generators(List<PeerInfo> peers, Path runDir, long from, long to)
            throws IOException {
        List<GeneratorLoad> out = new ArrayList<>();
        for (PeerInfo p : peers) {
            if (p.role() == Role.SENDER || p.role() == Role.RECEIVER) {
                GeneratorUsage.read(p.name(), p.role().wireName(), p.host(), RunLayout.peerDir(runDir, p.name()), from, to)
                        .ifPresent(out::add);
            }
        }
        return out;
    }

    /** A route's figures, summed over its own peers (those of its group), beside what it ran on. */
    private static Summary.RouteResult routeResult(TestPlan.Route r, List<PeerInfo> peers, Tally tally, Path runDir)
            throws IOException {
        String send = Passwords.redact(r.sendUrl());
        String receive = Passwords.redact(r.receiveUrl());
        String target = send.equals(receive) ? send : send + " -> " + receive;
        List<PeerInfo> workers = peers.stream().filter(p -> p.group().equals(r.name())
                && (p.role() == Role.SENDER || p.role() == Role.RECEIVER)).toList();
        Summary.Drain drain = !lateReceivers(r) ? null
                : DrainTime.of(dirsOf(workers, Role.SENDER, runDir), dirsOf(workers, Role.RECEIVER, runDir));
        return new Summary.RouteResult(r.name(), Summary.RouteResult.protocolOf(r.sendUrl() != null ? r.sendUrl() : r.receiveUrl()),
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
    public static String named(PeerInfo p) {
        return p.role().wireName() + " '" + SafeText.of(p.name()) + "'";
    }
}
