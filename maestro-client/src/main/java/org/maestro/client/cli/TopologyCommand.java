package org.maestro.client.cli;

import org.maestro.client.topology.Link;
import org.maestro.client.topology.Node;
import org.maestro.client.topology.PortPlan;
import org.maestro.client.topology.Topology;
import org.maestro.client.topology.TopologyDescription;
import org.maestro.client.topology.TopologyOutput;
import org.maestro.common.router.RouterKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** {@code maestro topology line 3 --output DIR}: one router configuration per router and a picture of the graph. */
@Command(name = "topology", mixinStandardHelpOptions = true,
        description = {"Writes one configuration per router of a topology (DIR/<router>/qdrouterd.conf, or skrouterd.conf"
                + " with --router skupper: interior or edge mode, a client listener, inter-router and edge listeners and"
                + " connectors with the links' costs, address distributions, link routes or auto-links to broker nodes)"
                + " and its picture (DIR/topology.dot, DIR/topology.svg).",
                "DESCRIPTION: " + TopologyDescription.FORM + ", e.g. 'line 3'. See docs/topologies.md."})
public final class TopologyCommand implements Callable<Integer> {
    /** The word of {@code --ports} that picks free loopback ports. */
    static final String FREE = "free";

    @Parameters(arity = "1..2", paramLabel = "DESCRIPTION",
            description = "line N, ring N, complete N, edges IxE, or a YAML graph file")
    List<String> description;

    @Option(names = "--" + RouterKind.SETTING, paramLabel = "KIND", converter = RouterKindConverter.class,
            description = {"the router the configurations are for: qpid-dispatch or skupper (default: the file's router:,"
                    + " else qpid-dispatch); a file naming the other kind is refused"})
    RouterKind router;

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
        RouterKind kind = topology.kindWith(router, "--" + RouterKind.SETTING);
        PortPlan plan = FREE.equals(ports) ? PortPlan.free(topology) : PortPlan.fromBase(topology, base(ports));
        TopologyOutput.write(topology, plan, kind, output);
        for (Node.Router r : topology.routers()) {
            PortPlan.Ports p = plan.of(r.name());
            String links = topology.linksOf(r.name()).stream()
                    .map(l -> l.other(r.name()) + (l.cost() == Link.DEFAULT_COST ? "" : " (cost " + l.cost() + ")"))
                    .collect(Collectors.joining(", "));
            String listens = r.edge() ? "edge router" : "routers " + p.interRouter() + (p.edge() == 0 ? "" : ", edges " + p.edge());
            System.out.printf("%-12s clients amqp://%s:%d, %s; linked to %s%n", r.name(), r.host(), p.client(), listens,
                    links.isEmpty() ? "nothing" : links);
        }
        System.out.println(topology.routers().size() + " " + kind.confFile() + " of '" + topology.description() + "' ("
                + kind.product() + ") and " + TopologyOutput.DOT + ", " + TopologyOutput.SVG + " written to " + output);
        return MaestroMain.PASSED;
    }

    /** {@code --router skupper}: the kind by its word, refused in RouterKind's own line otherwise. */
    static final class RouterKindConverter implements ITypeConverter<RouterKind> {
        @Override
        public RouterKind convert(String value) {
            try {
                return RouterKind.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
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
