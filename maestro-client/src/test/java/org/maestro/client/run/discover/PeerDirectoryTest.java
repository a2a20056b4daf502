package org.maestro.client.run.discover;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maestro.client.dsl.ScriptRunner;
import org.maestro.client.local.EmbeddedTestBroker;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.testing.EchoHandler;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestCluster;
import org.maestro.common.testing.TestLab;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maestro.client.run.TestCannotRun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Discovery over a real (embedded) control broker, with real peers answering PING. */
@Integration
class PeerDirectoryTest {
    @RegisterExtension
    final TestLab lab = TestLab.withControlBroker(EmbeddedTestBroker::new);

    private static final String TWO_ROUTES_OF_ONE_GROUP = """
            test {
             name 'two-routes'
             route 'east', url: 'amqp://h/a', senders: 1, receivers: 1
             route 'east', url: 'amqp://h/b', senders: 1, receivers: 1
            }
            """;

    @Test
    void twoRoutesOfOneGroupEachGetPeersOfTheirOwn() throws Exception {
        TestCluster cluster = lab.cluster()
                .peer("s1", Role.SENDER, "east", new EchoHandler()).peer("s2", Role.SENDER, "east", new EchoHandler())
                .peer("r1", Role.RECEIVER, "east", new EchoHandler()).peer("r2", Role.RECEIVER, "east", new EchoHandler())
                .start();
        TestPlan plan = ScriptRunner.load("two.groovy", TWO_ROUTES_OF_ONE_GROUP, Map.of());
        PeerAssignment a = PeerAssignment.of(plan,
                PeerDirectory.await(cluster.client(), PeerAssignment.requirements(plan), Duration.ofSeconds(10)));

        List<String> names = a.peers().stream().map(PeerInfo::name).toList();
        assertEquals(4, new HashSet<>(names).size(), "four distinct peers: " + names);
        Set<String> routesOfSenders = new HashSet<>(a.senders().stream().map(s -> s.route().sendUrl()).toList());
        assertEquals(Set.of("amqp://h/a", "amqp://h/b"), routesOfSenders);
    }

    /**
     * Eleven inspectors given by URL, the peers named inspector-1 to inspector-11 (as --local names them): the tenth
     * script inspector goes to inspector-10, not to the peer that sorts tenth as a string (inspector-9; inspector-10
     * sorted second and took the second inspector's URL).
     */
    @Test
    void inspectorPeersAreAssignedInTheNaturalOrderOfTheirNames() throws Exception {
        TestCluster.Builder builder = lab.cluster().peer("s1", Role.SENDER, "", new EchoHandler())
                .peer("r1", Role.RECEIVER, "", new EchoHandler());
        StringBuilder script = new StringBuilder("test {\n name 'many-inspectors'\n url 'amqp://h/q'\n");
        for (int i = 1; i <= 11; i++) {
            builder.peer("inspector-" + i, Role.INSPECTOR, "", new EchoHandler());
            script.append(" inspector 'jolokia', url: 'http://sut-").append(i).append(":8161/console/jolokia'\n");
        }
        TestCluster cluster = builder.start();
        TestPlan plan = ScriptRunner.load("many.groovy", script.append("}\n").toString(), Map.of());
        PeerAssignment a = PeerAssignment.of(plan,
                PeerDirectory.await(cluster.client(), PeerAssignment.requirements(plan), Duration.ofSeconds(10)));
        for (PeerAssignment.Assignment inspector : a.inspectors()) {
            String number = inspector.peer().name().substring("inspector-".length());
            assertEquals("http://sut-" + number + ":8161/console/jolokia", inspector.inspector().url(), inspector.peer().name());
        }
        assertEquals(11, a.inspectors().size());
    }

    @Test
    void twoRoutesOfOneGroupNeedTwiceThePeers() throws Exception {
        TestCluster cluster = lab.cluster()
                .peer("s1", Role.SENDER, "east", new EchoHandler()).peer("r1", Role.RECEIVER, "east", new EchoHandler())
                .start();
        TestPlan plan = ScriptRunner.load("two.groovy", TWO_ROUTES_OF_ONE_GROUP, Map.of());
        TestCannotRun e = assertThrows(TestCannotRun.class,
                () -> PeerDirectory.await(cluster.client(), PeerAssignment.requirements(plan), Duration.ofSeconds(2)));
        assertTrue(e.getMessage().contains("1 receiver in group east and 1 sender in group east"), e.getMessage());
    }

    /**
     * An action for a group runs on every agent of it that answers; an agent of the group that another action names is
     * both that action's and the group's, and listed once.
     */
    @Test
    void anActionForAGroupHasEveryAgentOfItAndANamedOneMayBeOfItToo() throws Exception {
        TestCluster cluster = lab.cluster()
                .peer("s1", Role.SENDER, "", new EchoHandler()).peer("r1", Role.RECEIVER, "", new EchoHandler())
                .peer("router-1", Role.AGENT, "routers", new EchoHandler()).peer("router-2", Role.AGENT, "routers", new EchoHandler())
                .peer("router-3", Role.AGENT, "routers", new EchoHandler()).peer("broker-1", Role.AGENT, "brokers", new EchoHandler())
                .start();
        TestPlan plan = ScriptRunner.load("group.groovy", """
                test {
                 name 'group'
                 url 'amqp://h/q'
                 agent {
                  source 'file:///srv/h.git'
                  at '5s', agent: 'router-2', run: 'restart-router.sh'
                  at '9s', group: 'routers', run: 'check-router.sh'
                 }
                }
                """, Map.of());
        assertEquals(List.of(new PeerDirectory.Requirement(Role.RECEIVER, "", 1), new PeerDirectory.Requirement(Role.SENDER, "", 1),
                new PeerDirectory.Requirement(Role.AGENT, "", 1, "router-2"),
                PeerDirectory.Requirement.everyOneOf(Role.AGENT, "routers")), PeerAssignment.requirements(plan));
        PeerAssignment a = PeerAssignment.of(plan,
                PeerDirectory.await(cluster.client(), PeerAssignment.requirements(plan), Duration.ofSeconds(10)));
        assertEquals("router-2", a.namedAgents().get("router-2").name());
        assertEquals(List.of("router-1", "router-2", "router-3"), a.agentGroups().get("routers").stream().map(PeerInfo::name).toList());
        assertEquals(List.of("router-2", "router-1", "router-3", "r1", "s1"), a.peers().stream().map(PeerInfo::name).toList(),
                "each agent once, broker-1 (another group) not at all");

        TestPlan noSuchGroup = ScriptRunner.load("nogroup.groovy", """
                test {
                 name 'nogroup'
                 url 'amqp://h/q'
                 agent { source 'file:///srv/h.git'; at '9s', group: 'switches', run: 'check.sh' }
                }
                """, Map.of());
        TestCannotRun e = assertThrows(TestCannotRun.class,
                () -> PeerDirectory.await(cluster.client(), PeerAssignment.requirements(noSuchGroup), Duration.ofSeconds(1)));
        assertTrue(e.getMessage().contains("any agent in group switches"), e.getMessage());
    }
}
