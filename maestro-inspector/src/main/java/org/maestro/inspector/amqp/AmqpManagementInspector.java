package org.maestro.inspector.amqp;

import org.maestro.common.router.RouterKind;
import org.maestro.inspector.DataSet;
import org.maestro.inspector.Inspector;
import org.maestro.inspector.InspectorException;
import org.maestro.inspector.Sample;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;

/**
 * Reads a router's or broker's figures through AMQP management: one QUERY per data set, one after the
 * other over the same connection, all within one timeout per sample. When the connection cannot be opened the whole sample fails; when one
 * QUERY fails (unknown entity type, no answer in time) only its data set does, and the connection is opened
 * again for the next. Before the first sample, every data set's attributes are set beside the ones the server
 * says it has ({@link AttributeCheck}), after the entity types are named as the server names them ({@link EntityTypes}:
 * skupper-router's {@code io.skupper.router.*} for Qpid Dispatch's). A router's links are named by {@link LinkLabels},
 * this inspector's own links left out.
 */
public final class AmqpManagementInspector implements Inspector {
    private static final Logger LOG = LoggerFactory.getLogger(AmqpManagementInspector.class);
    private final ManagementUrl url;
    /** As written, until GET-TYPES said the server names them otherwise ({@link EntityTypes}). */
    private volatile List<EntityQuery> declared;
    /** What is asked: {@link #declared} without the attributes a preset's server lacks (GET-ATTRIBUTES). */
    private volatile List<EntityQuery> queries;
    private final ManagementClient client;
    private static final String VERSION_ATTRIBUTE = "version";
    private static final Duration VERIFY_AT_LEAST = Duration.ofSeconds(10);
    private final Duration timeout;
    private volatile boolean verified;
    /** The router's kind and version once {@link #verify} read them ({@code skupper-router 3.5.1}); null before or when none. */
    private volatile String version;

    public AmqpManagementInspector(ManagementUrl url, List<EntityQuery> queries, Duration timeout) {
        this.url = url;
        this.declared = List.copyOf(queries);
        this.queries = this.declared;
        this.client = new ManagementClient(url, timeout);
        this.timeout = timeout;
    }

    @Override
    public String describe() {
        return "amqp-management at " + url;
    }

    @Override
    public List<DataSet> dataSets() {
        return queries.stream().map(q -> LinkLabels.appliesTo(q) ? LinkLabels.dataSet(q) : q.dataSet()).toList();
    }

    @Override
    public void verify() throws InspectorException {
        // At START the check may wait longer than a sample: a busy SUT's first answers are slow, and a check that
        // timed out would let a misspelled attribute through as an empty column.
        verify(System.nanoTime() + Math.max(timeout.toNanos(), VERIFY_AT_LEAST.toNanos()));
    }

    /** GET-ATTRIBUTES of every data set's entity type, once it has been answered. */
    private synchronized void verify(long deadline) throws InspectorException {
        if (verified) {
            return;
        }
        client.open(); // unreachable: cannot tell now
        try {
            Set<String> types = client.types(deadline);
            declared = EntityTypes.forServer(declared, types);
            queries = declared;
            EntityTypes.kind(types).ifPresent(kind -> version = routerVersion(kind, deadline));
        } catch (ManagementUnanswered e) {
            throw new InspectorException("cannot ask for the entity types: " + e.getMessage(), e);
        } catch (InspectorException e) {
            LOG.debug("GET-TYPES at {}: {}", url, e.getMessage()); // a server that cannot tell: the types as written
        }
        List<EntityQuery> asked = new ArrayList<>();
        for (EntityQuery q : declared) {
            asked.add(q);
            Map<String, List<String>> known;
            try {
                known = client.attributes(q.entityType(), deadline);
            } catch (ManagementUnanswered e) {
                // No answer tells nothing: not checked is not passed (a sample retries the check).
                throw new InspectorException("cannot check the attributes of data set '" + q.name() + "': " + e.getMessage(), e);
            } catch (InspectorException e) {
                // The server could not answer this one request readably: its QUERY will say what is wrong.
                LOG.debug("GET-ATTRIBUTES of {} at {}: {}", q.entityType(), url, e.getMessage());
                continue;
            }
            List<String> unknown = AttributeCheck.unknown(q, known);
            if (unknown.isEmpty()) {
                continue;
            }
            if (q.strict()) {
                throw new IllegalArgumentException(AttributeCheck.refusal(q, unknown, known, url.toString()));
            }
            // Asked, they would fail the whole QUERY (a router answers 404 "Unknown attributes").
            LOG.warn("data set '{}': {} at {} has no {}: these columns stay empty (this server's version lacks them)",
                    q.name(), q.entityType(), url, unknown);
            asked.set(asked.size() - 1, q.without(unknown));
        }
        queries = List.copyOf(asked);
        verified = true;
    }

    @Override
    public Sample sample() throws InspectorException {
        client.open(); // when it cannot connect, the whole sample is missing
        try {
            // When START could not check, the first sample that reaches the SUT does, in a time of its own (once).
            verify(System.nanoTime() + timeout.toNanos());
        } catch (IllegalArgumentException e) {
            throw new InspectorException(e.getMessage(), e);
        }
        long deadline = System.nanoTime() + timeout.toNanos(); // the whole sample, not each query, is bounded
        Sample sample = new Sample();
        int failed = 0;
        InspectorException first = null;
        Map<String, String> containers = null; // asked once per sample, when a links data set needs them
        for (EntityQuery q : queries) {
            if (System.nanoTime() - deadline >= 0) {
                sample.failed(q.name(), "not asked: this sample's " + timeout.toMillis() + " ms were used up by the data sets before it");
                failed++;
                continue;
            }
            try {
                List<List<String>> rows = client.query(q, deadline);
                if (LinkLabels.appliesTo(q)) {
                    containers = containers != null ? containers : containers(q, deadline);
                    rows = LinkLabels.label(q, rows, containers, client.container());
                }
                sample.rows(q.name(), rows);
            } catch (InspectorException e) {
                sample.failed(q.name(), e.getMessage());
                failed++;
                first = first == null ? e : first;
            }
        }
        if (failed == queries.size() && first != null) {
            throw first;
        }
        return sample;
    }

    /** The router's version as {@code skupper-router 3.5.1} (its router entity's {@code version}); null when it does not say. */
    private String routerVersion(RouterKind kind, long deadline) {
        try {
            List<List<String>> rows = client.query(new EntityQuery(VERSION_ATTRIBUTE, kind.entityType("router"), List.of(VERSION_ATTRIBUTE)),
                    deadline);
            String v = rows.isEmpty() || rows.get(0).isEmpty() ? "" : rows.get(0).get(0);
            return v == null || v.isBlank() ? null : kind.product() + " " + v.strip();
        } catch (InspectorException e) {
            LOG.info("cannot read the router's version at {}: {}", url, e.getMessage());
            return null;
        }
    }

    /** The router's kind and version, read when the data sets were checked against it; empty for a server of no router kind. */
    @Override
    public Optional<String> sutVersion() {
        return Optional.ofNullable(version);
    }

    /** Each connection's identity to its container, the far end of a link (a router's id for a router's connection). */
    private Map<String, String> containers(EntityQuery links, long deadline) throws InspectorException {
        EntityQuery connections = new EntityQuery("connections", LinkLabels.connectionType(links), List.of("identity", "container"));
        Map<String, String> byIdentity = new HashMap<>();
        for (List<String> row : client.query(connections, deadline)) {
            byIdentity.put(row.get(0), row.get(1));
        }
        return byIdentity;
    }

    /**
     * Each data set's attributes that the server's answer to its QUERY does not carry (GET-ATTRIBUTES may list an
     * attribute that QUERY does not answer, and answer one it does not list), with those left out at start because
     * GET-ATTRIBUTES did not list them: what a preset must not name.
     */
    public Map<String, List<String>> unanswered() throws InspectorException {
        verify();
        Map<String, List<String>> missing = new LinkedHashMap<>();
        List<EntityQuery> asked = queries;
        for (int i = 0; i < asked.size(); i++) {
            EntityQuery q = asked.get(i);
            List<String> answered = client.answeredAttributes(q, System.nanoTime() + Math.max(timeout.toNanos(), VERIFY_AT_LEAST.toNanos()));
            List<String> lacking = declared.get(i).attributeNames().stream().filter(a -> !answered.contains(a)).toList();
            if (!lacking.isEmpty()) {
                missing.put(q.name() + " (" + q.entityType() + ")", lacking);
            }
        }
        return missing;
    }

    /** The entity types queried, as the server names them once {@link #verify()} asked it. */
    public List<String> entityTypes() {
        return queries.stream().map(EntityQuery::entityType).distinct().toList();
    }

    @Override
    public void close() {
        client.close();
    }
}
