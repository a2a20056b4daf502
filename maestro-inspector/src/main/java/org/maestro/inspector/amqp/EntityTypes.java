package org.maestro.inspector.amqp;

import java.util.List;
import java.util.Set;

/**
 * Qpid Dispatch's entity types as skupper-router (its successor) names them, and back: the same entities under
 * {@value #DISPATCH} and {@value #SKUPPER} ({@code org.apache.qpid.dispatch.router.link} is
 * {@code io.skupper.router.router.link}). The server's GET-TYPES says which it is, so one preset serves both.
 */
final class EntityTypes {
    static final String DISPATCH = "org.apache.qpid.dispatch.";
    static final String SKUPPER = "io.skupper.router.";

    private EntityTypes() {
    }

    /**
     * {@code queries} with each entity type the server does not list but lists under the other router's prefix renamed
     * to that; unchanged when the server listed no types (it cannot tell) or lists the type as it is.
     */
    static List<EntityQuery> forServer(List<EntityQuery> queries, Set<String> serverTypes) {
        if (serverTypes.isEmpty()) {
            return queries;
        }
        return queries.stream().map(q -> {
            String other = other(q.entityType());
            return other != null && !serverTypes.contains(q.entityType()) && serverTypes.contains(other)
                    ? q.withEntityType(other) : q;
        }).toList();
    }

    /** The same type under the other router's prefix, or null for a type of neither. */
    static String other(String entityType) {
        if (entityType.startsWith(DISPATCH)) {
            return SKUPPER + entityType.substring(DISPATCH.length());
        }
        if (entityType.startsWith(SKUPPER)) {
            return DISPATCH + entityType.substring(SKUPPER.length());
        }
        return null;
    }
}
