package org.maestro.client.topology;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.maestro.common.router.RouterKind;
import org.maestro.common.util.NearestName;

/**
 * A topology as a YAML graph file; every error names the file and what in it is wrong.
 *
 * <pre>{@code
 * router: skupper                  # the router kind (qpid-dispatch or skupper); none: whatever the run chooses
 * nodes:
 *   - name: site-a                 # a router (kind: router is the default), an interior one
 *     host: 10.0.0.1               # where it listens; default 127.0.0.1
 *     router: {workerThreads: 4}   # more attributes of its router section
 *   - name: e1
 *     mode: edge                   # an edge router (interior is the default), linked to one or two interiors
 *   - name: broker-1
 *     kind: broker
 *     host: 10.0.0.9
 *     port: 5672
 *     addresses: [perf]            # the prefixes routed to it; default [queue]
 *     attach: waypoint             # auto-links; or linkRoute (Qpid Dispatch only)
 *   - name: site-b
 * links:
 *   - {from: site-a, to: broker-1, direction: out}   # to a broker: out (to it), in (from it) or both (the default;
 *   - {from: site-b, to: broker-1, direction: in}    #   skupper-router: one way per router, it has no waypoints)
 *   - {from: site-b, to: site-a, cost: 10}   # site-b connects to site-a
 *   - {from: e1, to: site-a}                 # an edge connects to its interior (no cost)
 * }</pre>
 */
public final class TopologyFile {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    /** The address prefix a broker node gets when its description names none. */
    public static final String DEFAULT_BROKER_ADDRESS = "queue";
    public static final int DEFAULT_BROKER_PORT = 5672;
    private static final Set<String> TOP = Set.of(RouterKind.SETTING, "nodes", "links");
    private static final Set<String> ROUTER_KEYS = Set.of("name", "kind", "host", "mode", "router");
    private static final Set<String> BROKER_KEYS = Set.of("name", "kind", "host", "port", "addresses", "attach");
    private static final Set<String> LINK_KEYS = Set.of("from", "to", "cost", "direction");

    private TopologyFile() {
    }

    public static Topology read(Path file) {
        String where = file.getFileName().toString();
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("topology file " + file + " does not exist", e);
        } catch (IOException e) {
            throw new IllegalArgumentException(where + ": not YAML: " + firstLine(e.getMessage()), e);
        }
        try {
            return parse(where, root);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
    }

    /** @param where the file's name, the topology's description */
    static Topology parse(String where, JsonNode root) {
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("expected a map with nodes: and links:");
        }
        onlyKnown(root, TOP, "at the top");
        RouterKind kind = null;
        if (root.has(RouterKind.SETTING)) {
            JsonNode k = root.get(RouterKind.SETTING);
            if (!k.isTextual() || k.asText().isBlank()) {
                throw new IllegalArgumentException(RouterKind.SETTING + ": must be a router kind, e.g. skupper");
            }
            kind = RouterKind.parse(k.asText());
        }
        JsonNode nodes = root.path("nodes");
        if (!nodes.isArray() || nodes.isEmpty()) {
            throw new IllegalArgumentException("nodes: must be a list of at least one node");
        }
        List<Node> parsed = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            parsed.add(node(nodes.get(i), "node " + (i + 1)));
        }
        List<Link> links = new ArrayList<>();
        JsonNode given = root.path("links");
        if (!given.isMissingNode() && !given.isNull() && !given.isArray()) {
            throw new IllegalArgumentException("links: must be a list of {from: A, to: B, cost: N}");
        }
        for (int i = 0; i < given.size(); i++) {
            JsonNode l = given.get(i);
            String which = "link " + (i + 1);
            if (!l.isObject()) {
                throw new IllegalArgumentException(which + ": expected {from: A, to: B, cost: N}");
            }
            onlyKnown(l, LINK_KEYS, which);
            Link.Direction direction;
            try {
                direction = Link.Direction.parse(l.path("direction").asText(Link.Direction.BOTH.word()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(which + ": " + e.getMessage(), e);
            }
            links.add(new Link(text(l, "from", which), text(l, "to", which),
                    l.has("cost") ? positiveInt(l.get("cost"), which + " cost") : Link.DEFAULT_COST, direction));
        }
        return new Topology(where, parsed, links, kind);
    }

    private static Node node(JsonNode n, String which) {
        if (!n.isObject()) {
            throw new IllegalArgumentException(which + ": expected a map with name: (and kind:, host:, ...)");
        }
        String name = text(n, "name", which);
        which = which + " (" + name + ")";
        String kind = n.path("kind").asText("router");
        String host = n.has("host") ? text(n, "host", which) : Node.LOOPBACK;
        switch (kind) {
            case "router" -> {
                onlyKnown(n, ROUTER_KEYS, which);
                Map<String, String> attributes = new LinkedHashMap<>();
                JsonNode r = n.path("router");
                if (!r.isMissingNode() && !r.isObject()) {
                    throw new IllegalArgumentException(which + ": router: must be a map of router attributes");
                }
                for (Iterator<Map.Entry<String, JsonNode>> it = r.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (e.getKey().equals("mode")) {
                        throw new IllegalArgumentException(which + ": router: mode is the node's: write mode: edge beside name:");
                    }
                    if (RouterConf.GENERATED_ROUTER_ATTRIBUTES.contains(e.getKey())) {
                        throw new IllegalArgumentException(which + ": router: " + e.getKey() + " is the generator's to set");
                    }
                    if (!e.getValue().isValueNode()) {
                        throw new IllegalArgumentException(which + ": router: " + e.getKey() + " must be a single value");
                    }
                    attributes.put(e.getKey(), e.getValue().asText());
                }
                Node.Mode mode;
                try {
                    mode = Node.Mode.parse(n.path("mode").asText(Node.Mode.INTERIOR.word()));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(which + ": " + e.getMessage(), e);
                }
                return new Node.Router(name, host, attributes, mode);
            }
            case "broker" -> {
                onlyKnown(n, BROKER_KEYS, which);
                List<String> addresses = new ArrayList<>();
                JsonNode a = n.path("addresses");
                if (a.isMissingNode()) {
                    addresses.add(DEFAULT_BROKER_ADDRESS);
                } else if (a.isArray() && !a.isEmpty()) {
                    a.forEach(x -> addresses.add(x.asText()));
                } else {
                    throw new IllegalArgumentException(which + ": addresses: must be a list of address prefixes, e.g. [queue]");
                }
                int port = n.has("port") ? positiveInt(n.get("port"), which + " port") : DEFAULT_BROKER_PORT;
                if (port > 65535) {
                    throw new IllegalArgumentException(which + ": port " + port + " is not a TCP port");
                }
                Node.Attach attach;
                try {
                    attach = Node.Attach.parse(n.path("attach").asText(Node.Attach.LINK_ROUTE.word()));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(which + ": " + e.getMessage(), e);
                }
                return new Node.Broker(name, host, port, addresses, attach);
            }
            default -> throw new IllegalArgumentException(which + ": kind '" + kind + "' is neither router nor broker");
        }
    }

    private static void onlyKnown(JsonNode map, Set<String> known, String where) {
        for (Iterator<String> it = map.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!known.contains(key)) {
                throw new IllegalArgumentException(where + ": unknown key '" + key + "'"
                        + NearestName.hint(key, known, "known are"));
            }
        }
    }

    private static String text(JsonNode map, String key, String where) {
        JsonNode v = map.get(key);
        if (v == null || !v.isValueNode() || v.asText().isBlank()) {
            throw new IllegalArgumentException(where + ": " + key + ": is missing");
        }
        return v.asText();
    }

    private static int positiveInt(JsonNode v, String what) {
        if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 1) {
            throw new IllegalArgumentException(what + " '" + v.asText() + "' is not a whole number from 1 up");
        }
        return v.asInt();
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
