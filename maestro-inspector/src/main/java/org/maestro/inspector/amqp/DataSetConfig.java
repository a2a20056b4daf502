package org.maestro.inspector.amqp;

import org.maestro.common.router.RouterKind;
import org.maestro.common.runfiles.ColumnKind;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
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
 * <p>Presets: the router's ({@value #ROUTER_PRESET}, also named by either router kind's word: {@code qpid-dispatch},
 * the default, and {@code skupper}; the router's general figures and delivery totals, its memory, links, addresses,
 * allocator counts and connections, read on Qpid Dispatch and on skupper-router from where each keeps them, see
 * {@link RouterDataSet} and {@link EntityTypes}) and {@value #QPID_BROKER_J} (queues and exchanges of a virtual host).
 */
public final class DataSetConfig {
    /** The router preset by its kind-neutral name. */
    public static final String ROUTER_PRESET = "router";
    /** The router preset by the name scripts have always given it (Qpid Dispatch's kind word). */
    public static final String QPID_DISPATCH = RouterKind.QPID_DISPATCH.word();
    public static final String QPID_BROKER_J = "qpid-broker-j";
    /** The router process's memory in bytes: {@code memory.csv}. */
    public static final String MEMORY = "memory";
    /** The router's allocator: object counts per type, not bytes: {@code allocator.csv}. */
    public static final String ALLOCATOR = "allocator";
    /** The router's figures and delivery totals: {@code router.csv}. */
    public static final String ROUTER = "router";
    /** Broker-J's queue entity type: a preset's and the format error's example. */
    private static final String BROKER_J_QUEUE_TYPE = "org.apache.qpid.Queue";
    /** skupper-router's entity of the counters and memory Qpid Dispatch keeps on its router entity. */
    private static final RouterDataSet.Source SKUPPER_METRICS = new RouterDataSet.Source("routerMetrics", Map.of("name", "id"),
            Set.of());

    /**
     * The router preset's data sets, the same columns on both router kinds. Delivery totals are counters (the report
     * charts them as rates); settings such as a link's capacity are gauges, charted only if they move; identities, types
     * and states never are. Every attribute here is one Qpid Dispatch 1.19 and skupper-router 3.5.1 answer to QUERY
     * (RouterPresetsTest asks real ones); one an older router lacks is left out at start, with a log line, its column
     * empty.
     * <ul>
     *   <li>{@value #ROUTER} and {@value #MEMORY}: Qpid Dispatch's {@code router} entity; skupper-router's
     *       {@code routerMetrics}, which names the router by {@code id} (its {@code name} is not answered). skupper-router
     *       keeps no {@code linkRouteCount} (it has no link routes) and no readable {@code version} (3.5.1's
     *       routerMetrics answers it under an empty name, its router entity's is empty): those columns stay empty there.
     *       Not here: Qpid Dispatch's {@code blockedLinkCount}, which 1.19 lists in GET-ATTRIBUTES but answers QUERY
     *       with {@code name} in its place.</li>
     *   <li>{@value #MEMORY}: the router process's memory ({@code memoryUsage}, bytes, its VmSize) on both.</li>
     *   <li>{@value #ALLOCATOR}: the counts of the router's pooled allocator per object type, which are not bytes.</li>
     *   <li>links, addresses, allocator and connections: the same entity and attributes on both kinds, but for an
     *       address's {@code containerCount}, which skupper-router 3.5.1 lists in GET-ATTRIBUTES and its QUERY does not
     *       answer (its agent has no such column).</li>
     * </ul>
     */
    public static final List<RouterDataSet> ROUTER_SETS = List.of(
            RouterDataSet.everywhere(ROUTER, "router", ColumnKind.columns()
                    .identity("name", "version")
                    .gauge("linkRouteCount", "autoLinkCount", "linkCount", "nodeCount", "addrCount", "connectionCount",
                            "uptimeSeconds", "deliveriesStuck")
                    .counter("deliveriesIngress", "deliveriesEgress", "deliveriesTransit", "deliveriesIngressRouteContainer",
                            "deliveriesEgressRouteContainer", "acceptedDeliveries", "rejectedDeliveries", "releasedDeliveries",
                            "modifiedDeliveries", "presettledDeliveries", "droppedPresettledDeliveries",
                            "deliveriesDelayed1Sec", "deliveriesDelayed10Sec").build())
                    .on(RouterKind.SKUPPER, SKUPPER_METRICS.lacking("version", "linkRouteCount")),
            // A link's identity renumbers when the router restarts: its line is named by LinkLabels' derived column.
            RouterDataSet.everywhere(LinkLabels.LINKS, "router.link", ColumnKind.columns()
                    .identity("identity", "connectionId", "linkName", "linkType", "linkDir", "owningAddr", "priority",
                            "operStatus")
                    .gauge("capacity", "undeliveredCount", "unsettledCount", "creditAvailable", "deliveriesStuck")
                    .counter("deliveryCount", "presettledCount", "droppedPresettledCount", "releasedCount", "modifiedCount",
                            "acceptedCount", "rejectedCount", "deliveriesDelayed1Sec", "deliveriesDelayed10Sec").build()),
            RouterDataSet.everywhere("addresses", "router.address", ColumnKind.columns()
                    .key("name").identity("distribution")
                    .gauge("subscriberCount", "remoteCount", "containerCount")
                    .counter("deliveriesIngress", "deliveriesEgress", "deliveriesTransit", "deliveriesToContainer",
                            "deliveriesFromContainer").build())
                    .lacking(RouterKind.SKUPPER, "containerCount"),
            RouterDataSet.everywhere(MEMORY, "router", ColumnKind.columns().key("name").gauge("memoryUsage").build())
                    .on(RouterKind.SKUPPER, SKUPPER_METRICS),
            RouterDataSet.everywhere(ALLOCATOR, "allocator", ColumnKind.columns()
                    .key("typeName").identity("typeSize", "transferBatchSize", "localFreeListMax", "globalFreeListMax")
                    .counter("totalAllocFromHeap", "totalFreeToHeap").gauge("heldByThreads")
                    .counter("batchesRebalancedToThreads", "batchesRebalancedToGlobal").build()),
            RouterDataSet.everywhere("connections", "connection", ColumnKind.columns()
                    .key("host", "container").identity("identity", "role", "dir", "sasl", "user", "isAuthenticated",
                            "isEncrypted", "opened", "operStatus").build()));

    /**
     * The router preset as it starts, with Qpid Dispatch's entities; GET-TYPES turns it into skupper-router's on one
     * ({@link EntityTypes}).
     */
    public static final List<EntityQuery> DISPATCH = router(RouterKind.QPID_DISPATCH);

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

    private static final Map<String, List<EntityQuery>> PRESETS = presets();

    /** The kinds the presets give each entity type's attributes, so a list the user writes gets them too. */
    private static final Map<String, ColumnKind> KNOWN_KINDS = knownKinds();

    private DataSetConfig() {
    }

    /** The router preset's queries as a router of {@code kind} answers them. */
    public static List<EntityQuery> router(RouterKind kind) {
        return ROUTER_SETS.stream().map(d -> d.query(kind)).toList();
    }

    /** The router preset's data set {@code name} as a router of {@code kind} answers it. */
    public static EntityQuery router(RouterKind kind, String name) {
        return ROUTER_SETS.stream().filter(d -> d.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("the router preset has no data set " + name)).query(kind);
    }

    /**
     * Parses a preset name or a list of data sets; "" or null gives the default ({@code qpid-dispatch}).
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
            throw new IllegalArgumentException("unknown data set preset '" + trimmed + "' (presets: "
                    + String.join(", ", PRESETS.keySet()) + "; or list data sets as name=entityType:attribute,attribute;name=...)");
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

    /** Every preset by name, the router's under each of its names. */
    private static Map<String, List<EntityQuery>> presets() {
        Map<String, List<EntityQuery>> presets = new LinkedHashMap<>();
        presets.put(ROUTER_PRESET, router(RouterKind.DEFAULT));
        for (RouterKind k : RouterKind.values()) {
            presets.put(k.word(), router(k));
        }
        presets.put(QPID_BROKER_J, BROKER_J);
        return Collections.unmodifiableMap(presets);
    }

    private static Map<String, ColumnKind> knownKinds() {
        Map<String, ColumnKind> kinds = new HashMap<>();
        List<EntityQuery> all = new ArrayList<>(BROKER_J);
        Arrays.stream(RouterKind.values()).forEach(k -> all.addAll(router(k)));
        for (EntityQuery q : all) {
            q.attributes().forEach((column, attribute) -> kinds.put(q.entityType() + "\u0000" + attribute, q.kinds().get(column)));
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
