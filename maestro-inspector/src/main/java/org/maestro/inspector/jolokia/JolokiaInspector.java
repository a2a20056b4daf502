package org.maestro.inspector.jolokia;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.inspector.DataSet;
import org.maestro.inspector.Inspector;
import org.maestro.inspector.InspectorException;
import org.maestro.inspector.Sample;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads a JVM's figures through its Jolokia agent (ActiveMQ Artemis' console serves one): JVM memory, the
 * operating system, and Artemis' queues and addresses. A sample is ONE HTTP request, a bulk read of every
 * MBean pattern, so the SUT is asked once per interval however many queues it has.
 */
public final class JolokiaInspector implements Inspector {
    private static final Logger LOG = LoggerFactory.getLogger(JolokiaInspector.class);
    /** Every Artemis broker of the JVM: its MBean carries the broker's version. */
    static final String BROKER_MBEAN = "org.apache.activemq.artemis:broker=*";
    private static final String VERSION_ATTRIBUTE = "Version";
    /** The product the version is of, as the run names it. */
    static final String ARTEMIS = "ActiveMQ Artemis";
    private final JolokiaEndpoint endpoint;
    private final JolokiaClient client;
    private final List<JolokiaRead> reads = new ArrayList<>();
    private final List<DataSet> dataSets;
    /** The attributes already logged as missing, "data set.attribute": each is logged once. */
    private final Set<String> lackingLogged = ConcurrentHashMap.newKeySet();

    public JolokiaInspector(JolokiaEndpoint endpoint, Duration timeout) {
        this.endpoint = endpoint;
        this.client = new JolokiaClient(endpoint, timeout);
        reads.addAll(JvmMemoryReads.reads());
        reads.add(new OperatingSystemRead());
        reads.addAll(ArtemisReads.reads());
        dataSets = reads.stream().map(JolokiaRead::dataSet).distinct().toList();
    }

    @Override
    public String describe() {
        return "jolokia at " + endpoint;
    }

    @Override
    public List<DataSet> dataSets() {
        return dataSets;
    }

    /** The bulk request of one sample. */
    JsonNode bulkRequest() {
        ArrayNode bulk = JsonNodeFactory.instance.arrayNode();
        reads.forEach(r -> bulk.add(r.request()));
        return bulk;
    }

    @Override
    public Sample sample() throws InspectorException {
        return toSample(client.bulk(bulkRequest()));
    }

    /** Turns the answers to {@link #bulkRequest()} into a sample. Package-private for tests. */
    Sample toSample(JsonNode answers) throws InspectorException {
        if (answers.size() != reads.size()) {
            throw new InspectorException("Jolokia at " + endpoint + " gave " + answers.size() + " answers to a bulk request of "
                    + reads.size() + " reads");
        }
        Map<String, List<List<String>>> rows = new LinkedHashMap<>();
        Map<String, String> failures = new LinkedHashMap<>();
        for (int i = 0; i < reads.size(); i++) {
            JolokiaRead read = reads.get(i);
            String name = read.dataSet().name();
            JsonNode answer = answers.get(i);
            int status = answer.path("status").asInt(-1);
            List<List<String>> readRows;
            if (status == 200) {
                readRows = read.rows(answer.path("value"));
                logLacking(read, read.lacking(answer.path("value")));
            } else if (status == 404 && read.pattern()) {
                readRows = List.of(); // no MBean matches the pattern (yet): no rows
            } else {
                failures.putIfAbsent(name, "Jolokia status " + status + " reading " + read.mbean() + ": "
                        + answer.path("error").asText("no error text"));
                continue;
            }
            rows.computeIfAbsent(name, k -> new ArrayList<>()).addAll(readRows);
        }
        Sample sample = new Sample();
        for (DataSet d : dataSets) {
            if (failures.containsKey(d.name())) {
                sample.failed(d.name(), failures.get(d.name()));
            } else {
                sample.rows(d.name(), rows.getOrDefault(d.name(), List.of()));
            }
        }
        return sample;
    }

    /** The attributes this broker lacks, so far: "data set.attribute", for tests. */
    Set<String> lacking() {
        return Set.copyOf(lackingLogged);
    }

    /**
     * An attribute the broker does not have (another version, or a misspelling in a read) is logged once, naming it;
     * its column stays empty. The reads are fixed, not the user's: they are not refused.
     */
    private void logLacking(JolokiaRead read, List<String> lacking) {
        for (String a : lacking) {
            if (lackingLogged.add(read.dataSet().name() + "." + a)) {
                LOG.warn("data set '{}': no MBean matching {} at {} has attribute '{}': its column stays empty",
                        read.dataSet().name(), read.mbean(), endpoint, a);
            }
        }
    }

    /**
     * The broker's Version attribute ({@value #BROKER_MBEAN}), as {@code ActiveMQ Artemis 2.44.0}; empty on a JVM that is
     * no Artemis broker or when the read fails (logged).
     */
    @Override
    public Optional<String> sutVersion() {
        ObjectNode read = JolokiaRead.request(BROKER_MBEAN, List.of(VERSION_ATTRIBUTE), false);
        try {
            JsonNode answer = client.bulk(JsonNodeFactory.instance.arrayNode().add(read)).path(0);
            return artemisVersion(answer);
        } catch (InspectorException e) {
            LOG.info("cannot read the broker's version at {}: {}", endpoint, e.getMessage());
            return Optional.empty();
        }
    }

    /** The version in an answer to the read of {@value #BROKER_MBEAN}'s Version. Package-private for tests. */
    static Optional<String> artemisVersion(JsonNode answer) {
        if (answer.path("status").asInt(-1) != 200) {
            return Optional.empty();
        }
        for (JsonNode broker : answer.path("value")) {
            String version = broker.path(VERSION_ATTRIBUTE).asText("");
            if (!version.isBlank()) {
                return Optional.of(ARTEMIS + " " + version.strip());
            }
        }
        return Optional.empty();
    }

    @Override
    public void close() {
        // HttpClient holds no connection that needs closing on Java 17
    }
}
