package org.maestro.client.run;

import org.maestro.common.note.Outcome;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.Payload;
import org.maestro.common.util.Clocks;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The agent's part of a test: fires each scheduled action at its time from the start of the load,
 * matches the agent's handler outcomes to the actions fired, and waits (bounded) for those still
 * running when the load ends. Every action ends with an {@link ActionOutcome}, run or not.
 */
final class AgentActions implements AutoCloseable {
    /** How long handlers still running at the end of the load may take to report. */
    private static final long AWAIT_SECONDS = 60;

    private final RemotePeer agent;
    private final List<TestPlan.Action> planned;
    private final BooleanSupplier loadEnded;
    private final Console console;
    /** Fired actions waiting for their outcome, and those done. */
    private final List<Scheduled> actions = new CopyOnWriteArrayList<>();
    private ScheduledExecutorService scheduler;

    /**
     * @param agent     the agent, or null when the test has none (then there is nothing to do)
     * @param loadEnded whether every sender has ended: an action due after that is not run
     */
    AgentActions(RemotePeer agent, List<TestPlan.Action> planned, BooleanSupplier loadEnded, Console console) {
        this.agent = agent;
        this.planned = agent == null ? List.of() : planned;
        this.loadEnded = loadEnded;
        this.console = console;
    }

    /** Schedules each action at its time from now, the start of the load. */
    void schedule() {
        if (planned.isEmpty()) {
            return;
        }
        scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "agent-actions");
            t.setDaemon(true);
            return t;
        });
        for (TestPlan.Action action : planned) {
            Scheduled run = new Scheduled(action);
            actions.add(run);
            scheduler.schedule(() -> fire(run), action.atMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void fire(Scheduled run) {
        if (loadEnded.getAsBoolean()) {
            run.finish(Outcome.NOT_RUN.wireName(), -1, "the load had ended before " + run.action.atMillis() + " ms", 0, 0);
            return;
        }
        run.firedEpochMicros = Clocks.epochMicros();
        console.line("agent: at %.1f s run %s %s", run.action.atMillis() / 1000.0, run.action.handler(), run.action.args());
        try {
            agent.runHandler(run.action.handler(), run.action.args());
        } catch (TestCannotRun refused) {
            run.finish(Outcome.REFUSED.wireName(), -1, refused.getMessage(), run.firedEpochMicros, run.firedEpochMicros);
            console.line("agent: %s refused: %s", run.action.handler(), refused.getMessage());
        } catch (Exception e) {
            run.finish(Outcome.REFUSED.wireName(), -1, e.toString(), run.firedEpochMicros, run.firedEpochMicros);
        }
    }

    /** A handler ended: the oldest pending action with that handler is the one. */
    void onOutcome(Payload.HandlerOutcome o) {
        for (Scheduled run : actions) {
            if (run.pending() && run.firedEpochMicros > 0 && run.action.handler().equals(o.handler())) {
                run.finish(o.outcome(), o.exitStatus(), o.reason(), o.startMicros(), o.endMicros());
                console.line("agent: %s %s (exit %d)%s", o.handler(), o.outcome(), o.exitStatus(),
                        o.reason().isEmpty() ? "" : ": " + o.reason());
                return;
            }
        }
    }

    /** Waits (bounded) for the handlers still running when the load ended. */
    void await() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(AWAIT_SECONDS);
        while (actions.stream().anyMatch(a -> a.pending() && a.firedEpochMicros > 0) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        for (Scheduled run : actions) {
            if (run.pending()) {
                run.finish((run.firedEpochMicros > 0 ? Outcome.UNKNOWN : Outcome.NOT_RUN).wireName(), -1, run.firedEpochMicros > 0
                        ? "no outcome from the agent within " + AWAIT_SECONDS + " s of the end of the load" : "the test ended first", 0, 0);
            }
        }
    }

    /** Stops firing: actions not yet due stay pending. */
    @Override
    public void close() {
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
    }

    /** Every scheduled action's outcome; those still pending (the test ended first) as not run. */
    List<ActionOutcome> outcomes() {
        for (Scheduled run : actions) {
            if (run.pending()) {
                run.finish(Outcome.NOT_RUN.wireName(), -1, "the test ended first", 0, 0);
            }
        }
        return actions.stream().map(Scheduled::done).toList();
    }

    /** One scheduled agent action as it happens. */
    private static final class Scheduled {
        final TestPlan.Action action;
        volatile long firedEpochMicros;
        private volatile ActionOutcome outcome;

        Scheduled(TestPlan.Action action) {
            this.action = action;
        }

        boolean pending() {
            return outcome == null;
        }

        synchronized void finish(String result, long exitStatus, String reason, long startMicros, long endMicros) {
            if (outcome == null) {
                outcome = new ActionOutcome(action, result, exitStatus, reason, startMicros, endMicros);
            }
        }

        ActionOutcome done() {
            return outcome;
        }
    }
}
