package org.maestro.inspector.amqp;

import org.maestro.common.runfiles.ColumnKind;
import org.maestro.inspector.DataSet;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One data set read over AMQP management: a QUERY of every entity of {@code entityType}, asking for
 * {@code attributeNames}, which are also the CSV's columns (in this order, whatever order the server answers in).
 *
 * @param kinds  the kind of each attribute whose kind is known
 * @param strict whether an attribute the server does not have is refused (a list the user wrote) rather than left
 *               out (a preset, written for several versions of the server)
 */
public record EntityQuery(String name, String entityType, List<String> attributeNames, Map<String, ColumnKind> kinds,
                          boolean strict) {
    public EntityQuery {
        attributeNames = List.copyOf(attributeNames);
        kinds = Collections.unmodifiableMap(new LinkedHashMap<>(kinds));
        dataSet(name, entityType, attributeNames, kinds); // checks the name and the attributes
    }

    /** A query the user wrote: attributes of unknown kind, refused when the server lacks one. */
    public EntityQuery(String name, String entityType, List<String> attributeNames) {
        this(name, entityType, attributeNames, Map.of(), true);
    }

    /** A preset's query: the attributes in order with their kinds, left out when the server lacks one. */
    static EntityQuery preset(String name, String entityType, Map<String, ColumnKind> kinds) {
        return new EntityQuery(name, entityType, List.copyOf(kinds.keySet()), kinds, false);
    }

    public DataSet dataSet() {
        return dataSet(name, entityType, attributeNames, kinds);
    }

    /** This query of the same attributes under another entity type's name (another router's name for the same entity). */
    EntityQuery withEntityType(String type) {
        return new EntityQuery(name, type, attributeNames, kinds, strict);
    }

    /** This query without the attributes the server does not have. */
    EntityQuery keeping(List<String> attributes) {
        Map<String, ColumnKind> kept = new LinkedHashMap<>(kinds);
        kept.keySet().retainAll(attributes);
        return new EntityQuery(name, entityType, attributeNames.stream().filter(attributes::contains).toList(), kept, strict);
    }

    private static DataSet dataSet(String name, String entityType, List<String> attributeNames, Map<String, ColumnKind> kinds) {
        return new DataSet(name, entityType, attributeNames, kinds);
    }
}
