package org.maestro.results;

import java.util.List;
import org.maestro.results.reduce.FaultAnalysis;

/** A {@link ActionResult} named component by component; one not set is null (0). */
public final class ActionResultBuilder {
    private String handler;
    private List<String> args;
    private long atMillis;
    private String start;
    private String end;
    private String outcome;
    private long exitStatus;
    private String reason;
    private Long lost;
    private Long duplicated;
    private Long outOfOrder;
    private Long outageMillis;
    private Long recoveryMillis;
    private String agent;
    private Integer stops;
    private Long lastResumeMillis;
    private String group;
    private Long startedAtMillis;

    ActionResultBuilder() {
    }

    public ActionResultBuilder handler(String handler) {
        this.handler = handler;
        return this;
    }

    public ActionResultBuilder args(List<String> args) {
        this.args = args;
        return this;
    }

    public ActionResultBuilder atMillis(long atMillis) {
        this.atMillis = atMillis;
        return this;
    }

    public ActionResultBuilder start(String start) {
        this.start = start;
        return this;
    }

    public ActionResultBuilder end(String end) {
        this.end = end;
        return this;
    }

    public ActionResultBuilder outcome(String outcome) {
        this.outcome = outcome;
        return this;
    }

    public ActionResultBuilder exitStatus(long exitStatus) {
        this.exitStatus = exitStatus;
        return this;
    }

    public ActionResultBuilder reason(String reason) {
        this.reason = reason;
        return this;
    }

    public ActionResultBuilder lost(Long lost) {
        this.lost = lost;
        return this;
    }

    public ActionResultBuilder duplicated(Long duplicated) {
        this.duplicated = duplicated;
        return this;
    }

    public ActionResultBuilder outOfOrder(Long outOfOrder) {
        this.outOfOrder = outOfOrder;
        return this;
    }

    public ActionResultBuilder outageMillis(Long outageMillis) {
        this.outageMillis = outageMillis;
        return this;
    }

    public ActionResultBuilder recoveryMillis(Long recoveryMillis) {
        this.recoveryMillis = recoveryMillis;
        return this;
    }

    public ActionResultBuilder agent(String agent) {
        this.agent = agent;
        return this;
    }

    public ActionResultBuilder stops(Integer stops) {
        this.stops = stops;
        return this;
    }

    public ActionResultBuilder lastResumeMillis(Long lastResumeMillis) {
        this.lastResumeMillis = lastResumeMillis;
        return this;
    }

    public ActionResultBuilder group(String group) {
        this.group = group;
        return this;
    }

    public ActionResultBuilder startedAtMillis(Long startedAtMillis) {
        this.startedAtMillis = startedAtMillis;
        return this;
    }

    /** What the action cost ({@link FaultAnalysis}); null: its cost is unknown (all null). */
    public ActionResultBuilder cost(FaultAnalysis cost) {
        this.lost = cost == null ? null : cost.lost();
        this.duplicated = cost == null ? null : cost.duplicated();
        this.outOfOrder = cost == null ? null : cost.outOfOrder();
        this.outageMillis = cost == null ? null : cost.outageMillis();
        this.recoveryMillis = cost == null ? null : cost.recoveryMillis();
        this.stops = cost == null ? null : cost.stops();
        this.lastResumeMillis = cost == null ? null : cost.lastResumeMillis();
        return this;
    }

    public ActionResult build() {
        return new ActionResult(handler, args, atMillis, start, end, outcome, exitStatus, reason, lost,
                duplicated, outOfOrder, outageMillis, recoveryMillis, agent, stops, lastResumeMillis, group,
                startedAtMillis);
    }
}
