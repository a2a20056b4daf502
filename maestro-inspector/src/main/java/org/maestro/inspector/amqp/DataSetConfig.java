package org.maestro.inspector.amqp;

import org.maestro.common.runfiles.ColumnKind;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The data sets an AMQP-management inspector queries: a preset name, or a list written
 * {@code name=entityType:attribute,attribute;name=entityType:attribute,...}, e.g.
 * {@code queues=org.apache.qpid.Queue:name,durable}. So any AMQP-management server can be inspected without
 * code: name its entity types and attributes.
 *
 * <p>Presets: {@value #QPID_DISPATCH} (the default: the router's general figures and delivery totals, its memory,
 * links, addresses, allocator counts and connections; for skupper-router's {@code io.skupper.router.*} types too, see
 * {@link EntityTypes}) and {@value #QPID_BROKER_J} (queues and exchanges of a virtual host).
 */
public final class DataSetConfig {
    public static final String QPID_DISPATCH = "qpid-dispatch";
    public static final String QPID_BROKER_J = "qpid-broker-j";
    /** The router process's memory in bytes: {@code memory.csv}. */
    public static final String MEMORY = "memory";
    /** The router's allocator: object counts per type, not bytes: {@code allocator.csv}. */
    public static final String ALLOCATOR = "allocator";
    /** Broker-J's queue entity type: a preset's and the format error's example. */
    private static final String BROKER_J_QUEUE_TYPE = "org.apache.qpid.Queue";

    /**
     * Qpid Dispatch Router's own entities. Delivery totals are counters (the report charts them as rates); settings
     * such as a link's capacity are gauges, charted only if they move; identities, types and states never are.
     * Attributes an older router lacks (e.g. {@code deliveriesDelayed1Sec}) are left out at start, with a log line.
     * Every attribute here is one Qpid Dispatch 1.19 answers to QUERY (RouterPresetsTest asks a real one). Not here:
     * the router's {@code blockedLinkCount}, which 1.19 lists in GET-ATTRIBUTES but answers QUERY with {@code name}
     * in its place. {@value #MEMORY} is the router process's memory ({@code memoryUsage}, bytes, its VmSize);
     * {@value #ALLOCATOR} the counts of the router's pooled allocator per object type, which are not bytes.
     */
    public static final List<EntityQuery> DISPATCH = List.of(
            EntityQuery.preset("router", "org.apache.qpid.dispatch.router", ColumnKind.columns()
                    .identity("name", "version")
                    .gauge("linkRouteCount", "autoLinkCount", "linkCount", "nodeCount", "addrCount", "connectionCount",
                            "uptimeSeconds", "deliveriesStuck")
                    .counter("deliveriesIngress", "deliveriesEgress", "deliveriesTransit", "deliveriesIngressRouteContainer",
                            "deliveriesEgressRouteContainer", "acceptedDeliveries", "rejectedDeliveries", "releasedDeliveries",
                            "modifiedDeliveries", "presettledDeliveries", "droppedPresettledDeliveries",
                            "deliveriesDelayed1Sec", "deliveriesDelayed10Sec").build()),
            // A link's identity renumbers when the router restarts: its line is named by LinkLabels' derived column.
            EntityQuery.preset(LinkLabels.LINKS, "org.apache.qpid.dispatch.router.link", ColumnKind.columns()
                    .identity("identity", "connectionId", "linkName", "linkType", "linkDir", "owningAddr", "priority",
                            "operStatus")
                    .gauge("capacity", "undeliveredCount", "unsettledCount", "creditAvailable", "deliveriesStuck")
                    .counter("deliveryCount", "presettledCount", "droppedPresettledCount", "releasedCount", "modifiedCount",
                            "acceptedCount", "rejectedCount", "deliveriesDelayed1Sec", "deliveriesDelayed10Sec").build()),
            EntityQuery.preset("addresses", "org.apache.qpid.dispatch.router.address", ColumnKind.columns()
                    .key("name").identity("distribution")
                    .gauge("subscriberCount", "remoteCount", "containerCount")
                    .counter("deliveriesIngress", "deliveriesEgress", "deliveriesTransit", "deliveriesToContainer",
                            "deliveriesFromContainer").build()),
            EntityQuery.preset(MEMORY, "org.apache.qpid.dispatch.router", ColumnKind.columns()
                    .key("name").gauge("memoryUsage").build()),
            EntityQuery.preset(ALLOCATOR, "org.apache.qpid.dispatch.allocator", ColumnKind.columns()
                    .key("typeName").identity("typeSize", "transferBatchSize", "localFreeListMax", "globalFreeListMax")
                    .counter("totalAllocFromHeap", "totalFreeToHeap").gauge("heldByThreads")
                    .counter("batchesRebalancedToThreads", "batchesRebalancedToGlobal").build()),
            EntityQuery.preset("connections", "org.apache.qpid.dispatch.connection", ColumnKind.columns()
                    .key("host", "container").identity("identity", "role", "dir", "sasl", "user", "isAuthenticated",
                            "isEncrypted", "opened", "operStatus").build()));

    /**
     * Qpid Broker-J's entities as its virtual host's {@code $management} node shows them. Broker-J's QUERY
     * answers the attributes that were set on an entity (no statistics such as queue depth, and "" for an
     * attribute left at its default): these sets show which queues and exchanges exist at each sample.
     */
    public static final List<EntityQuery> BROKER_J = List.of(
            EntityQuery.preset("queues", BROKER_J_QUEUE_TYPE, ColumnKind.columns().key("name")
                    .identity("qpid-type", "durable", "lifetimePolicy", "object-path").build()),
            EntityQuery.preset("exchanges", "org.apache.qpid.Exchange", ColumnKind.columns().key("name")
                    .identity("qpid-type", "durable").build()));

    private static final Map<String, List<EntityQuery>> PRESETS = Map.of(QPID_DISPATCH, DISPATCH, QPID_BROKER_J, BROKER_J);

    /** The kinds the presets give each entity type's attributes, so a list the user writes gets them too. */
    private static final Map<String, ColumnKind> KNOWN_KINDS = knownKinds();

    private DataSetConfig() {
    }

    /**
     * Parses a preset name or a list of data sets; "" or null gives the default ({@value #QPID_DISPATCH}).
     *
     * @throws IllegalArgumentException saying which part is wrong and how it should be written
     */
    public static List<EntityQuery> parse(String text) {
        if (text == null || text.isBlank()) {
            return DISPATCH;
        }
        String trimmed = text.trim();
        if (PRESETS.containsKey(trimmed)) {
            return PRESETS.get(trimmed);
        }
        if (!trimmed.contains("=")) {
            throw new IllegalArgumentException("unknown data set preset '" + trimmed + "' (presets: " + QPID_DISPATCH + ", "
                    + QPID_BROKER_J + "; or list data sets as name=entityType:attribute,attribute;name=...)");
        }
        List<EntityQuery> queries = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (String part : trimmed.split(";")) {
            if (part.isBlank()) {
                continue;
            }
            EntityQuery q = one(part.trim());
            if (!names.add(q.name())) {
                throw new IllegalArgumentException("data set '" + q.name() + "' is given twice");
            }
            queries.add(q);
        }
        if (queries.isEmpty()) {
            throw new IllegalArgumentException("no data set in '" + trimmed + "'");
        }
        return List.copyOf(queries);
    }

    private static Map<String, ColumnKind> knownKinds() {
        Map<String, ColumnKind> kinds = new HashMap<>();
        for (List<EntityQuery> preset : List.of(DISPATCH, BROKER_J)) {
            preset.forEach(q -> q.kinds().forEach((a, k) -> kinds.put(q.entityType() + "\u0000" + a, k)));
        }
        return Map.copyOf(kinds);
    }

    private static EntityQuery one(String part) {
        String expected = " (expected name=entityType:attribute,attribute, e.g. queues=" + BROKER_J_QUEUE_TYPE + ":name,durable)";
        int eq = part.indexOf('=');
        int colon = part.indexOf(':', eq + 1);
        if (eq <= 0 || colon < 0) {
            throw new IllegalArgumentException("data set '" + part + "' is not name=entityType:attributes" + expected);
        }
        String name = part.substring(0, eq).trim();
        String entityType = part.substring(eq + 1, colon).trim();
        List<String> attributes = Arrays.stream(part.substring(colon + 1).split(",")).map(String::trim)
                .filter(a -> !a.isEmpty()).toList();
        if (entityType.isEmpty()) {
            throw new IllegalArgumentException("data set '" + name + "' has no entity type" + expected);
        }
        if (attributes.isEmpty()) {
            throw new IllegalArgumentException("data set '" + name + "' names no attribute" + expected);
        }
        if (new LinkedHashSet<>(attributes).size() != attributes.size()) {
            throw new IllegalArgumentException("data set '" + name + "' names an attribute twice: " + attributes);
        }
        Map<String, ColumnKind> known = new LinkedHashMap<>();
        for (String a : attributes) {
            ColumnKind k = KNOWN_KINDS.get(entityType + "\u0000" + a);
            if (k != null) {
                known.put(a, k);
            }
        }
        return new EntityQuery(name, entityType, attributes, known, true);
    }
}
