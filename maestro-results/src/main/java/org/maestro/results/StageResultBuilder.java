package org.maestro.results;


/**
 * A {@link Summary.StageResult} named component by component; one not set is 0 or null ({@code route} null: a stage of
 * the test's own profile).
 */
public final class StageResultBuilder {
    private int index;
    private String stage;
    private double targetRate;
    private double startSeconds;
    private double endSeconds;
    private long sent;
    private long received;
    private double achievedRate;
    private long lost;
    private Summary.Latency responseTime;
    private String route;

    StageResultBuilder() {
    }

    public StageResultBuilder index(int index) {
        this.index = index;
        return this;
    }

    public StageResultBuilder stage(String stage) {
        this.stage = stage;
        return this;
    }

    public StageResultBuilder targetRate(double targetRate) {
        this.targetRate = targetRate;
        return this;
    }

    public StageResultBuilder startSeconds(double startSeconds) {
        this.startSeconds = startSeconds;
        return this;
    }

    public StageResultBuilder endSeconds(double endSeconds) {
        this.endSeconds = endSeconds;
        return this;
    }

    public StageResultBuilder sent(long sent) {
        this.sent = sent;
        return this;
    }

    public StageResultBuilder received(long received) {
        this.received = received;
        return this;
    }

    public StageResultBuilder achievedRate(double achievedRate) {
        this.achievedRate = achievedRate;
        return this;
    }

    public StageResultBuilder lost(long lost) {
        this.lost = lost;
        return this;
    }

    public StageResultBuilder responseTime(Summary.Latency responseTime) {
        this.responseTime = responseTime;
        return this;
    }

    public StageResultBuilder route(String route) {
        this.route = route;
        return this;
    }

    public Summary.StageResult build() {
        return new Summary.StageResult(index, stage, targetRate, startSeconds, endSeconds, sent, received,
                achievedRate, lost, responseTime, route);
    }
}
