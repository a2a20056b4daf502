package org.maestro.inspector.amqp;

import org.maestro.common.router.RouterKind;
import org.maestro.common.runfiles.ColumnKind;
import org.maestro.inspector.DataSet;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One data set read over AMQP management: a QUERY of every entity of {@code entityType}, asking for the attribute
 * behind each of its {@code columns} (in this order, whatever order the server answers in).
 *
 * @param columns      the CSV's columns
 * @param attributes   the attribute asked for each column this server keeps (most are named as their column); a column
 *                     not here is one the server does not keep: its cells stay empty
 * @param kinds        the kind of each column whose kind is known
 * @param strict       whether an attribute the server does not have is refused (a list the user wrote) rather than left
 *                     out (a preset, written for several versions of the server)
 * @param routerPreset the router preset's data set this reads, which another router kind keeps elsewhere; null for
 *                     any other query
 */
public record EntityQuery(String name, String entityType, List<String> columns, Map<String, String> attributes,
                          Map<String, ColumnKind> kinds, boolean strict, RouterDataSet routerPreset) {
    public EntityQuery {
        columns = List.copyOf(columns);
        attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
        kinds = Collections.unmodifiableMap(new LinkedHashMap<>(kinds));
        if (!columns.containsAll(attributes.keySet())) {
            throw new IllegalArgumentException("data set " + name + ": attributes of no column " + attributes.keySet());
        }
        dataSet(name, entityType, columns, kinds); // checks the name and the columns
    }

    /** A query whose columns are attributes of the same names. */
    public EntityQuery(String name, String entityType, List<String> attributeNames, Map<String, ColumnKind> kinds, boolean strict) {
        this(name, entityType, attributeNames, sameNames(attributeNames), kinds, strict, null);
    }

    /** A query the user wrote: attributes of unknown kind, refused when the server lacks one. */
    public EntityQuery(String name, String entityType, List<String> attributeNames) {
        this(name, entityType, attributeNames, Map.of(), true);
    }

    /** A preset's query: the attributes in order with their kinds, left out when the server lacks one. */
    static EntityQuery preset(String name, String entityType, Map<String, ColumnKind> kinds) {
        return new EntityQuery(name, entityType, List.copyOf(kinds.keySet()), kinds, false);
    }

    /** The attributes this QUERY asks for, in column order. */
    public List<String> attributeNames() {
        return List.copyOf(attributes.values());
    }

    /** The columns this server does not keep (their cells stay empty). */
    public List<String> absent() {
        return columns.stream().filter(c -> !attributes.containsKey(c)).toList();
    }

    public DataSet dataSet() {
        return dataSet(name, source(), columns, kinds);
    }

    /**
     * Where the figures come from, for test.json and people: the entity type, then the columns read from an attribute
     * named otherwise ({@code name from id}) and those this server does not keep ({@code none: version}).
     */
    public String source() {
        String renamed = attributes.entrySet().stream().filter(e -> !e.getKey().equals(e.getValue()))
                .map(e -> e.getKey() + " from " + e.getValue()).collect(Collectors.joining(", "));
        List<String> absent = absent();
        return entityType + (renamed.isEmpty() ? "" : "; " + renamed) + (absent.isEmpty() ? "" : "; none: " + String.join(", ", absent));
    }

    /**
     * This query as a router of {@code kind} answers it: a router preset's data set from where that kind keeps it;
     * another router's entity type under this kind's prefix; any other type as it is.
     */
    EntityQuery on(RouterKind kind) {
        if (routerPreset != null) {
            return routerPreset.query(kind);
        }
        return RouterKind.ofEntityType(entityType)
                .map(written -> withEntityType(kind.entityType(entityType.substring(written.entityType("").length()))))
                .orElse(this);
    }

    /** This query of the same attributes under another entity type's name. */
    EntityQuery withEntityType(String type) {
        return new EntityQuery(name, type, columns, attributes, kinds, strict, routerPreset);
    }

    /** This query without asking for {@code lacking}, attributes the server does not have: their columns stay empty. */
    EntityQuery without(List<String> lacking) {
        Map<String, String> kept = new LinkedHashMap<>(attributes);
        kept.values().removeAll(lacking);
        return new EntityQuery(name, entityType, columns, kept, kinds, strict, routerPreset);
    }

    private static Map<String, String> sameNames(List<String> names) {
        return names.stream().collect(Collectors.toMap(Function.identity(), Function.identity(), (a, b) -> a, LinkedHashMap::new));
    }

    private static DataSet dataSet(String name, String source, List<String> columns, Map<String, ColumnKind> kinds) {
        return new DataSet(name, source, columns, kinds);
    }
}
