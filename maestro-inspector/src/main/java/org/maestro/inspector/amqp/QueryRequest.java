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
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("operation", "QUERY");
        properties.put("type", MANAGEMENT_TYPE);
        properties.put("name", "self");
        properties.put("identity", "self");
        properties.put("entityType", query.entityType());
        HashMap<String, Object> body = new HashMap<>();
        body.put("attributeNames", new ArrayList<>(query.attributeNames()));
        return new QueryRequest(Map.copyOf(properties), body);
    }
}
