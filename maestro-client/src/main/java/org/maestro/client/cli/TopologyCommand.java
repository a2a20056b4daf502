package org.maestro.client.cli;

import org.maestro.client.topology.Link;
import org.maestro.client.topology.Node;
import org.maestro.client.topology.PortPlan;
import org.maestro.client.topology.Topology;
import org.maestro.client.topology.TopologyDescription;
import org.maestro.client.topology.TopologyOutput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** {@code maestro topology line 3 --output DIR}: one qdrouterd.conf per router and a picture of the graph. */
@Command(name = "topology", mixinStandardHelpOptions = true,
        description = {"Writes one qdrouterd.conf per router of a topology (DIR/<router>/qdrouterd.conf: interior mode,"
                + " a client listener, an inter-router listener, connectors with the links' costs, address distributions,"
                + " link routes or waypoints to broker nodes) and its picture (DIR/topology.dot, DIR/topology.svg).",
                "DESCRIPTION: " + TopologyDescription.FORM + ", e.g. 'line 3'. See docs/topologies.md."})
public final class TopologyCommand implements Callable<Integer> {
    /** The word of {@code --ports} that picks free loopback ports. */
    static final String FREE = "free";

    @Parameters(arity = "1..2", paramLabel = "DESCRIPTION", description = "line N, ring N, complete N, or a YAML graph file")
    List<String> description;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR", description = "where the files go")
    Path output;

    @Option(names = "--ports", paramLabel = "BASE|free", defaultValue = "" + PortPlan.DEFAULT_BASE,
            description = {"the first router's client port; router i gets BASE+2i for clients and BASE+2i+1 for other"
                    + " routers (default: ${DEFAULT-VALUE}); 'free': ports free on 127.0.0.1 now, for routers on this machine"})
    String ports;

    @Option(names = "--host", paramLabel = "NODE=HOST",
            description = {"where a node listens and is reached instead of its description's host (default 127.0.0.1),"
                    + " e.g. --host router-2=10.0.0.2; repeat for each node (the Ansible role qdrouterd_topology gives each"
                    + " router host's address)"})
    Map<String, String> hosts = new LinkedHashMap<>();

    @Override
    public Integer call() throws Exception {
        Topology topology = TopologyDescription.parse(String.join(" ", description), Path.of("")).withHosts(hosts);
        PortPlan plan = FREE.equals(ports) ? PortPlan.free(topology) : PortPlan.fromBase(topology, base(ports));
        TopologyOutput.write(topology, plan, output);
        for (Node.Router r : topology.routers()) {
            PortPlan.Ports p = plan.of(r.name());
            String links = topology.linksOf(r.name()).stream()
                    .map(l -> l.other(r.name()) + (l.cost() == Link.DEFAULT_COST ? "" : " (cost " + l.cost() + ")"))
                    .collect(Collectors.joining(", "));
            System.out.printf("%-12s clients amqp://%s:%d, routers %d; linked to %s%n", r.name(), r.host(), p.client(),
                    p.interRouter(), links.isEmpty() ? "nothing" : links);
        }
        System.out.println(topology.routers().size() + " router configuration(s) of '" + topology.description() + "' and "
                + TopologyOutput.DOT + ", " + TopologyOutput.SVG + " written to " + output);
        return MaestroMain.PASSED;
    }

    private static int base(String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--ports '" + text + "': give the first port (e.g. " + PortPlan.DEFAULT_BASE
                    + ") or '" + FREE + "'", e);
        }
    }
}
