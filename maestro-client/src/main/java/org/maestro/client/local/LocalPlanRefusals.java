package org.maestro.client.local;

import org.maestro.client.plan.TestPlan;
import org.maestro.client.run.TestCannotRun;
import org.maestro.client.topology.Node;
import org.maestro.client.topology.Topology;
import org.maestro.common.router.RouterKind;
import org.maestro.common.util.NearestName;

import java.util.List;

/**
 * What a plan asks of {@code --local} that this machine's cluster cannot give ({@link LocalCluster}), refused with the
 * reason before anything starts: an agent group without agents, another protocol than AMQP where only AMQP is given,
 * a topology's broker that does not carry the workers' queues, an action with no agent beside a router.
 */
final class LocalPlanRefusals {

    private LocalPlanRefusals() {
    }

    /** A plan without topology starts one agent, in no group. */
    static void checkAgentGroups(TestPlan plan) throws TestCannotRun {
        TestPlan.AgentPlan agent = plan.agent();
        if (agent != null && plan.topology() == null && !agent.groups().isEmpty()) {
            // Discovery would wait its whole timeout for a group no local agent is in.
            throw new TestCannotRun("--local starts one agent, in no group: the action for group '" + agent.groups().get(0)
                    + "' has no agent to run on (with a topology, the agents beside the routers are the group "
                    + LocalCluster.ROUTERS_GROUP + ")");
        }
    }

    /** The standalone broker an agent restarts speaks AMQP only (its URLs carry AMQP reconnection options). */
    static void checkAgentSut(TestPlan plan) throws TestCannotRun {
        if (plan.agent() != null && plan.lacksSut()) { // first: what cannot be given is said before a broker is started
            String other = nonAmqpScheme(plan);
            if (other != null) {
                // The standalone broker's URLs carry AMQP reconnection options: another protocol would need its own.
                throw new TestCannotRun("--local with an agent gives an AMQP SUT only, not " + other
                        + ": give the routes' URLs of a broker that speaks it");
            }
        }
    }

    /**
     * A topology of routers started here: they are the SUT, speak AMQP, and carry the routes' queues and actions; the
     * plan's router kind and the topology's own {@code router:} agree, and the kind can do what the topology asks.
     *
     * @return the kind of router to start
     */
    static RouterKind checkTopology(TestPlan plan, Topology topology) throws TestCannotRun {
        RouterKind kind;
        try {
            kind = topology.kindWith(plan.router(), "-P " + RouterKind.SETTING + "= (or the script's " + RouterKind.SETTING
                    + " line)");
        } catch (IllegalArgumentException e) {
            throw new TestCannotRun(e.getMessage());
        }
        checkBrokerAddresses(plan, topology);
        if (!plan.lacksSut()) {
            throw new TestCannotRun("topology '" + plan.topology() + "' starts routers on free ports and points the routes at"
                    + " them: give no url, sendUrl or receiveUrl with it");
        }
        if (plan.agent() != null) {
            checkRouterAgents(plan, topology);
        }
        String other = nonAmqpScheme(plan);
        if (other != null) {
            throw new TestCannotRun("topology '" + plan.topology() + "': routers speak AMQP only, not " + other);
        }
        return kind;
    }

    /**
     * A broker node of the topology reaches the routes' queues ({@link LocalCluster#localQueue}): by a link route, an address of the
     * broker is a prefix of the queue (qdrouterd matches whole dot-separated words); by a waypoint, the queue itself.
     */
    private static void checkBrokerAddresses(TestPlan plan, Topology topology) throws TestCannotRun {
        for (Node n : topology.nodes()) {
            if (!(n instanceof Node.Broker b)) {
                continue;
            }
            for (TestPlan.Route route : plan.effectiveRoutes()) {
                String queue = LocalCluster.localQueue(route.name());
                boolean routed = b.addresses().stream().anyMatch(a -> queue.equals(a)
                        || (b.attach() == Node.Attach.LINK_ROUTE && queue.startsWith(a + ".")));
                if (!routed) {
                    throw new TestCannotRun("topology '" + plan.topology() + "': broker " + b.name() + " is given the addresses "
                            + b.addresses() + " only; --local's workers use the queue " + queue + ": give the broker "
                            + (b.attach() == Node.Attach.LINK_ROUTE ? "the address maestro (a prefix of it)" : "the address " + queue));
                }
            }
        }
    }

    /**
     * With a topology, an agent runs beside each router, named after it, all of them in the group {@value LocalCluster#ROUTERS_GROUP}:
     * every action names the router whose agent runs it ({@code agent: 'router-2'}), one of the topology's, or is for
     * that group ({@code group: 'routers'}: every router's agent).
     */
    private static void checkRouterAgents(TestPlan plan, Topology topology) throws TestCannotRun {
        List<String> routerNames = topology.routers().stream().map(Node::name).toList();
        for (TestPlan.Action a : plan.agent().actions()) {
            String refusal = routerAgentRefusal(plan.topology(), a, routerNames);
            if (refusal != null) {
                throw new TestCannotRun(refusal);
            }
        }
    }

    /**
     * Why action {@code a} has no agent beside the routers {@code routerNames} of topology {@code topology} to run it, or
     * null when it has: the script refuses it on its line when the topology comes first, --local before any router starts.
     */
    static String routerAgentRefusal(String topology, TestPlan.Action a, List<String> routerNames) {
        if (a.forGroup()) {
            return a.group().equals(LocalCluster.ROUTERS_GROUP) ? null : "topology '" + topology + "': no group of agents '" + a.group() + "'"
                    + NearestName.hint(a.group(), List.of(LocalCluster.ROUTERS_GROUP), "the group is")
                    + "; the agents beside the routers are the group " + LocalCluster.ROUTERS_GROUP;
        }
        if (a.agent().isEmpty()) {
            return "topology '" + topology + "': agent action " + a.handler() + " names no agent;"
                    + " an agent runs beside each router: say which, e.g. agent: '" + routerNames.get(routerNames.size() / 2)
                    + "' (the routers are " + String.join(", ", routerNames) + "), or group: '" + LocalCluster.ROUTERS_GROUP
                    + "' for every one";
        }
        if (!routerNames.contains(a.agent())) {
            return "topology '" + topology + "': no agent '" + a.agent() + "'"
                    + NearestName.hint(a.agent(), routerNames, "the agents are")
                    + "; an agent runs beside each router, named after it: " + String.join(", ", routerNames);
        }
        return null;
    }

    /** The first scheme other than AMQP a route of {@code plan} asks --local for, or null. */
    private static String nonAmqpScheme(TestPlan plan) {
        return plan.effectiveRoutes().stream().map(TestPlan.Route::localScheme)
                .filter(s -> !s.equals(TestPlan.Route.LOCAL_SCHEME)).findFirst().orElse(null);
    }
}
