package org.maestro.inspector.amqp;

import org.maestro.inspector.DataSet;
import org.maestro.inspector.Inspector;
import org.maestro.inspector.InspectorException;
import org.maestro.inspector.Sample;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Reads a router's or broker's figures through AMQP management: one QUERY per data set, one after the
 * other over the same connection, all within one timeout per sample. When the connection cannot be opened the whole sample fails; when one
 * QUERY fails (unknown entity type, no answer in time) only its data set does, and the connection is opened
 * again for the next. Before the first sample, every data set's attributes are set beside the ones the server
 * says it has ({@link AttributeCheck}).
 */
public final class AmqpManagementInspector implements Inspector {
    private static final Logger LOG = LoggerFactory.getLogger(AmqpManagementInspector.class);
    private final ManagementUrl url;
    private final List<EntityQuery> queries;
    private final ManagementClient client;
    private static final Duration VERIFY_AT_LEAST = Duration.ofSeconds(10);
    private final Duration timeout;
    private volatile boolean verified;

    public AmqpManagementInspector(ManagementUrl url, List<EntityQuery> queries, Duration timeout) {
        this.url = url;
        this.queries = List.copyOf(queries);
        this.client = new ManagementClient(url, timeout);
        this.timeout = timeout;
    }

    @Override
    public String describe() {
        return "amqp-management at " + url;
    }

    @Override
    public List<DataSet> dataSets() {
        return queries.stream().map(EntityQuery::dataSet).toList();
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
        for (EntityQuery q : queries) {
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
            LOG.warn("data set '{}': {} at {} has no {}: these columns stay empty (this server's version lacks them)",
                    q.name(), q.entityType(), url, unknown);
        }
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
        for (EntityQuery q : queries) {
            if (System.nanoTime() - deadline >= 0) {
                sample.failed(q.name(), "not asked: this sample's " + timeout.toMillis() + " ms were used up by the data sets before it");
                failed++;
                continue;
            }
            try {
                sample.rows(q.name(), client.query(q, deadline));
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

    @Override
    public void close() {
        client.close();
    }
}
