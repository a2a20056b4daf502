package org.maestro.common.runfiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The topology of routers (and brokers) a run's SUT was, written once into the run directory by the client that
 * started it ({@value #FILE}, beside its picture {@value #PICTURE}) and read by the report, which draws it and says
 * which router each peer used and which routers were inspected.
 *
 * @param description what it was made from ({@code line 3}, a graph file's name)
 * @param nodes       routers and brokers, in the description's order
 * @param links       who connects to whom, with the link's cost
 * @param sendsOn     the router the senders send to
 * @param receivesOn  the router the receivers receive from
 * @param router      which router ran, with its version ({@code skupper-router 3.5.1}); null in a file of an older Maestro
 */
public record RunTopology(String description, List<Node> nodes, List<Link> links, String sendsOn, String receivesOn,
                          String router) {
    public static final String FILE = "topology.json";
    /** The graph as a self-contained SVG, inlined by the report. */
    public static final String PICTURE = "topology.svg";
    /** The kinds of {@link Node}: an interior router, an edge router (attached to interiors), a broker. */
    public static final String ROUTER = "router";
    public static final String EDGE_ROUTER = "edge router";
    public static final String BROKER = "broker";

    /**
     * @param kind  {@value #ROUTER}, {@value #EDGE_ROUTER} or {@value #BROKER}
     * @param url   where clients reach it: a router's client listener, which also answers AMQP management
     *              ({@code amqp://127.0.0.1:5672}); a broker's {@code amqp://host:port}
     * @param agent the agent peer beside it, whose handlers act on it (restart it), or null when none is
     */
    public record Node(String name, String kind, String url, String agent) {
        /** A node without an agent. */
        public Node(String name, String kind, String url) {
            this(name, kind, url, null);
        }
    }

    public record Link(String from, String to, int cost) {
    }

    public void write(Path runDir, String svg) throws IOException {
        RunJson.write(runDir.resolve(FILE), this);
        Files.writeString(runDir.resolve(PICTURE), svg);
    }

    /** The run's topology, or empty when its SUT was none the client started. */
    public static Optional<RunTopology> read(Path runDir) throws IOException {
        Path file = runDir.resolve(FILE);
        return Files.isRegularFile(file) ? Optional.of(RunJson.MAPPER.readValue(file.toFile(), RunTopology.class)) : Optional.empty();
    }

    /** The node whose URL has the host and port of {@code url} (any path, query or credentials), or empty. */
    public Optional<Node> nodeAt(String url) {
        String where = hostPort(url);
        return where.isEmpty() ? Optional.empty() : nodes.stream().filter(n -> where.equals(hostPort(n.url()))).findFirst();
    }

    /** {@code host:port} of a URL such as {@code amqp://user:pw@127.0.0.1:5672/perf?x=y}; "" when it has none. */
    static String hostPort(String url) {
        if (url == null) {
            return "";
        }
        String rest = url.contains("://") ? url.substring(url.indexOf("://") + 3) : url;
        rest = rest.replaceFirst("[/?)].*$", "");
        return rest.substring(rest.lastIndexOf('@') + 1);
    }
}
