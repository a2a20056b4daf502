package org.maestro.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

import org.maestro.common.runfiles.DeliveryJson;
import org.maestro.results.reduce.DrainTime;
import org.maestro.results.reduce.RouterHops;
import org.maestro.results.reduce.StageFigures;

/**
 * summary.json: what a run was and what it measured. Times are milliseconds with three decimals
 * (microsecond resolution), rates messages per second. Message counts (sent, received, lost...) cover the whole
 * test, warm-up included, so that loss adds up; rates and latency leave out the warm-up.
 *
 * <p>A figure that depends on data the client could not collect is null ("unknown"), never 0: a peer whose files
 * are missing says so in {@link PeerResult#dataMissing}, and what it reported live is kept apart in
 * {@link PeerResult#live}.
 *
 * <p>{@code tags} are the test's free labels (the script's); {@code build} is what this run tested, key → value
 * ({@link BuildTags}: {@code build}, {@code commit}, ...), empty when nobody said.
 *
 * <p>{@code latencyClocks} says which clock each latency figure was taken on and holds the round trips, where receivers
 * sent messages back ({@link LatencyClocks}); null in a summary.json of an older Maestro.
 */
public record Summary(String testId, String name, List<String> tags, String description, String start, String end,
                      Map<String, Object> parameters, List<PeerResult> peers, Totals totals, List<RouteResult> routes,
                      List<Check> checks,
                      List<ActionResult> actions, List<Interruption> interruptions, String verdict, List<String> reasons,
                      List<PeerHost> peerHosts, ClockCheck clockCheck, LoadGenerators loadGenerators,
                      StartSkew startSkew, List<StageResult> stages, List<Hop> hops, String origin,
                      String router, Map<String, String> build, LatencyClocks latencyClocks) {

    public static final String PASSED = "passed";
    public static final String FAILED = "failed";
    public static final String ERROR = "error";
    /** Ctrl-C or SIGTERM ended the test early (or its client was killed and maestro collect finished it). */
    public static final String INTERRUPTED = "interrupted";
    /** The exit code of an interrupted run, as a shell gives a program ended by SIGINT (128 + 2). */
    public static final int INTERRUPTED_EXIT = 130;

    /** A summary.json of an older Maestro may lack a list: read as empty, never null. */
    public Summary {
        tags = orEmpty(tags);
        parameters = parameters == null ? Map.of() : parameters;
        peers = orEmpty(peers);
        routes = orEmpty(routes);
        checks = orEmpty(checks);
        actions = orEmpty(actions);
        interruptions = orEmpty(interruptions);
        reasons = orEmpty(reasons);
        peerHosts = orEmpty(peerHosts);
        stages = orEmpty(stages);
        hops = orEmpty(hops);
        build = build == null ? Map.of() : build;
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    /** Reads a run's summary.json (the file itself), through this same record. */
    public static Summary read(Path file) throws IOException {
        return ResultsJson.read(file, Summary.class);
    }

    /** Writes this summary as {@code file} (summary.json). */
    public void write(Path file) throws IOException {
        ResultsJson.write(file, this);
    }

    /** A summary built component by component (summary.json's shape is the record's: its components, by name). */
    public static SummaryRecordBuilder builder() {
        return new SummaryRecordBuilder();
    }

    /** This record with some components changed. */
    public SummaryRecordBuilder toBuilder() {
        return new SummaryRecordBuilder()
                .testId(testId).name(name).tags(tags).description(description).start(start).end(end)
                .parameters(parameters).peers(peers).totals(totals).routes(routes).checks(checks).actions(actions)
                .interruptions(interruptions).verdict(verdict).reasons(reasons).peerHosts(peerHosts)
                .clockCheck(clockCheck).loadGenerators(loadGenerators).startSkew(startSkew).stages(stages)
                .hops(hops).origin(origin).router(router).build(build).latencyClocks(latencyClocks);
    }

    /**
     * A router's link that carried deliveries during the run, as the inspector of that router counted them
     * ({@link RouterHops}: its links.csv, Qpid Dispatch's {@code router.link} counters over the whole run, warm-up
     * included). For a line: router-1's {@code maestro.local in} (from the senders), {@code inter-router out to router-2},
     * router-2's {@code inter-router in from router-1} and so on to the last router's {@code maestro.local out} (to the
     * receivers). Null: the router's link entity has no such counter.
     *
     * @param router            the router of the run's topology the inspector sampled; "" when the run has none
     * @param inspector         the inspector peer whose links.csv it comes from
     * @param link              the link's stable name (its type, direction and far router, or its address and direction)
     * @param deliveries        {@code deliveryCount}: deliveries that crossed the link
     * @param accepted          {@code acceptedCount}: of them, settled as accepted by the far end
     * @param released          {@code releasedCount}: given back (the far end or the route was gone)
     * @param modified          {@code modifiedCount}: given back as modified (in flight when a hop went away)
     * @param rejected          {@code rejectedCount}
     * @param droppedPresettled {@code droppedPresettledCount}: presettled deliveries the router dropped (lost)
     */
    public record Hop(String router, String inspector, String link, Long deliveries, Long accepted, Long released,
                      Long modified, Long rejected, Long droppedPresettled) {
    }

    /** The peer named {@code peerName}, or null. */
    public PeerResult peer(String peerName) {
        return peers.stream().filter(p -> p.name().equals(peerName)).findFirst().orElse(null);
    }

    /** The route named {@code routeName}, or null. */
    public RouteResult route(String routeName) {
        return routes.stream().filter(r -> r.name().equals(routeName)).findFirst().orElse(null);
    }

    /**
     * Latency percentiles in milliseconds; count = values measured. A measure with no value is no Latency at all:
     * the field holding it is null ("unknown"), never a Latency of zeros (see {@link #of}).
     */
    public record Latency(long count, double p50, double p90, double p99, double p999, double max) {
        /** The percentiles of {@code h} (microseconds) in milliseconds; null when it holds no value. */
        public static Latency of(org.HdrHistogram.Histogram h) {
            if (h.getTotalCount() == 0) {
                return null;
            }
            return new Latency(h.getTotalCount(), millis(h.getValueAtPercentile(50)), millis(h.getValueAtPercentile(90)),
                    millis(h.getValueAtPercentile(99)), millis(h.getValueAtPercentile(99.9)), millis(h.getMaxValue()));
        }

        /** The percentile {@code percentile} (50, 90, 99, 99.9; 100 is the max) as summary.json holds it. */
        public double at(double percentile) {
            if (percentile == 50) {
                return p50;
            } else if (percentile == 90) {
                return p90;
            } else if (percentile == 99) {
                return p99;
            } else if (percentile == 99.9) {
                return p999;
            } else if (percentile == 100) {
                return max;
            }
            throw new IllegalArgumentException("summary.json holds no p" + percentile);
        }

        /** A summary.json of an older Maestro wrote zeros for a measure without values: read as unknown. */
        public static Latency known(Latency l) {
            return l == null || l.count() == 0 ? null : l;
        }

        public static double millis(long micros) {
            return micros / 1000.0;
        }
    }

    /**
     * One peer's results; the figures are null when its data is missing.
     *
     * @param end         how it ended: the text of its NOTIFY_SUCCESS / NOTIFY_FAIL, or what happened
     * @param dataMissing null when its files (and, for a receiver, its final figures) were collected; else why not
     * @param live        what it reported over the control plane, kept when its data is missing; else null
     * @param warmup      a sender's warm-up as it was; null for another role, no warm-up, or data missing
     * @param delivery    a sender's delivery mode and how the SUT disposed of its messages (acknowledged, released and
     *                    resent, refused: its delivery.json); null for another role or data missing
     * @param roundTrip   a sender's round trips after warm-up, on its own clock ({@link LatencyClocks}); null when its
     *                    route measured latency one way (then left out of summary.json)
     */
    public record PeerResult(String name, String role, String host, Long messages, Double rate, Latency responseTime,
                             Latency serviceTime, Latency sendDelay, Long lost, Long duplicated, Long outOfOrder,
                             boolean ok, String end, List<String> files, String dataMissing, LiveFigures live,
                             Warmup warmup, DeliveryJson delivery,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Latency roundTrip) {
        /** A peer's results built component by component (summary.json's {@code peers[]} has the record's shape). */
        public static PeerResultBuilder builder() {
            return new PeerResultBuilder();
        }
    }

    /**
     * A sender's warm-up: how long it actually was and, when it waited for its connections to be on schedule, how
     * that ended.
     *
     * @param seconds              its actual length (the parameters hold the configured one)
     * @param maxSeconds           its cap; null for a warm-up of fixed length
     * @param sendDelayBoundMillis the send delay every connection had to stay below for a second; null when fixed
     * @param onSchedule           whether it ended with every connection on schedule; null when fixed
     * @param detail               "fixed length", "on schedule after 5.2 s", or which connection was how far behind
     */
    public record Warmup(double seconds, Double maxSeconds, Double sendDelayBoundMillis, Boolean onSchedule, String detail) {
        /** Ended at its cap (or with sending) with a connection still behind its schedule. */
        public boolean offSchedule() {
            return Boolean.FALSE.equals(onSchedule);
        }
    }

    /**
     * What a peer reported live (its last NOTIFY_PROGRESS), not read from its files: shown, never counted in the totals.
     *
     * @param source        where the figures come from, e.g. "live, not from files: last progress note at 7.0 s"
     * @param messages      sent or received so far (warm-up included)
     * @param lost          receiver: sequence gaps so far (null for a sender)
     */
    public record LiveFigures(String source, String phase, long elapsedMillis, long messages, Long lost, Long duplicated,
                              Long outOfOrder) {
    }

    /** The run's figures; each is null (unknown) when a peer it depends on has no data. */
    public record Totals(Long sent, Long received, Long lost, Long duplicated, Long outOfOrder, Double sendRate,
                         Double receiveRate, Latency responseTime, Latency serviceTime, Latency sendDelay) {
    }

    /**
     * One route of a test with several (empty for a single route): its figures summed over its own senders and
     * receivers (their HDR logs merged) exactly as {@link Totals} are over all of them, so routes compare side by side.
     *
     * @param name     the route's group
     * @param protocol its SUT URL's scheme (amqp, core, openwire, kafka...)
     * @param target   its SUT URL, password redacted ("SEND -> RECEIVE" when they differ)
     * @param peers    its senders' and receivers' names
     * @param drain    when its receivers started after its senders (receiverStartAfter): the backlog they found and how
     *                 long they took to catch up; else null
     */
    public record RouteResult(String name, String protocol, String target, List<String> peers, Totals totals, Drain drain) {
        /** The scheme of {@code url}: what the worker's driver is chosen by; "" when it has none. */
        public static String protocolOf(String url) {
            int colon = url == null ? -1 : url.indexOf("://");
            return colon < 0 ? "" : url.substring(0, colon).toLowerCase(Locale.ROOT);
        }
    }

    /**
     * How the receivers of a route that started after its senders drained the backlog the senders built up for them
     * ({@link DrainTime}).
     *
     * @param startAfterMillis how long after the first of the route's senders the first receiver actually started
     * @param backlogMessages  the messages sent before then, which waited for the receivers
     * @param drainMillis      from their start until they had caught up with the senders (received what was sent up to
     *                         {@link DrainTime#CAUGHT_UP_LAG_MICROS} before), {@link DrainTime#BUCKET_MICROS} resolution;
     *                         null when they never did
     * @param caughtUpLagMillis  how far behind the senders' count the receivers' may be and have caught up: what is in
     *                         flight, not backlog
     */
    public record Drain(double startAfterMillis, long backlogMessages, Double drainMillis, double caughtUpLagMillis) {
    }

    /**
     * One stage of a rate profile and what it achieved ({@link StageFigures}); the list is empty for a run of one rate.
     *
     * @param stage         its text, e.g. "500/s..2000/s 10s"
     * @param targetRate    its mean target rate, msg/s (all senders)
     * @param startSeconds  its start, seconds from the start of the load
     * @param sent          messages due in it (by intended time)
     * @param received      messages that arrived while it ran
     * @param achievedRate  received over its length, msg/s
     * @param lost          of the messages due in it, those never received
     * @param responseTime  the response time of the seconds it spans; null when none was measured
     * @param route         the route whose own profile it is (its senders' start is then the origin); null: the test's
     */
    public record StageResult(int index, String stage, double targetRate, double startSeconds, double endSeconds, long sent,
                              long received, double achievedRate, long lost, Latency responseTime,
                              @JsonInclude(JsonInclude.Include.NON_NULL)
                              String route) {
        /** A stage built component by component (summary.json's {@code stages[]} has the record's shape). */
        public static StageResultBuilder builder() {
            return new StageResultBuilder();
        }

        /** This record with some components changed. */
        public StageResultBuilder toBuilder() {
            return new StageResultBuilder()
                    .index(index).stage(stage).targetRate(targetRate).startSeconds(startSeconds)
                    .endSeconds(endSeconds).sent(sent).received(received).achievedRate(achievedRate).lost(lost)
                    .responseTime(responseTime).route(route);
        }

        /** The same stage, of {@code routeName}'s own profile. */
        public StageResult ofRoute(String routeName) {
            return toBuilder().route(routeName).build();
        }
    }

    /**
     * A stretch of time a peer, or the client itself, was off the control broker while the test went on.
     *
     * @param who     "receiver 'receiver-1'", or "control broker mqtt://host:1883" when the client lost the broker
     * @param from    when it dropped (ISO-8601)
     * @param to      when it was back, null when it never was within the run
     * @param millis  how long it was away, null when it never came back
     */
    public record Interruption(String who, String from, String to, Long millis) {
    }

    /**
     * How together the senders and receivers began at the common start instant (see the results model's StartSkew); null
     * when no peer was given an instant.
     *
     * @param skewMillis           the latest begin minus the earliest, on the client's clock; null when none began
     * @param uncertaintyMillis    how far off that may be from the clock offsets (0 when every peer reads the client's clock)
     * @param latestPeer           the peer that began last
     * @param latestLatenessMillis how long after the instant it began, on its own clock
     * @param neverBegan           peers stopped before the instant
     * @param peers                each peer's lateness
     */
    public record StartSkew(Double skewMillis, Double uncertaintyMillis, String latestPeer, Double latestLatenessMillis,
                            int neverBegan, List<PeerStart> peers) {
    }

    /** @param latenessMillis when it began after the instant, on its own clock; null when it never began */
    public record PeerStart(String peer, String role, Double latenessMillis) {
    }

    /**
     * One criterion's outcome: what was measured against what bound. {@code passed} is null when the criterion was
     * not evaluated (it depends on data that is missing: neither passed nor failed), and {@code measured} says why.
     */
    public record Check(String criterion, Boolean passed, String measured, String bound) {
        public static Check notEvaluated(String criterion, String why, String bound) {
            return new Check(criterion, null, "not evaluated: " + why, bound);
        }

        private static final String NOT_APPLICABLE = "not applicable: ";

        /**
         * A criterion that has no meaning for this run (a share of the target rate in a run with none): neither passed
         * nor failed, and not a missing figure either, so it leaves the verdict to the other criteria.
         */
        public static Check notApplicable(String criterion, String why, String bound) {
            return new Check(criterion, null, NOT_APPLICABLE + why, bound);
        }

        public boolean notApplicable() {
            return passed == null && measured != null && measured.startsWith(NOT_APPLICABLE);
        }

        /** The verdict's reason when this check is broken: "CRITERION: measured VALUE". */
        public String failureReason() {
            return criterion + ": measured " + measured;
        }

        /** Evaluated and broken. */
        public boolean failed() {
            return Boolean.FALSE.equals(passed);
        }

        public boolean evaluated() {
            return passed != null;
        }
    }

    /**
     * The same run, interrupted: it keeps its figures, but its criteria no longer decide: a figure over the part
     * that ran is not the figure of the test, so each criterion is "not evaluated", with what was measured.
     */
    public Summary interrupted() {
        List<Check> unjudged = checks.stream().map(c -> !c.evaluated() ? c
                : Check.notEvaluated(c.criterion(), "the run was interrupted (measured " + c.measured() + " over the part that ran)",
                c.bound())).toList();
        return toBuilder().checks(unjudged).verdict(INTERRUPTED)
                .reasons(reasons.stream().filter(r -> checks.stream().noneMatch(c -> r.equals(c.failureReason()))).toList())
                .build();
    }

    public int exitCode() {
        return switch (verdict) {
            case PASSED -> 0;
            case FAILED -> 1;
            case INTERRUPTED -> INTERRUPTED_EXIT;
            default -> 2;
        };
    }
}
