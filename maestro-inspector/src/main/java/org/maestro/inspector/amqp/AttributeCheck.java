package org.maestro.inspector.amqp;

import org.maestro.common.util.NearestName;
import org.maestro.inspector.InspectorException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Sets a data set's attributes beside those the server says its entity type has (GET-ATTRIBUTES), so that a
 * misspelled attribute is refused at start, naming it and the nearest known name, instead of giving an empty
 * column for the whole test. A preset, written for several server versions, keeps its columns and only logs
 * the ones this server lacks.
 */
final class AttributeCheck {
    /**
     * Attributes a QUERY may name without the server listing them: every AMQP-management entity has {@code name},
     * {@code identity} and {@code type}; Qpid Broker-J adds {@code qpid-type} and {@code object-path}; a Qpid Dispatch
     * link's QUERY answers {@code connectionId}, which its GET-ATTRIBUTES does not list (1.19).
     */
    static final Set<String> ALWAYS_KNOWN = Set.of("name", "identity", "type", "qpid-type", "object-path", "connectionId");

    private AttributeCheck() {
    }

    /**
     * The attributes of {@code query} that the server does not have, per {@code known} (GET-ATTRIBUTES' answer);
     * empty when the answer does not name the query's entity type (the server cannot tell).
     */
    static List<String> unknown(EntityQuery query, Map<String, List<String>> known) {
        List<String> has = known.get(query.entityType());
        if (has == null) {
            return List.of();
        }
        List<String> missing = new ArrayList<>();
        for (String a : query.attributeNames()) {
            if (!has.contains(a) && !ALWAYS_KNOWN.contains(a)) {
                missing.add(a);
            }
        }
        return missing;
    }

    /** The one-line refusal of the first unknown attribute of a data set the user wrote. */
    static String refusal(EntityQuery query, List<String> unknown, Map<String, List<String>> known, String where) {
        String first = unknown.get(0);
        return "data set '" + query.name() + "': " + query.entityType() + " at " + where + " has no attribute '" + first + "'"
                + NearestName.hint(first, known.get(query.entityType()), "it has")
                + (unknown.size() > 1 ? "; nor " + String.join(", ", unknown.subList(1, unknown.size())) : "");
    }

    /**
     * Reads an answer to {@code what}, GET-ATTRIBUTES (a map of entity type names to lists of attribute names) or
     * GET-TYPES (of entity type names to the types they extend); empty when the server refused the operation (it need
     * not support it: then it cannot tell, and nothing is refused).
     */
    static Map<String, List<String>> answer(String what, Object statusCode, Object body, String where)
            throws InspectorException {
        int status = QueryResponse.status(statusCode, what, where);
        if (status < 200 || status > 299 || !(body instanceof Map<?, ?> map)) {
            return Map.of();
        }
        Map<String, List<String>> types = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (e.getValue() instanceof List<?> names) {
                types.put(String.valueOf(e.getKey()), names.stream().map(String::valueOf).toList());
            }
        }
        return types;
    }
}
