package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.local.TestRouters;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Faults on real Qpid Dispatch routers ({@link TestRouters}: skipped with how to get one when none is found, failed
 * under CI), as a user runs them: {@code maestro run test-scripts/router-fault.groovy --local}, which starts the
 * topology, an agent beside each router named after it, and has the agent of router-2 act on its router mid-test.
 * The figures judged are the summary's, per action: loss, outage, recovery.
 */
class RouterFaultTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Low enough for a 2-core host shared with other builds: each send's disposition crosses the routers twice. */
    private static final int RATE = 200;
    /**
     * How long after the restarted router listens again the line carries messages at most: qdrouterd 1.19 retries a
     * dropped inter-router connection every 5 s (server.c: connector->delay = 5000), so router-3 reconnects to router-2
     * up to 5 s after it is back; then the routers exchange their link states and compute routes (hello interval 1 s),
     * within another 5 s on a loaded host.
     */
    private static final long ROUTES_BACK_WITHIN_MILLIS = 10_000;

    /** How long router-1 may go on routing to a killed router-2 before it takes the other path, on a loaded host. */
    private static final long REROUTE_WITHIN_MILLIS = 2_500;

    @TempDir
    Path dir;

    /**
     * A line of three at a fixed rate, router-2 (the middle) restarted gracefully at 3 s: every message crosses it, so
     * the flow stops until the line is whole again. The outage lies within the restart's own measured duration (the
     * handler's start to end: stop, port closed, start, port open) plus {@link #ROUTES_BACK_WITHIN_MILLIS}; the loss is
     * what was due during the outage, outage × rate, within a quarter plus one second's messages (the flow slows before it
     * stops, and the released deliveries of the stop are lost too: the sender does not resend them).
     */
    @Test
    void theMiddleRouterOfALineRestartedByItsAgentCostsItsOutageTimesTheRate() throws Exception {
        TestRouters.binary();
        Path runs = dir.resolve("runs");
        MaestroCommand.Result r = MaestroCommand.run("run", script(), "--local", "--runs", runs.toString(),
                "-P", "rate=" + RATE, "-P", "duration=20s", "-P", "at=3s");
        assertEquals(0, r.exitCode(), r.output());
        JsonNode action = onlyAction(runs, r);
        assertEquals("router-2", action.get("agent").asText(), action.toString());
        assertEquals("restart-router.sh", action.get("handler").asText());
        assertEquals("succeeded", action.get("outcome").asText(), action.toString());
        long handlerMillis = Duration.between(Instant.parse(action.get("start").asText()), Instant.parse(action.get("end").asText())).toMillis();
        long outage = action.get("outageMillis").asLong();
        long lost = action.get("lost").asLong();
        assertTrue(outage > 0, "every message crosses router-2: the flow stopped; " + action);
        assertTrue(outage <= handlerMillis + ROUTES_BACK_WITHIN_MILLIS, "outage " + outage + " ms, restart " + handlerMillis + " ms: " + action);
        long due = outage * RATE / 1000;
        assertTrue(Math.abs(lost - due) <= due / 4 + RATE, "lost " + lost + ", due during the outage " + due + ": " + action);
        long recovery = action.get("recoveryMillis").asLong();
        assertTrue(recovery == -1 || recovery >= outage, "back at the full rate after the outage, or not within the test on a"
                + " loaded host: " + action);
        assertTrue(r.output().contains("action at 3.0 s: router-2: restart-router.sh -> succeeded; lost " + lost + ","), r.output());
    }

    /**
     * test-scripts/redundant-path.yaml: the sender on router-1, the receiver on router-4, the cheap path through router-2
     * (cost 2) and a costlier one through router-3 (cost 20). router-2 is killed and kept down for 6 s: the traffic takes
     * the costlier path meanwhile, and back when router-2 returns. Expected loss: what router-1 still routed to router-2
     * until it noticed the link gone and computed the other path (measured: 26 to 336 at 200 msg/s, up to 1.7 s on a
     * loaded host), released back to the sender, which today does not resend them (with released-retry: 0); bound:
     * {@link #REROUTE_WITHIN_MILLIS} of messages. Were the traffic not going around router-2, its 6 s down would cost
     * at least 1,200.
     */
    @Test
    void aRouterOnTheCheapPathKilledForSixSecondsIsSurvivedThroughTheCostlierPath() throws Exception {
        TestRouters.binary();
        Path runs = dir.resolve("runs");
        MaestroCommand.Result r = MaestroCommand.run("run", script(), "--local", "--runs", runs.toString(),
                "-P", "topology=" + Path.of("..", "test-scripts", "redundant-path.yaml"), "-P", "downFor=6", "-P", "kill=true",
                "-P", "rate=" + RATE, "-P", "duration=16s", "-P", "at=3s");
        assertEquals(0, r.exitCode(), r.output());
        JsonNode action = onlyAction(runs, r);
        assertEquals("stop-router-for.sh", action.get("handler").asText());
        assertEquals(List.of("--kill", "6"), JSON.convertValue(action.get("args"), List.class));
        assertEquals("succeeded", action.get("outcome").asText(), action.toString());
        long handlerMillis = Duration.between(Instant.parse(action.get("start").asText()), Instant.parse(action.get("end").asText())).toMillis();
        assertTrue(handlerMillis >= 6000, "router-2 was down for 6 s at least: " + action);
        long lost = action.get("lost").asLong();
        long bound = RATE * REROUTE_WITHIN_MILLIS / 1000;
        assertTrue(lost <= bound, "lost " + lost + " (what was routed to router-2 until the other path was taken; bound "
                + bound + "): " + action);
        assertTrue(r.output().contains("receivers on router-4 ("), r.output());
    }

    /** An action for an agent that is not beside any router is refused in one line naming the agents there are, before any router starts. */
    @Test
    void anActionForAnAgentThatIsNotThereIsRefusedWithTheNamesThatAre() throws Exception {
        Path runs = dir.resolve("runs");
        MaestroCommand.Result r = MaestroCommand.run("run", script(), "--local", "--runs", runs.toString(), "-P", "router=ruoter-2");
        assertEquals(2, r.exitCode(), r.output());
        assertTrue(r.output().contains("maestro: topology 'line 3': no agent 'ruoter-2' (did you mean 'router-2'?); an agent runs"
                + " beside each router, named after it: router-1, router-2, router-3"), r.output());
        assertTrue(!r.output().contains("local SUT: starting"), "refused before any router starts: " + r.output());
    }

    private static String script() {
        return Path.of("..", "test-scripts", "router-fault.groovy").toString();
    }

    private static JsonNode onlyAction(Path runs, MaestroCommand.Result r) throws Exception {
        JsonNode actions = JSON.readTree(MaestroCommand.onlyRun(runs).resolve("summary.json").toFile()).get("actions");
        assertEquals(1, actions.size(), r.output());
        return actions.get(0);
    }
}
