package org.maestro.inspector.amqp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The AMQP-management QUERY request of an {@link EntityQuery}: its application properties and its body.
 *
 * <p>Properties: {@code operation=QUERY}, {@code type=org.amqp.management} and the node's own name as
 * {@code name=self} (Qpid Dispatch) and {@code identity=self} (Qpid Broker-J), and {@code entityType}. Body:
 * a map {@code {"attributeNames": [...]}} as an AMQP value. The reply-to address is the caller's temporary
 * queue; the answer carries the request's message id as its correlation id.
 */
public record QueryRequest(Map<String, String> applicationProperties, HashMap<String, Object> body) {
    public static final String MANAGEMENT_TYPE = "org.amqp.management";

    public static QueryRequest of(EntityQuery query) {
        HashMap<String, Object> body = new HashMap<>();
        body.put("attributeNames", new ArrayList<>(query.attributeNames()));
        return new QueryRequest(properties("QUERY", query.entityType()), body);
    }

    /**
     * GET-ATTRIBUTES of one entity type: the answer's body maps entity type names to the lists of their attribute
     * names, which tells a misspelled attribute from one the server has before any sample is written.
     */
    public static QueryRequest getAttributes(String entityType) {
        return new QueryRequest(properties("GET-ATTRIBUTES", entityType), new HashMap<>());
    }

    /** GET-TYPES: the answer's body maps every entity type the server has to the types it extends. */
    public static QueryRequest getTypes() {
        return new QueryRequest(properties("GET-TYPES", null), new HashMap<>());
    }

    /** The operation's name, as messages quote it. */
    public String operation() {
        return applicationProperties.get("operation");
    }

    private static Map<String, String> properties(String operation, String entityType) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("operation", operation);
        properties.put("type", MANAGEMENT_TYPE);
        properties.put("name", "self");
        properties.put("identity", "self");
        if (entityType != null) {
            properties.put("entityType", entityType);
        }
        return Map.copyOf(properties);
    }
}
