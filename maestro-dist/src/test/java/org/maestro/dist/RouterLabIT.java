package org.maestro.dist;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.router.RouterKind;
import org.maestro.common.testing.Integration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Routers on hosts of their own: {@code ansible/tests/router-lab-test.sh} builds a lab of six network namespaces
 * (r1 r2 r3 load1 load2 client on 10.214.0.0/24), deploys the routers of {@code line 3} on r1-r3 with the role
 * qdrouterd_topology twice (the second must change nothing), runs router-line-restart.groovy (a sender on load1 to
 * router-1, a receiver on load2 from router-3, the agent on r2 restarting router-2 mid-test) and tears down; this test
 * checks what came back.
 * <p>Several minutes on a busy two-core machine, so not in the suite: {@code mvn -B -o verify -Prouter-lab -pl
 * maestro-dist -am -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=RouterLabIT
 * -Dfailsafe.failIfNoSpecifiedTests=false}, with {@code -Dmaestro.router.kind=skupper} for skupper-router. Needs root,
 * {@code ip netns} and a router of that kind (docs/topologies.md).
 */
@Integration
class RouterLabIT {
    /** The profile -Prouter-lab sets it. */
    static final String ENABLED = "maestro.router.lab";
    /** The router kind the lab deploys (-Dmaestro.router.kind=skupper; qpid-dispatch by default), the role's router_kind. */
    static final String KIND = "maestro.router.kind";
    private static final Path SOURCE_ROOT = Path.of(System.getProperty("maestro.source.root", ".")).normalize();
    private static final Path LAB_TEST = SOURCE_ROOT.resolve("ansible/tests/router-lab-test.sh");
    private static final Path NSLAB = SOURCE_ROOT.resolve("ansible/tests/nslab.sh");
    /** A hang's bound: at a load average of 50 on this 2-core host the first deploy took 726 s and the second 379 s. */
    private static final Duration BOUND = Duration.ofMinutes(35);
    /** The lab's hosts (router-lab-test.sh's NSLAB_HOSTS). */
    private static final List<String> HOSTS = List.of("r1", "r2", "r3", "load1", "load2", "client");
    /** The rate and duration router-lab-test.sh runs at. */
    private static final int RATE_PER_SECOND = 200;
    private static final int DURATION_SECONDS = 16;
    /**
     * What the loss may exceed the outage by: messages in flight in the line when router-2 stops (at 200 msg/s, a few),
     * and the sender's retries after a released delivery (failover=true, reconnect delays of 100-200 ms).
     */
    private static final long LOSS_BOUND_BEYOND_OUTAGE_MILLIS = 2_000;

    @TempDir
    static Path work;

    @BeforeAll
    static void runTheLab() throws Exception {
        Assumptions.assumeTrue(Boolean.getBoolean(ENABLED), "the routers' lab runs with -Prouter-lab (several minutes)");
        String missing = LabRuns.whatTheLabLacks();
        if (missing != null) {
            Assumptions.abort("the routers' lab needs " + missing);
        }
        Path tarball = Path.of(System.getProperty("maestro.dist.tarball"));
        assertTrue(Files.isRegularFile(tarball), "mvn package makes " + tarball);
        Map<String, String> env = new HashMap<>(Map.of("PATH", System.getenv("PATH"), "HOME", System.getProperty("user.home"),
                "JAVA_HOME", System.getProperty("java.home"), "LANG", "C.UTF-8"));
        RouterKind kind = RouterKind.parse(System.getProperty(KIND));
        if (System.getenv(kind.env()) != null) {
            env.put(kind.env(), System.getenv(kind.env()));
        }
        LabRuns.runDriver(work, env, BOUND, LAB_TEST, work.toString(), tarball.toString(), kind.word());
    }

    /** Whatever a crash left (the script removes its lab itself, also when it fails; a killed one cannot). */
    @AfterAll
    static void removeTheLab() throws Exception {
        if (Boolean.getBoolean(ENABLED) && LabRuns.whatTheLabLacks() == null) {
            LabRuns.removeLab(NSLAB, Map.of("NSLAB_PREFIX", "rlab", "NSLAB_HOSTS", String.join(" ", HOSTS)));
        }
    }

    @Test
    void theSecondDeployOfTheRoutersChangesNothing() throws IOException {
        LabRuns.assertSecondDeployChangedNothing(work, HOSTS);
        assertTrue(LabRuns.read(work.resolve("deploy-1.log")).contains("TASK [qdrouterd_topology : Start the router]"),
                "the first deploy started the routers");
    }

    @Test
    void eachRouterListensOnItsHostAndConnectsToItsNeighboursHost() throws IOException {
        String conf = LabRuns.read(work.resolve("router-2.conf"));
        assertTrue(conf.contains("name: clients\n    host: 10.214.0.2\n    port: 5674\n"), conf);
        assertTrue(conf.contains("name: router-link-router-1\n    host: 10.214.0.1\n    port: 5673\n"), conf);
    }

    @Test
    void theAgentOnTheMiddleRouterHostRestartsItAndTheLossIsTheOutagesOwn() throws IOException {
        LabRuns.Restart restart = LabRuns.assertRestartMeasured(work, "router-line", "restart-router.sh", "r2-agent");
        JsonNode s = restart.summary();
        JsonNode action = restart.action();
        long outage = action.get("outageMillis").asLong();
        JsonNode totals = s.get("totals");
        long sent = totals.get("sent").asLong();
        long lost = totals.get("lost").asLong();
        assertTrue(sent >= RATE_PER_SECOND * DURATION_SECONDS * 8L / 10, "the sender kept about its rate: " + totals);
        // The action's loss is the outage's: what the sender sent while router-2 was away. The run's own loss may be
        // larger: on a saturated host the receiver falls seconds behind, and what is still in flight when it stops is lost too.
        long actionLost = action.get("lost").asLong();
        long bound = RATE_PER_SECOND * (outage + LOSS_BOUND_BEYOND_OUTAGE_MILLIS) / 1000;
        assertTrue(actionLost <= bound, "the action lost " + actionLost + " <= " + RATE_PER_SECOND + " msg/s x (outage " + outage
                + " ms + " + LOSS_BOUND_BEYOND_OUTAGE_MILLIS + " ms) = " + bound + ": " + action);
        assertEquals(LabRuns.peer(s, "load1-sender").get("messages").asLong(), sent, s.get("peers").toString());
        System.out.printf("FIGURE: router lab, line of 3, router-2 restarted: sent %d, lost %d (the action %d), outage %d ms,"
                + " recovery %d ms, stops %d, last resume %d ms%n", sent, lost, actionLost, outage,
                action.get("recoveryMillis").asLong(), action.get("stops").asInt(), action.get("lastResumeMillis").asLong());
    }
}
