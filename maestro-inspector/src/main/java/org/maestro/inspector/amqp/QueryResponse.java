package org.maestro.inspector.amqp;

import org.maestro.inspector.InspectorException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the answer to a QUERY: application property {@code statusCode} (200 for success, else
 * {@code statusDescription} says why), body {@code {"attributeNames": [names], "results": [[values], ...]}}
 * with one list per entity whose values follow {@code attributeNames}. Rows come out in the query's column
 * order whatever order the server used; an attribute the server did not return, or a column it does not keep, gives "".
 */
public final class QueryResponse {
    private QueryResponse() {
    }

    /**
     * @param statusCode  the {@code statusCode} property (a number or its text; null when absent)
     * @param description the {@code statusDescription} property, or null
     * @param body        the body as an AMQP map, or null
     * @param where       who answered, for messages
     */
    public static List<List<String>> rows(EntityQuery query, Object statusCode, Object description, Object body, String where)
            throws InspectorException {
        Map<?, ?> map = answer(query, statusCode, description, body, where);
        List<?> names = list(map.get("attributeNames"), "attributeNames", query, where);
        List<?> results = list(map.get("results"), "results", query, where);
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            index.putIfAbsent(String.valueOf(names.get(i)), i);
        }
        List<List<String>> rows = new ArrayList<>(results.size());
        for (Object result : results) {
            List<?> values = list(result, "a result", query, where);
            List<String> row = new ArrayList<>(query.columns().size());
            for (String column : query.columns()) {
                String attribute = query.attributes().get(column);
                Integer i = attribute == null ? null : index.get(attribute);
                row.add(i == null || i >= values.size() ? "" : text(values.get(i)));
            }
            rows.add(row);
        }
        return rows;
    }

    /** The attribute names a QUERY's answer carries, in its order: the attributes the server answers. */
    static List<String> attributeNames(EntityQuery query, Object statusCode, Object description, Object body, String where)
            throws InspectorException {
        Map<?, ?> map = answer(query, statusCode, description, body, where);
        return list(map.get("attributeNames"), "attributeNames", query, where).stream().map(String::valueOf).toList();
    }

    /** The body of a successful answer. */
    private static Map<?, ?> answer(EntityQuery query, Object statusCode, Object description, Object body, String where)
            throws InspectorException {
        int status = status(statusCode, "QUERY of " + query.entityType(), where);
        if (status < 200 || status > 299) {
            throw new InspectorException("QUERY of " + query.entityType() + " at " + where + " failed with statusCode " + status
                    + (description == null ? "" : ": " + description));
        }
        if (!(body instanceof Map<?, ?> map)) {
            throw new InspectorException("QUERY of " + query.entityType() + " at " + where + " answered a body that is not a map: "
                    + (body == null ? "none" : body.getClass().getSimpleName()));
        }
        return map;
    }

    /** A value as CSV text; null is "". AMQP maps and lists keep their Java text form. */
    static String text(Object value) {
        return value == null ? "" : value.toString();
    }

    /** The numeric status of an answer to {@code what} (e.g. "QUERY of org.apache.qpid.Queue"). */
    static int status(Object statusCode, String what, String where) throws InspectorException {
        if (statusCode instanceof Number n) {
            return n.intValue();
        }
        if (statusCode != null) {
            try {
                return Integer.parseInt(statusCode.toString().trim());
            } catch (NumberFormatException e) {
                // reported below
            }
        }
        throw new InspectorException(what + " at " + where
                + " answered without a numeric statusCode (" + statusCode + "): is this an AMQP management node?");
    }

    private static List<?> list(Object value, String what, EntityQuery query, String where) throws InspectorException {
        if (value instanceof List<?> l) {
            return l;
        }
        throw new InspectorException("QUERY of " + query.entityType() + " at " + where + " answered without a list as "
                + what + " (" + (value == null ? "none" : value.getClass().getSimpleName()) + ")");
    }
}
