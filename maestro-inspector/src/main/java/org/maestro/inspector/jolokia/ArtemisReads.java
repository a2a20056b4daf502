package org.maestro.inspector.jolokia;

import com.fasterxml.jackson.databind.JsonNode;
import org.maestro.common.runfiles.ColumnKind;
import org.maestro.common.runfiles.QueueColumns;
import org.maestro.inspector.DataSet;
import org.maestro.inspector.Sample;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * ActiveMQ Artemis' own figures, by wildcard MBean patterns (any broker name):
 * <ul>
 *   <li>{@code queues}: per queue, its address and routing type, message count (now in the queue), messages
 *       added, acknowledged and expired since the broker started, and consumers;</li>
 *   <li>{@code addresses}: per address, messages in its queues, messages routed and not routed (no queue
 *       took them), and bytes held in memory.</li>
 * </ul>
 * A broker with no queue yet answers with no rows. On a JVM that is not an Artemis broker these data sets
 * stay empty while the JVM data sets fill.
 */
final class ArtemisReads {
    static final DataSet QUEUES = new DataSet("queues",
            "org.apache.activemq.artemis:broker=*,component=addresses,address=*,subcomponent=queues,routing-type=*,queue=*",
            ColumnKind.columns().key("address", QueueColumns.QUEUE).identity("routingType").gauge(QueueColumns.MESSAGE_COUNT)
                    .counter("messagesAdded", "messagesAcknowledged", "messagesExpired").gauge("consumerCount").build());
    static final DataSet ADDRESSES = new DataSet("addresses",
            "org.apache.activemq.artemis:broker=*,component=addresses,address=*",
            ColumnKind.columns().key("address").gauge("messageCount").counter("routedMessages", "unroutedMessages")
                    .gauge("addressSizeBytes").build());

    private ArtemisReads() {
    }

    static List<JolokiaRead> reads() {
        return List.of(new Queues(), new Addresses());
    }

    private static final class Queues implements JolokiaRead {
        public DataSet dataSet() {
            return QUEUES;
        }

        public String mbean() {
            return QUEUES.source();
        }

        public List<String> attributes() {
            return List.of("MessageCount", "MessagesAdded", "MessagesAcknowledged", "MessagesExpired", "ConsumerCount");
        }

        public List<List<String>> rows(JsonNode value) {
            Map<String, List<String>> sorted = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> q = it.next();
                String address = MBeanNames.key(q.getKey(), "address");
                String queue = MBeanNames.key(q.getKey(), "queue");
                JsonNode a = q.getValue();
                sorted.put(address + "\u0000" + queue, Sample.row(address, queue, MBeanNames.key(q.getKey(), "routing-type"),
                        JsonValues.text(a.get("MessageCount")), JsonValues.text(a.get("MessagesAdded")),
                        JsonValues.text(a.get("MessagesAcknowledged")), JsonValues.text(a.get("MessagesExpired")),
                        JsonValues.text(a.get("ConsumerCount"))));
            }
            return new ArrayList<>(sorted.values());
        }
    }

    private static final class Addresses implements JolokiaRead {
        public DataSet dataSet() {
            return ADDRESSES;
        }

        public String mbean() {
            return ADDRESSES.source();
        }

        public List<String> attributes() {
            return List.of("MessageCount", "RoutedMessageCount", "UnRoutedMessageCount", "AddressSize");
        }

        public List<List<String>> rows(JsonNode value) {
            Map<String, List<String>> sorted = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> a = it.next();
                String address = MBeanNames.key(a.getKey(), "address");
                JsonNode v = a.getValue();
                sorted.put(address, Sample.row(address, JsonValues.text(v.get("MessageCount")),
                        JsonValues.text(v.get("RoutedMessageCount")), JsonValues.text(v.get("UnRoutedMessageCount")),
                        JsonValues.text(v.get("AddressSize"))));
            }
            return new ArrayList<>(sorted.values());
        }
    }
}
