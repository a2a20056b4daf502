package org.maestro.client.run.discover;

import org.junit.jupiter.api.Test;
import org.maestro.client.dsl.ScriptException;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.maestro.client.run.discover.PlanFixtures.assigned;
import static org.maestro.client.run.discover.PlanFixtures.everyPart;

class PeerAssignmentTest {

    @Test
    void aPlanNeedsEachRoutesWorkersThenItsInspectorsAndAgent() throws ScriptException {
        assertEquals(List.of(
                new PeerDirectory.Requirement(Role.RECEIVER, "east", 1),
                new PeerDirectory.Requirement(Role.SENDER, "east", 2),
                new PeerDirectory.Requirement(Role.RECEIVER, "west", 2),
                new PeerDirectory.Requirement(Role.SENDER, "west", 1),
                new PeerDirectory.Requirement(Role.INSPECTOR, "", 2),
                new PeerDirectory.Requirement(Role.AGENT, "", 1)), PeerAssignment.requirements(everyPart("10s")));
    }

    @Test
    void eachPeerGetsItsPartInTheOrderPeersAreListed() throws ScriptException {
        TestPlan plan = everyPart("10s");
        PeerAssignment a = assigned(plan);
        assertEquals(List.of("agent-1", "inspector-1", "inspector-2", "receiver-east-1", "receiver-west-1", "receiver-west-2",
                "sender-east-1", "sender-east-2", "sender-west-1"), a.peers().stream().map(PeerInfo::name).toList());
        assertEquals(List.of("file:///srv/handlers.git", "http://admin:secret@east:8161/console/jolokia", "amqp://west:5672",
                "amqp://east:5672/q", "amqp://west:5672/out", "amqp://west:5672/out",
                "amqp://east:5672/q", "amqp://east:5672/q", "amqp://west:5672/in"),
                a.all().stream().map(p -> p.target(plan)).toList());
        assertEquals(List.of("agent-1"), a.agents().stream().map(g -> g.peer().name()).toList());
        assertEquals(List.of("jolokia", "amqp-management"), a.inspectors().stream().map(i -> i.inspector().type()).toList());
        assertEquals(List.of("east", "west", "west"), a.receivers().stream().map(r -> r.route().name()).toList());
        assertEquals(List.of("east", "east", "west"), a.senders().stream().map(s -> s.route().name()).toList());
    }

    @Test
    void eachAgentAnActionNamesIsRequiredByNameAndTheUnnamedOnesShareOneAgent() throws ScriptException {
        TestPlan plan = org.maestro.client.dsl.ScriptRunner.load("named.groovy", "test {\n name 'n'\n url 'amqp://h/q'\n"
                + " agent {\n source 'file:///srv/h.git'\n at '5s', run: 'a.sh'\n at '10s', run: 'restart-router.sh', agent: 'router-2'\n"
                + " at '12s', run: 'start-router.sh', agent: 'router-2'\n at '15s', run: 'stop-router-for.sh', agent: 'router-3'\n }\n}\n",
                java.util.Map.of());
        assertEquals(List.of("router-2", "router-3", ""), plan.agent().agents());
        assertEquals(List.of(new PeerDirectory.Requirement(Role.RECEIVER, "", 1), new PeerDirectory.Requirement(Role.SENDER, "", 1),
                new PeerDirectory.Requirement(Role.AGENT, "", 1, "router-2"), new PeerDirectory.Requirement(Role.AGENT, "", 1, "router-3"),
                new PeerDirectory.Requirement(Role.AGENT, "", 1, "")), PeerAssignment.requirements(plan));
    }

    @Test
    void aSingleRouteTestHasNoAgentNorInspectors() throws ScriptException {
        TestPlan plan = org.maestro.client.dsl.ScriptRunner.load("one.groovy",
                "test {\n name 'one'\n url 'amqp://h/q'\n senders 2\n receivers 1\n}\n", java.util.Map.of());
        assertEquals(List.of(new PeerDirectory.Requirement(Role.RECEIVER, "", 1), new PeerDirectory.Requirement(Role.SENDER, "", 2)),
                PeerAssignment.requirements(plan));
        PeerAssignment a = assigned(plan);
        assertEquals(List.of(), a.agents());
        assertEquals(List.of(), a.inspectors());
        assertEquals(List.of("receiver-1", "sender-1", "sender-2"), a.peers().stream().map(PeerInfo::name).toList());
    }

    @Test
    void anActionIsForOneAgentOrForAGroupNotBoth() {
        ScriptException e = org.junit.jupiter.api.Assertions.assertThrows(ScriptException.class, () ->
                org.maestro.client.dsl.ScriptRunner.load("both.groovy", "test {\n name 'b'\n url 'amqp://h/q'\n"
                        + " agent {\n source 'file:///srv/h.git'\n at '5s', agent: 'router-2', group: 'routers', run: 'a.sh'\n }\n}\n",
                        java.util.Map.of()));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("an agent action has agent: 'router-2' and group:"
                + " 'routers': give one agent's name, or the group whose every agent runs it"), e.getMessage());
    }
}
