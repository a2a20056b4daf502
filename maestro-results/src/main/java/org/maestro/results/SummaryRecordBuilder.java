package org.maestro.results;

import java.util.List;
import java.util.Map;

/**
 * A {@link Summary} named component by component ({@link Summary#builder()}); a list not set reads as empty (as from an
 * older summary.json), anything else as null.
 */
public final class SummaryRecordBuilder {
    private String testId;
    private String name;
    private List<String> tags;
    private String description;
    private String start;
    private String end;
    private Map<String, Object> parameters;
    private List<Summary.PeerResult> peers;
    private Summary.Totals totals;
    private List<Summary.RouteResult> routes;
    private List<Summary.Check> checks;
    private List<ActionResult> actions;
    private List<Summary.Interruption> interruptions;
    private String verdict;
    private List<String> reasons;
    private List<PeerHost> peerHosts;
    private ClockCheck clockCheck;
    private LoadGenerators loadGenerators;
    private Summary.StartSkew startSkew;
    private List<Summary.StageResult> stages;
    private List<Summary.Hop> hops;
    private String origin;
    private String router;
    private Map<String, String> build;
    private LatencyClocks latencyClocks;

    SummaryRecordBuilder() {
    }

    public SummaryRecordBuilder testId(String testId) {
        this.testId = testId;
        return this;
    }

    public SummaryRecordBuilder name(String name) {
        this.name = name;
        return this;
    }

    public SummaryRecordBuilder tags(List<String> tags) {
        this.tags = tags;
        return this;
    }

    public SummaryRecordBuilder description(String description) {
        this.description = description;
        return this;
    }

    public SummaryRecordBuilder start(String start) {
        this.start = start;
        return this;
    }

    public SummaryRecordBuilder end(String end) {
        this.end = end;
        return this;
    }

    public SummaryRecordBuilder parameters(Map<String, Object> parameters) {
        this.parameters = parameters;
        return this;
    }

    public SummaryRecordBuilder peers(List<Summary.PeerResult> peers) {
        this.peers = peers;
        return this;
    }

    public SummaryRecordBuilder totals(Summary.Totals totals) {
        this.totals = totals;
        return this;
    }

    public SummaryRecordBuilder routes(List<Summary.RouteResult> routes) {
        this.routes = routes;
        return this;
    }

    public SummaryRecordBuilder checks(List<Summary.Check> checks) {
        this.checks = checks;
        return this;
    }

    public SummaryRecordBuilder actions(List<ActionResult> actions) {
        this.actions = actions;
        return this;
    }

    public SummaryRecordBuilder interruptions(List<Summary.Interruption> interruptions) {
        this.interruptions = interruptions;
        return this;
    }

    public SummaryRecordBuilder verdict(String verdict) {
        this.verdict = verdict;
        return this;
    }

    public SummaryRecordBuilder reasons(List<String> reasons) {
        this.reasons = reasons;
        return this;
    }

    public SummaryRecordBuilder peerHosts(List<PeerHost> peerHosts) {
        this.peerHosts = peerHosts;
        return this;
    }

    public SummaryRecordBuilder clockCheck(ClockCheck clockCheck) {
        this.clockCheck = clockCheck;
        return this;
    }

    public SummaryRecordBuilder loadGenerators(LoadGenerators loadGenerators) {
        this.loadGenerators = loadGenerators;
        return this;
    }

    public SummaryRecordBuilder startSkew(Summary.StartSkew startSkew) {
        this.startSkew = startSkew;
        return this;
    }

    public SummaryRecordBuilder stages(List<Summary.StageResult> stages) {
        this.stages = stages;
        return this;
    }

    public SummaryRecordBuilder hops(List<Summary.Hop> hops) {
        this.hops = hops;
        return this;
    }

    /** Which router the run's topology was, with its version ({@code skupper-router 3.5.1}); null when it had none. */
    public SummaryRecordBuilder router(String router) {
        this.router = router;
        return this;
    }

    public SummaryRecordBuilder origin(String origin) {
        this.origin = origin;
        return this;
    }

    /** What the run tested ({@link BuildTags}); not set: empty. */
    public SummaryRecordBuilder build(Map<String, String> build) {
        this.build = build;
        return this;
    }

    /** Which clock each latency figure used, and the round trips ({@link LatencyClocks}); not set: null. */
    public SummaryRecordBuilder latencyClocks(LatencyClocks latencyClocks) {
        this.latencyClocks = latencyClocks;
        return this;
    }

    public Summary build() {
        return new Summary(testId, name, tags, description, start, end, parameters, peers, totals, routes,
                checks, actions, interruptions, verdict, reasons, peerHosts, clockCheck, loadGenerators,
                startSkew, stages, hops, origin, router, build, latencyClocks);
    }
}
