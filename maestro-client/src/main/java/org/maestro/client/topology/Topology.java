package org.maestro.client.topology;

import org.maestro.common.router.RouterKind;
import org.maestro.common.util.NearestName;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Routers and brokers and the links between them, checked whole: unique names, links between known nodes, no link
 * twice, no link from a node to itself or between two brokers, at least one router, an edge router linked to one or two
 * interior routers and to no other edge. {@link #line}, {@link #ring}, {@link #complete} and {@link #edges} make the
 * thesis's shapes and skupper's; {@link TopologyFile} reads any other from YAML.
 *
 * @param description what it was made from ({@code line 3}, a file name): said in every file generated from it
 * @param router      the router kind it names itself ({@code router: skupper} in a file), or null when it names none
 */
public record Topology(String description, List<Node> nodes, List<Link> links, RouterKind router) {
    /** The routers' names in generated topologies: router-1, router-2, ... */
    public static final String ROUTER_PREFIX = "router-";
    /** The edge routers' names in {@link #edges}: edge-I-J, the J-th edge of router-I. */
    public static final String EDGE_PREFIX = "edge-";
    /** The word of the {@link #edges} shape. */
    public static final String EDGES = "edges";
    /** The most interior routers an edge router connects to: its uplink and a standby. */
    public static final int MAX_EDGE_UPLINKS = 2;

    public Topology(String description, List<Node> nodes, List<Link> links) {
        this(description, nodes, links, null);
    }

    public Topology {
        nodes = List.copyOf(nodes);
        links = List.copyOf(links);
        Map<String, Node> byName = new LinkedHashMap<>();
        for (Node n : nodes) {
            if (!Node.NAME.matcher(n.name()).matches()) {
                throw new IllegalArgumentException("node name '" + n.name() + "' is not a router id: letters, digits, '.', '_'"
                        + " and '-', starting with a letter or digit, at most 63");
            }
            if (byName.put(n.name(), n) != null) {
                throw new IllegalArgumentException("two nodes are named '" + n.name() + "'");
            }
        }
        if (nodes.stream().noneMatch(n -> n instanceof Node.Router)) {
            throw new IllegalArgumentException("no router among the nodes: a topology needs at least one");
        }
        Set<Set<String>> seen = new HashSet<>();
        for (int i = 0; i < links.size(); i++) {
            Link l = links.get(i);
            String which = "link " + (i + 1) + " (" + l.from() + " - " + l.to() + ")";
            for (String end : List.of(l.from(), l.to())) {
                if (!byName.containsKey(end)) {
                    throw new IllegalArgumentException(which + ": no node named '" + end + "'"
                            + NearestName.hint(end, byName.keySet(), "the nodes are"));
                }
            }
            if (l.from().equals(l.to())) {
                throw new IllegalArgumentException(which + ": a node cannot link to itself");
            }
            if (byName.get(l.from()) instanceof Node.Broker && byName.get(l.to()) instanceof Node.Broker) {
                throw new IllegalArgumentException(which + ": links two brokers; only routers connect to others");
            }
            if (!seen.add(Set.of(l.from(), l.to()))) {
                throw new IllegalArgumentException(which + ": the two nodes are linked twice");
            }
            checkEdgeLink(which, l, byName.get(l.from()), byName.get(l.to()));
            if (l.direction() != Link.Direction.BOTH && !(byName.get(l.from()) instanceof Node.Broker)
                    && !(byName.get(l.to()) instanceof Node.Broker)) {
                throw new IllegalArgumentException(which + ": direction " + l.direction().word() + " is for a link to a broker");
            }
        }
        for (Node n : nodes) {
            if (n instanceof Node.Router r && r.edge()) {
                long uplinks = links.stream().filter(l -> l.touches(r.name()) && byName.get(l.other(r.name())) instanceof Node.Router)
                        .count();
                if (uplinks < 1 || uplinks > MAX_EDGE_UPLINKS) {
                    throw new IllegalArgumentException("edge router " + r.name() + " links to " + uplinks + " interior routers:"
                            + " an edge connects to one or " + MAX_EDGE_UPLINKS + " (its uplink and a standby)");
                }
            }
        }
    }

    private static void checkEdgeLink(String which, Link l, Node from, Node to) {
        boolean fromEdge = from instanceof Node.Router r && r.edge();
        boolean toEdge = to instanceof Node.Router r && r.edge();
        if (fromEdge && toEdge) {
            throw new IllegalArgumentException(which + ": links two edge routers; an edge connects to interior routers only");
        }
        if ((fromEdge && to instanceof Node.Router || toEdge && from instanceof Node.Router) && l.cost() != Link.DEFAULT_COST) {
            throw new IllegalArgumentException(which + ": cost " + l.cost() + " on an edge's link to its interior: an edge"
                    + " connection has no cost (only links between interior routers have)");
        }
    }

    /**
     * The node of link {@code l} that opens the connection: an edge router to its interior whichever end the link names
     * first (an edge always connects up); otherwise {@code from}.
     */
    public String connecting(Link l) {
        return node(l.to()) instanceof Node.Router r && r.edge() ? l.to() : l.from();
    }

    /** The same topology naming {@code kind} as its router kind. */
    public Topology withRouter(RouterKind kind) {
        return new Topology(description, nodes, links, kind);
    }

    /**
     * The router kind to run it with: {@code chosen} (null: no choice made) or the kind it names itself; the default when
     * neither says. Two different kinds are refused in one line naming both.
     *
     * @param chooser where {@code chosen} came from, e.g. {@code --router} or {@code -P router=}
     */
    public RouterKind kindWith(RouterKind chosen, String chooser) {
        if (chosen != null && router != null && chosen != router) {
            throw new IllegalArgumentException("topology '" + description + "' says router: " + router.word() + ", " + chooser
                    + " says " + chosen.word() + ": choose one (or drop router: from the file)");
        }
        RouterKind kind = chosen != null ? chosen : router != null ? router : RouterKind.DEFAULT;
        checkRunsOn(kind);
        return kind;
    }

    /**
     * What {@code kind} cannot do in this topology, refused in one line: on skupper-router, link routes, and auto-links
     * both ways between one router and a broker.
     */
    public void checkRunsOn(RouterKind kind) {
        if (kind != RouterKind.SKUPPER) {
            return;
        }
        for (Node n : nodes) {
            if (n instanceof Node.Broker b && b.attach() == Node.Attach.LINK_ROUTE) {
                throw new IllegalArgumentException("topology '" + description + "': broker " + b.name() + " is attached by "
                        + Node.Attach.LINK_ROUTE.word() + ", which " + kind.product() + " does not have: give it attach: "
                        + Node.Attach.WAYPOINT.word() + " (auto-links) and its queue as address");
            }
        }
        for (Link l : links) {
            // Without Qpid Dispatch's waypoint phases, what the broker hands in would go straight back out to it.
            if ((node(l.from()) instanceof Node.Broker || node(l.to()) instanceof Node.Broker)
                    && l.direction() == Link.Direction.BOTH) {
                throw new IllegalArgumentException("topology '" + description + "': link " + l.from() + " - " + l.to() + ": "
                        + kind.product() + " has no waypoints, so auto-links both ways on one router send the broker's"
                        + " messages back to it: give the link direction: out (the senders' router) or in (the receivers')");
            }
        }
    }

    /** {@code n} routers in a row, each linked to the next: a sender on the first and a receiver on the last cross all. */
    public static Topology line(int n) {
        atLeast("line", n, 1);
        List<Link> links = new ArrayList<>();
        for (int i = 2; i <= n; i++) {
            links.add(new Link(routerName(i), routerName(i - 1)));
        }
        return new Topology("line " + n, routers(n), links);
    }

    /** A line whose last router links back to the first: two paths between any two routers. */
    public static Topology ring(int n) {
        atLeast("ring", n, 3);
        List<Link> links = new ArrayList<>(line(n).links());
        links.add(new Link(routerName(n), routerName(1)));
        return new Topology("ring " + n, routers(n), links);
    }

    /** Every router linked to every other. */
    public static Topology complete(int n) {
        atLeast("complete", n, 1);
        List<Link> links = new ArrayList<>();
        for (int i = 2; i <= n; i++) {
            for (int j = 1; j < i; j++) {
                links.add(new Link(routerName(i), routerName(j)));
            }
        }
        return new Topology("complete " + n, routers(n), links);
    }

    /**
     * skupper's way: {@code interiors} interior routers in a line (router-1 - router-2 - ...), each with {@code edgesEach}
     * edge routers of its own (edge-I-1 ... edge-I-N, each connected to router-I). Senders go to the first edge of
     * router-1, receivers to the last edge of the last interior ({@link #ends}).
     */
    public static Topology edges(int interiors, int edgesEach) {
        String description = EDGES + " " + interiors + "x" + edgesEach;
        if (interiors < 1 || edgesEach < 1 || (long) interiors * (1 + edgesEach) > MAX_ROUTERS) {
            throw new IllegalArgumentException(description + ": 1 or more interiors, each with 1 or more edges, at most "
                    + MAX_ROUTERS + " routers in all (" + interiors + " x (1 + " + edgesEach + ") = "
                    + (long) interiors * (1 + edgesEach) + ")");
        }
        List<Node> nodes = new ArrayList<>(routers(interiors));
        List<Link> links = new ArrayList<>(line(interiors).links());
        for (int i = 1; i <= interiors; i++) {
            for (int j = 1; j <= edgesEach; j++) {
                String edge = EDGE_PREFIX + i + "-" + j;
                nodes.add(new Node.Router(edge, Node.Mode.EDGE));
                links.add(new Link(edge, routerName(i)));
            }
        }
        return new Topology(description, nodes, links);
    }

    /** The most routers a generated shape may have: more is a typo on one machine, and a complete graph's links grow as n². */
    public static final int MAX_ROUTERS = 64;

    private static void atLeast(String kind, int n, int least) {
        if (n < least || n > MAX_ROUTERS) {
            throw new IllegalArgumentException(kind + " " + n + ": a " + kind + " has " + least + " to " + MAX_ROUTERS
                    + " routers");
        }
    }

    public static String routerName(int i) {
        return ROUTER_PREFIX + i;
    }

    private static List<Node> routers(int n) {
        List<Node> nodes = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            nodes.add(new Node.Router(routerName(i)));
        }
        return nodes;
    }

    public List<Node.Router> routers() {
        return nodes.stream().filter(n -> n instanceof Node.Router).map(n -> (Node.Router) n).toList();
    }

    public Node node(String name) {
        return nodes.stream().filter(n -> n.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no node named '" + name + "' in " + description
                        + NearestName.hint(name, nodes.stream().map(Node::name).toList(), "the nodes are")));
    }

    /**
     * The same topology with some nodes elsewhere: each named node listens on and is reached at its new host (a lab's
     * router hosts for {@code line 3}, whose routers are on 127.0.0.1 otherwise). An unknown name is refused.
     */
    public Topology withHosts(Map<String, String> hosts) {
        hosts.forEach((name, host) -> {
            node(name);
            if (host == null || host.isBlank() || host.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException("the host of node '" + name + "': '" + host + "' is not a host name or address");
            }
        });
        List<Node> moved = nodes.stream().map(n -> {
            String host = hosts.getOrDefault(n.name(), n.host());
            return n instanceof Node.Broker b ? new Node.Broker(b.name(), host, b.port(), b.addresses(), b.attach())
                    : (Node) new Node.Router(n.name(), host, ((Node.Router) n).routerAttributes(), ((Node.Router) n).mode());
        }).toList();
        return new Topology(description, moved, links, router);
    }

    public List<Link> linksOf(String node) {
        return links.stream().filter(l -> l.touches(node)).toList();
    }

    /**
     * Where a test's senders and receivers go: the first router (the first edge router when there are edges: clients
     * attach to edges, as in skupper's deployments), and the router farthest from it in hops (through brokers too; of
     * equals, the last in the description): the far end of a line, the opposite side of a ring, the router beyond a
     * broker, an edge of the last interior. A single router is both ends.
     */
    public List<String> ends() {
        String first = routers().stream().filter(Node.Router::edge).findFirst().orElse(routers().get(0)).name();
        Map<String, Integer> hops = new LinkedHashMap<>(Map.of(first, 0));
        Deque<String> todo = new ArrayDeque<>(List.of(first));
        while (!todo.isEmpty()) {
            String at = todo.removeFirst();
            for (Link l : linksOf(at)) {
                if (hops.putIfAbsent(l.other(at), hops.get(at) + 1) == null) {
                    todo.addLast(l.other(at));
                }
            }
        }
        String far = first;
        for (Node.Router r : routers()) {
            Integer h = hops.get(r.name());
            if (h != null && h >= hops.get(far)) {
                far = r.name();
            }
        }
        return List.of(first, far);
    }

    /**
     * The interior routers interior {@code router} can reach through interior routers alone (itself included): the
     * routers its routing table lists once the topology is up. A broker carries no router traffic, so it splits what is
     * on either side of it; edge routers are in no routing table (an edge's own table holds only itself).
     */
    public Set<String> reachableRouters(String router) {
        Set<String> reached = new LinkedHashSet<>(List.of(router));
        if (node(router) instanceof Node.Router r && r.edge()) {
            return reached;
        }
        Deque<String> todo = new ArrayDeque<>(reached);
        while (!todo.isEmpty()) {
            String at = todo.pop();
            for (Link l : linksOf(at)) {
                String next = l.other(at);
                if (node(next) instanceof Node.Router r && !r.edge() && reached.add(next)) {
                    todo.push(next);
                }
            }
        }
        return reached;
    }
}
