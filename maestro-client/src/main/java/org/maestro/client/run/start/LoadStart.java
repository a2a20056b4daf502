package org.maestro.client.run.start;

import org.maestro.client.control.ControlClient;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.util.Passwords;
import org.maestro.client.run.discover.ProbedHost;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maestro.client.run.Console;
import org.maestro.client.run.ControlPlaneTimes;
import org.maestro.client.run.LongWait;
import org.maestro.client.run.discover.PeerAssignment;
import org.maestro.client.run.stop.PeerStops;
import org.maestro.client.run.RemotePeer;
import org.maestro.client.run.TestCannotRun;

/**
 * How a test's load begins, once its peers are chosen: each peer its options (SET), the senders' and receivers' SUT
 * connections opened (PREPARE), the inspectors started and the agents' source fetched, then every sender and receiver
 * started in one round to begin at one instant ({@link CommonStart}). Each step is timed on the console's control-plane
 * line ({@link ControlPlaneTimes}); a refused request ends the test naming the peer ({@link TestCannotRun}).
 */
public record LoadStart(ControlClient client, Console console, TestPlan plan, PeerAssignment assignment, PeerStops stops,
                 ControlPlaneTimes times) {
    /** How long the senders and receivers have to open their SUT connections (PREPARE). */
    private static final Duration PREPARE_TIMEOUT = Duration.ofSeconds(120);

    /**
     * Each peer its own options, all at once: one round trip however many peers there are; then the senders and
     * receivers open their SUT connections (PREPARE), so a refused one is named here and START carries no connecting.
     *
     * @return how long the SET round took: what a START round to the same peers will take ({@link CommonStart})
     */
    public long set(String testId) throws TestCannotRun, TransportException, InterruptedException {
        Map<PeerInfo, Payload> sets = new LinkedHashMap<>();
        SetOptions.compose(plan, testId, assignment).forEach((peer, options) -> sets.put(peer, new Payload.SetOptions(options)));
        times.start();
        try (LongWait w = LongWait.on(console, sets.size() + " peer(s) to take their options (SET)")) {
            RemotePeer.requireEach(client, sets, RemotePeer.REQUEST_TIMEOUT);
        }
        long setRoundNanos = times.end("SET");
        List<PeerInfo> workers = workers();
        try (LongWait w = LongWait.on(console, workers.size() + " sender(s) and receiver(s) to open their SUT connections (PREPARE)")) {
            RemotePeer.requireEach(client, RemotePeer.each(workers, p -> new Payload.Prepare()), PREPARE_TIMEOUT);
        }
        times.end("prepare");
        return setRoundNanos;
    }

    /**
     * Inspectors first, so the SUT's figures cover the whole load; then the agent's source; then every receiver and
     * sender in one round, all beginning at one instant ({@link CommonStart}), translated to each peer's clock by
     * {@code hosts}, as far ahead as the SET round took ({@code setRoundNanos}).
     */
    public void start(List<ProbedHost> hosts, long setRoundNanos)
            throws TestCannotRun, TransportException, InterruptedException {
        times.start();
        Map<PeerInfo, Payload> inspectors = new LinkedHashMap<>();
        assignment.inspectors().forEach(a -> inspectors.put(a.peer(), new Payload.StartInspector(a.inspector().type())));
        stops.starting(List.copyOf(inspectors.keySet()));
        RemotePeer.requireEach(client, inspectors, RemotePeer.REQUEST_TIMEOUT);
        for (PeerAssignment.Assignment agent : assignment.agents()) {
            console.line("agent %s fetches %s", agent.peer().name(), Passwords.redact(plan.agent().sourceUrl()));
            new RemotePeer(client, agent.peer()).fetchSource(plan.agent().sourceUrl(), plan.agent().branch());
        }
        if (!inspectors.isEmpty() || !assignment.agents().isEmpty()) {
            times.end("inspectors");
        }
        List<PeerInfo> workers = workers();
        CommonStart at = CommonStart.ahead(hosts, setRoundNanos);
        stops.starting(workers);
        try (LongWait w = LongWait.on(console, workers.size() + " sender(s) and receiver(s) to answer START")) {
            RemotePeer.requireEach(client, at.requests(workers, hosts, assignment::startAfterMicros), RemotePeer.REQUEST_TIMEOUT);
        }
        times.end("START");
        at.await();
        // What is left of the lead once every peer has answered: the START round's margin.
        times.end("instant");
    }

    /**
     * The senders and receivers that begin with the load, receivers first. Receivers whose route starts them late
     * are neither prepared nor started here: the watch starts them (LateReceivers), and a consumer opened early
     * would take the backlog they are there to drain.
     */
    private List<PeerInfo> workers() {
        List<PeerInfo> workers = new ArrayList<>(PeerAssignment.peersOf(assignment.onTimeReceivers()));
        workers.addAll(PeerAssignment.peersOf(assignment.senders()));
        return workers;
    }
}
