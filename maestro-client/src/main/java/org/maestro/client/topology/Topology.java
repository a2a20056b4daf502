package org.maestro.client.topology;

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
 * twice, no link from a node to itself or between two brokers, at least one router. {@link #line}, {@link #ring} and
 * {@link #complete} make the thesis's shapes; {@link TopologyFile} reads any other from YAML.
 *
 * @param description what it was made from ({@code line 3}, a file name): said in every file generated from it
 */
public record Topology(String description, List<Node> nodes, List<Link> links) {
    /** The routers' names in generated topologies: router-1, router-2, ... */
    public static final String ROUTER_PREFIX = "router-";

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
                    : (Node) new Node.Router(n.name(), host, ((Node.Router) n).routerAttributes());
        }).toList();
        return new Topology(description, moved, links);
    }

    public List<Link> linksOf(String node) {
        return links.stream().filter(l -> l.touches(node)).toList();
    }

    /**
     * Where a test's senders and receivers go: the first router, and the router farthest from it in hops (through
     * brokers too; of equals, the last in the description): the far end of a line, the opposite side of a ring, the
     * router beyond a broker. A single router is both ends.
     */
    public List<String> ends() {
        String first = routers().get(0).name();
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
     * The routers {@code router} can reach through routers alone (itself included): the routers its routing table
     * lists once the topology is up. A broker carries no router traffic, so it splits what is on either side of it.
     */
    public Set<String> reachableRouters(String router) {
        Set<String> reached = new LinkedHashSet<>(List.of(router));
        Deque<String> todo = new ArrayDeque<>(reached);
        while (!todo.isEmpty()) {
            String at = todo.pop();
            for (Link l : linksOf(at)) {
                String next = l.other(at);
                if (node(next) instanceof Node.Router && reached.add(next)) {
                    todo.push(next);
                }
            }
        }
        return reached;
    }
}
