package org.maestro.client.plan;

import org.maestro.common.note.LatencyMode;
import org.maestro.common.router.RouterKind;
import org.maestro.common.runfiles.DeliveryMode;
import org.maestro.common.units.RateProfile;
import org.maestro.common.units.Rate;
import org.maestro.common.units.SizeMix;
import org.maestro.common.units.TestDuration;

import java.util.List;
import java.util.Map;

/** A {@link TestPlan} named component by component ({@link TestPlan#builder()}); one not set is null (false, 0). */
public final class TestPlanBuilder {
    private String name;
    private List<String> tags;
    private String description;
    private String sendUrl;
    private String receiveUrl;
    private SizeMix messageSize;
    private Rate rate;
    private int connections;
    private TestDuration duration;
    private String warmup;
    private String warmupSendDelay;
    private String warmupMax;
    private String warmupRamp;
    private int senders;
    private int receivers;
    private List<Criterion> criteria;
    private TestPlan.Incremental incremental;
    private List<TestPlan.Route> routes;
    private List<TestPlan.InspectorSpec> inspectors;
    private TestPlan.AgentPlan agent;
    private String topology;
    private RouterKind router;
    private DeliveryMode delivery;
    private RateProfile stages;
    private Map<String, String> build;
    private LatencyMode latency;

    TestPlanBuilder() {
    }

    public TestPlanBuilder name(String name) {
        this.name = name;
        return this;
    }

    public TestPlanBuilder tags(List<String> tags) {
        this.tags = tags;
        return this;
    }

    public TestPlanBuilder description(String description) {
        this.description = description;
        return this;
    }

    public TestPlanBuilder sendUrl(String sendUrl) {
        this.sendUrl = sendUrl;
        return this;
    }

    public TestPlanBuilder receiveUrl(String receiveUrl) {
        this.receiveUrl = receiveUrl;
        return this;
    }

    public TestPlanBuilder messageSize(SizeMix messageSize) {
        this.messageSize = messageSize;
        return this;
    }

    public TestPlanBuilder rate(Rate rate) {
        this.rate = rate;
        return this;
    }

    public TestPlanBuilder connections(int connections) {
        this.connections = connections;
        return this;
    }

    public TestPlanBuilder duration(TestDuration duration) {
        this.duration = duration;
        return this;
    }

    public TestPlanBuilder warmup(String warmup) {
        this.warmup = warmup;
        return this;
    }

    public TestPlanBuilder warmupSendDelay(String warmupSendDelay) {
        this.warmupSendDelay = warmupSendDelay;
        return this;
    }

    public TestPlanBuilder warmupMax(String warmupMax) {
        this.warmupMax = warmupMax;
        return this;
    }

    public TestPlanBuilder warmupRamp(String warmupRamp) {
        this.warmupRamp = warmupRamp;
        return this;
    }

    public TestPlanBuilder senders(int senders) {
        this.senders = senders;
        return this;
    }

    public TestPlanBuilder receivers(int receivers) {
        this.receivers = receivers;
        return this;
    }

    public TestPlanBuilder criteria(List<Criterion> criteria) {
        this.criteria = criteria;
        return this;
    }

    public TestPlanBuilder incremental(TestPlan.Incremental incremental) {
        this.incremental = incremental;
        return this;
    }

    public TestPlanBuilder routes(List<TestPlan.Route> routes) {
        this.routes = routes;
        return this;
    }

    public TestPlanBuilder inspectors(List<TestPlan.InspectorSpec> inspectors) {
        this.inspectors = inspectors;
        return this;
    }

    public TestPlanBuilder agent(TestPlan.AgentPlan agent) {
        this.agent = agent;
        return this;
    }

    public TestPlanBuilder router(RouterKind router) {
        this.router = router;
        return this;
    }

    public TestPlanBuilder delivery(DeliveryMode delivery) {
        this.delivery = delivery;
        return this;
    }

    public TestPlanBuilder topology(String topology) {
        this.topology = topology;
        return this;
    }

    public TestPlanBuilder stages(RateProfile stages) {
        this.stages = stages;
        return this;
    }

    /** What the run tests ({@link TestPlan#build()}); not set: none. */
    public TestPlanBuilder build(Map<String, String> build) {
        this.build = build;
        return this;
    }

    /** How latency is measured ({@link TestPlan#latency()}); not set: one way. */
    public TestPlanBuilder latency(LatencyMode latency) {
        this.latency = latency;
        return this;
    }

    public TestPlan build() {
        return new TestPlan(name, tags, description, sendUrl, receiveUrl, messageSize, rate, connections,
                duration, warmup, warmupSendDelay, warmupMax, warmupRamp, senders, receivers, criteria, incremental, routes,
                inspectors, agent, topology, router, delivery, stages, build, latency);
    }
}
