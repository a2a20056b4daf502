package org.maestro.client.run.judge;

import org.maestro.client.plan.TestPlan;
import org.maestro.common.units.RateProfile;
import org.maestro.common.util.SafeText;
import org.maestro.results.reduce.FaultAnalysis;
import org.maestro.results.reduce.RunReduction;
import org.maestro.results.reduce.StageFigures;
import org.maestro.results.Summary;
import org.maestro.results.reduce.Timeline;
import org.maestro.results.reduce.WarmupBoundary;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.maestro.client.run.actions.ActionOutcome;
import org.maestro.results.ActionResult;

/**
 * What the run's timeline ({@link Timeline}: 100 ms buckets of the workers' rate logs whose data is not missing)
 * says of the plan: each agent action's cost, and what each stage of a rate profile achieved.
 */
final class TimelineFigures {
    private TimelineFigures() {
    }

    /**
     * Each action with what it cost, measured on the run's timeline; the cost is unknown (null) when the action did
     * not run, or when {@code timelineKnown} is false (a sender's or receiver's rate logs are missing).
     */
    static List<ActionResult> actions(List<ActionOutcome> outcomes, TestPlan plan, RunReduction reduction,
                                              boolean timelineKnown) throws IOException {
        List<ActionResult> out = new ArrayList<>();
        if (outcomes.isEmpty()) {
            return out;
        }
        List<WarmupBoundary.Worker> workers = reduction.workers(w -> true);
        // The timeline begins at the first worker's start (receivers may start before the senders), so that every
        // message of any worker falls in one of its buckets.
        long first = reduction.frame().firstStart(w -> reduction.peer(w.name()) != null);
        long end = reduction.lastMessageMicros(w -> true);
        Timeline timeline = first < 0 || !timelineKnown ? null : Timeline.read(workers, first, end);
        // An action's start from the run's origin, as the report draws it.
        long origin = workers.isEmpty() ? -1 : reduction.originMicros();
        for (ActionOutcome o : outcomes) {
            FaultAnalysis cost = null;
            if (timeline != null && o.startMicros() > 0) {
                // Its window ends where a later planned action starts: the agents of a group act at the same planned
                // time, each a few ms apart, and each such run's cost is the whole fault's.
                long windowEnd = outcomes.stream().filter(n -> n.action().atMillis() > o.action().atMillis())
                        .mapToLong(ActionOutcome::startMicros).filter(t -> t > o.startMicros()).min().orElse(end);
                cost = FaultAnalysis.of(timeline, o.startMicros(), windowEnd, plan.targetRate().perSecond());
            }
            Long startedAtMillis = o.startMicros() > 0 && origin > 0 ? Math.round((o.startMicros() - origin) / 1000.0) : null;
            out.add(ActionResult.builder().handler(o.action().handler()).args(o.action().args())
                    .atMillis(o.action().atMillis()).start(iso(o.startMicros())).end(iso(o.endMicros()))
                    .outcome(o.outcome())
                    .exitStatus(o.exitStatus()).reason(o.reason() == null ? null : SafeText.of(o.reason())).cost(cost)
                    .agent(o.agent()).group(o.action().group()).startedAtMillis(startedAtMillis).build());
        }
        return out;
    }

    /**
     * Each stage of the plan's rate profile, then of each route's own, with what it achieved (a route's from its own
     * peers, counted from its own senders' start); empty without stages or without the senders' files.
     */
    static List<Summary.StageResult> stages(TestPlan plan, RunReduction reduction) throws IOException {
        List<Summary.StageResult> out = new ArrayList<>();
        if (plan.stages() != null) {
            out.addAll(stagesOf(plan.stages(), reduction, w -> true));
        }
        for (TestPlan.Route r : plan.effectiveRoutes()) {
            if (r.settings().stages() != null) {
                stagesOf(r.settings().stages(), reduction, w -> r.name().equals(w.route()))
                        .forEach(st -> out.add(st.ofRoute(r.name())));
            }
        }
        return out;
    }

    private static List<Summary.StageResult> stagesOf(RateProfile profile, RunReduction reduction,
                                                      Predicate<WarmupBoundary.Worker> own) throws IOException {
        List<WarmupBoundary.Worker> workers = reduction.workers(own);
        long loadStart = reduction.frame().firstStart(w -> w.sender() && workers.contains(w));
        if (loadStart < 0) {
            return List.of();
        }
        List<Path> receivers = workers.stream().filter(w -> !w.sender()).map(WarmupBoundary.Worker::dir).toList();
        return StageFigures.of(profile, Timeline.read(workers, loadStart, reduction.lastMessageMicros(workers::contains)),
                loadStart, receivers);
    }

    static String iso(long epochMicros) {
        return epochMicros <= 0 ? "" : Instant.ofEpochSecond(epochMicros / 1_000_000, (epochMicros % 1_000_000) * 1_000).toString();
    }
}
