package org.maestro.client.dsl;

import org.maestro.client.local.RouterInspectors;
import org.maestro.client.plan.TestPlan;
import org.maestro.client.local.LocalCluster;
import org.maestro.client.topology.Node;
import org.maestro.client.topology.Topology;
import org.maestro.client.topology.TopologyDescription;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The routers a script's {@code topology} line has {@code --local} start, known on that line, before any runs: a
 * router, an agent or an inspector a later line names is checked against them there, by the same rules
 * {@code --local} applies ({@link LocalCluster#routerAgentRefusal}, {@link RouterInspectors#check}).
 *
 * @param text    the topology as the plan carries it ({@code 'line 3'}, or a graph file's path)
 * @param routers the routers it describes
 */
record ScriptTopology(String text, Topology routers) {

    /** The topology {@code value} names, a graph file looked for beside the script too; refused on its line. */
    static ScriptTopology of(Object value, Path scriptDir, boolean local) {
        String text = String.valueOf(value);
        Path beside = scriptDir.resolve(text);
        if (!Files.isRegularFile(Path.of(text)) && Files.isRegularFile(beside)) {
            text = beside.toString(); // a graph file beside the script (its redundant-path.yaml), wherever maestro runs
        }
        Topology parsed = TopologyDescription.parse(text, Path.of("")); // refused here, on its line
        if (!local) {
            throw new IllegalArgumentException("topology '" + text + "': only --local starts routers; on a lab, deploy the"
                    + " configurations of maestro topology and give sendUrl and receiveUrl");
        }
        return new ScriptTopology(text, parsed);
    }

    /** The routers' names; an agent runs beside each, named after it. */
    List<String> routerNames() {
        return routers.routers().stream().map(Node::name).toList();
    }

    /** Why no agent beside these routers can run {@code action}, or null when one can. */
    String agentRefusal(TestPlan.Action action) {
        return LocalCluster.routerAgentRefusal(text, action, routerNames());
    }

    /** The inspector URL that stands for {@code routers}' management URLs until --local has started them. */
    static String inspectorPlaceholder(List<String> routers, Object peers) {
        return RouterInspectors.placeholder(routers, peers == null ? RouterInspectors.PEER_PER_ROUTER : peers.toString());
    }

    /** Refuses an inspector that names a router these routers lack. */
    void checkInspectors(List<TestPlan.InspectorSpec> inspectors) {
        RouterInspectors.check(inspectors, routers);
    }
}
