package org.maestro.inspector.amqp;

import org.maestro.common.router.RouterKind;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The queries as the server's router kind answers them: GET-TYPES lists {@code org.apache.qpid.dispatch.*} (Qpid
 * Dispatch) or {@code io.skupper.router.*} (skupper-router, its successor), so one preset serves both. A router
 * preset's data set is read from where that kind keeps it ({@link RouterDataSet}); a type the user wrote for the other
 * router is renamed to this one's when the server lists it so and not as written.
 */
final class EntityTypes {
    /** The entity every router kind has, which tells the kind by its prefix. */
    private static final String ROUTER = "router";

    private EntityTypes() {
    }

    /**
     * {@code queries} for the server whose GET-TYPES answered {@code serverTypes}; unchanged when the server listed no
     * types (it cannot tell) or is no router.
     */
    static List<EntityQuery> forServer(List<EntityQuery> queries, Set<String> serverTypes) {
        Optional<RouterKind> kind = kind(serverTypes);
        if (kind.isEmpty()) {
            return queries;
        }
        return queries.stream().map(q -> {
            if (q.routerPreset() != null) {
                return q.on(kind.get());
            }
            EntityQuery renamed = q.on(kind.get());
            return !serverTypes.contains(q.entityType()) && serverTypes.contains(renamed.entityType()) ? renamed : q;
        }).toList();
    }

    /** The router kind whose entities the server lists, or empty for a server of neither (or one that cannot tell). */
    static Optional<RouterKind> kind(Set<String> serverTypes) {
        return Arrays.stream(RouterKind.values()).filter(k -> serverTypes.contains(k.entityType(ROUTER))).findFirst();
    }
}
