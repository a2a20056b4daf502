package org.maestro.client.run.actions;

import org.maestro.client.control.ControlClient;
import org.maestro.common.note.Outcome;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.Payload;
import org.maestro.common.util.Clocks;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.maestro.client.run.Console;
import org.maestro.client.run.discover.PeerAssignment;
import org.maestro.client.run.RemotePeer;
import org.maestro.client.run.TestCannotRun;

/**
 * The agent's part of a test: fires each scheduled action at its time from the start of the load, on the agent it
 * names, or on every agent of the group it is for (each agent's run an action of its own, with its own outcome and
 * cost); matches the agents' handler outcomes to the runs fired, and waits (bounded) for those still running when the
 * load ends. Every run ends with an {@link ActionOutcome}, run or not.
 */
public final class AgentActions implements AutoCloseable {
    /** How long handlers still running at the end of the load may take to report. */
    private static final long AWAIT_SECONDS = 60;

    /** Each agent the actions name ("" for the test's one agent), as assigned. */
    private final Map<String, RemotePeer> agents;
    /** The agents of each group an action is for. */
    private final Map<String, List<RemotePeer>> groups;
    private final List<TestPlan.Action> planned;
    private final BooleanSupplier loadEnded;
    private final Console console;
    /** Fired runs waiting for their outcome, and those done. */
    private final List<Scheduled> actions = new CopyOnWriteArrayList<>();
    private ScheduledExecutorService scheduler;

    /**
     * @param agents    each agent by the name the actions give it ("" for the test's one agent)
     * @param groups    the agents of each group an action is for; both maps empty when the test has no agent (then there
     *                  is nothing to do)
     * @param loadEnded whether every sender has ended: an action due after that is not run
     */
    AgentActions(Map<String, RemotePeer> agents, Map<String, List<RemotePeer>> groups, List<TestPlan.Action> planned,
                 BooleanSupplier loadEnded, Console console) {
        this.agents = Map.copyOf(agents);
        this.groups = Map.copyOf(groups);
        this.planned = agents.isEmpty() && groups.isEmpty() ? List.of() : planned;
        this.loadEnded = loadEnded;
        this.console = console;
    }

    /** The plan's actions with the agents assigned to them, by name and by group. */
    public static AgentActions byName(ControlClient client, TestPlan plan, PeerAssignment assignment,
                               BooleanSupplier loadEnded, Console console) {
        Map<String, RemotePeer> agents = new LinkedHashMap<>();
        assignment.namedAgents().forEach((name, peer) -> agents.put(name, new RemotePeer(client, peer)));
        Map<String, List<RemotePeer>> groups = new LinkedHashMap<>();
        assignment.agentGroups().forEach((group, peers) -> groups.put(group,
                peers.stream().map(p -> new RemotePeer(client, p)).toList()));
        return new AgentActions(agents, groups, plan.agent() == null ? List.of() : plan.agent().actions(), loadEnded, console);
    }

    /** Schedules each action at its time from now, the start of the load. */
    public void schedule() {
        if (planned.isEmpty()) {
            return;
        }
        scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "agent-actions");
            t.setDaemon(true);
            return t;
        });
        for (TestPlan.Action action : planned) {
            List<Scheduled> runs = action.forGroup()
                    ? groups.get(action.group()).stream().map(agent -> new Scheduled(action, agent, agent.info().name())).toList()
                    : List.of(new Scheduled(action, agents.get(action.agent()), action.agent()));
            actions.addAll(runs);
            scheduler.schedule(() -> runs.forEach(this::fire), action.atMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void fire(Scheduled run) {
        if (loadEnded.getAsBoolean()) {
            run.finish(Outcome.NOT_RUN.wireName(), -1, "the load had ended before " + run.action.atMillis() + " ms", 0, 0);
            return;
        }
        run.firedEpochMicros = Clocks.epochMicros();
        console.line("agent%s: at %.1f s run %s %s", who(run), run.action.atMillis() / 1000.0, run.action.handler(), run.action.args());
        try {
            run.agent.runHandler(run.action.handler(), run.action.args());
        } catch (TestCannotRun refused) {
            run.finish(Outcome.REFUSED.wireName(), -1, refused.getMessage(), run.firedEpochMicros, run.firedEpochMicros);
            console.line("agent%s: %s refused: %s", who(run), run.action.handler(), refused.getMessage());
        } catch (Exception e) {
            run.finish(Outcome.REFUSED.wireName(), -1, e.toString(), run.firedEpochMicros, run.firedEpochMicros);
        }
    }

    /** " router-2", " router-2 (group routers)", or "" when the agent has no name. */
    private static String who(Scheduled run) {
        return run.agentName.isEmpty() ? "" : " " + run.agentName + (run.action.forGroup() ? " (group " + run.action.group() + ")" : "");
    }

    /** A handler ended on the agent {@code peerId}: the oldest pending action of that agent with that handler is the one. */
    public void onOutcome(String peerId, Payload.HandlerOutcome o) {
        for (Scheduled run : actions) {
            if (run.pending() && run.firedEpochMicros > 0 && run.action.handler().equals(o.handler())
                    && run.agent.info().id().equals(peerId)) {
                run.finish(o.outcome(), o.exitStatus(), o.reason(), o.startMicros(), o.endMicros());
                console.line("agent%s: %s %s (exit %d)%s", who(run), o.handler(), o.outcome(), o.exitStatus(),
                        o.reason().isEmpty() ? "" : ": " + o.reason());
                return;
            }
        }
    }

    /** Waits (bounded) for the handlers still running when the load ended. */
    public void await() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(AWAIT_SECONDS);
        while (actions.stream().anyMatch(a -> a.pending() && a.firedEpochMicros > 0) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        for (Scheduled run : actions) {
            run.giveUp("no outcome from the agent within " + AWAIT_SECONDS + " s of the end of the load");
        }
    }

    /** Stops firing: actions not yet due stay pending. */
    @Override
    public void close() {
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
    }

    /**
     * Every scheduled action's outcome: those never fired (the test ended first) as not run; those fired whose outcome
     * never came (the test ended in error before, say) as unknown, with when they were fired: they may well have
     * injected their fault, so "not run" would be a lie.
     */
    public List<ActionOutcome> outcomes() {
        for (Scheduled run : actions) {
            run.giveUp("fired, but the test ended before the agent told its outcome");
        }
        return actions.stream().map(Scheduled::done).toList();
    }

    /** One scheduled run of an agent action, on one agent, as it happens. */
    static final class Scheduled {
        final TestPlan.Action action;
        final RemotePeer agent;
        /**
         * The agent's name as the plan gives it: "" for the test's one agent, which the plan did not name. Not its peer's
         * name: the action's checks are named after it, and a JUnit case whose name changed with the lab's peers would
         * lose its history in Jenkins.
         */
        final String agentName;
        volatile long firedEpochMicros;
        private volatile ActionOutcome outcome;

        Scheduled(TestPlan.Action action, RemotePeer agent, String agentName) {
            this.action = action;
            this.agent = agent;
            this.agentName = agentName;
        }

        boolean pending() {
            return outcome == null;
        }

        synchronized void finish(String result, long exitStatus, String reason, long startMicros, long endMicros) {
            if (outcome == null) {
                outcome = new ActionOutcome(action, agentName, result, exitStatus, reason, startMicros, endMicros);
            }
        }

        ActionOutcome done() {
            return outcome;
        }

        /**
         * No outcome is coming: a fired action is unknown ({@code firedWhy}), timed from when it was fired so that its
         * cost is measured (it may well have injected its fault: never "not run"); one never fired was not run.
         */
        void giveUp(String firedWhy) {
            if (firedEpochMicros > 0) {
                finish(Outcome.UNKNOWN.wireName(), -1, firedWhy, firedEpochMicros, 0);
            } else {
                finish(Outcome.NOT_RUN.wireName(), -1, "the test ended first", 0, 0);
            }
        }
    }
}
