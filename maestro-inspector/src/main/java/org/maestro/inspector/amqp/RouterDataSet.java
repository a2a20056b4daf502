package org.maestro.inspector.amqp;

import org.maestro.common.router.RouterKind;
import org.maestro.common.runfiles.ColumnKind;

import java.util.Collections;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A data set of the router presets: the same CSV columns on every {@link RouterKind}, each read from where that kind
 * keeps it. Most entities are the same on both kinds under their own prefix ({@code router.link}); skupper-router
 * moved Qpid Dispatch's router counters and memory from its {@code router} entity to {@code routerMetrics}, which
 * names the router by {@code id}. A column a kind does not keep is left out of its QUERY: its cells stay empty, never 0.
 *
 * @param kinds   the columns in order, with their kinds
 * @param sources where each router kind keeps them (every kind has one)
 */
public record RouterDataSet(String name, Map<String, ColumnKind> kinds, Map<RouterKind, Source> sources) {
    /**
     * Where one router kind keeps a data set's columns.
     *
     * @param entity  its entity type's short name, without the kind's prefix ({@code routerMetrics})
     * @param renamed the attribute behind each column whose attribute is named otherwise ({@code name} is {@code id})
     * @param absent  the columns this kind does not keep
     */
    public record Source(String entity, Map<String, String> renamed, Set<String> absent) {
        public Source {
            renamed = Map.copyOf(renamed);
            absent = Set.copyOf(absent);
        }

        /** This source, keeping none of {@code columns} too. */
        public Source lacking(String... columns) {
            Set<String> more = new HashSet<>(absent);
            more.addAll(List.of(columns));
            return new Source(entity, renamed, more);
        }
    }

    public RouterDataSet {
        kinds = Collections.unmodifiableMap(new LinkedHashMap<>(kinds));
        sources = Collections.unmodifiableMap(new EnumMap<>(sources));
        for (RouterKind k : RouterKind.values()) {
            Source s = sources.get(k);
            if (s == null) {
                throw new IllegalArgumentException("router data set " + name + " says nothing of " + k.product());
            }
            for (String c : union(s.renamed().keySet(), s.absent())) {
                if (!kinds.containsKey(c)) {
                    throw new IllegalArgumentException("router data set " + name + ": " + c + " is not a column");
                }
            }
        }
    }

    /** A data set that every router kind keeps in the same entity under the same attribute names. */
    static RouterDataSet everywhere(String name, String entity, Map<String, ColumnKind> kinds) {
        Map<RouterKind, Source> sources = new EnumMap<>(RouterKind.class);
        for (RouterKind k : RouterKind.values()) {
            sources.put(k, new Source(entity, Map.of(), Set.of()));
        }
        return new RouterDataSet(name, kinds, sources);
    }

    /** This data set with {@code kind}'s columns read from {@code source} instead. */
    RouterDataSet on(RouterKind kind, Source source) {
        Map<RouterKind, Source> changed = new EnumMap<>(sources);
        changed.put(kind, source);
        return new RouterDataSet(name, kinds, changed);
    }

    /** This data set with {@code columns} kept by no router of {@code kind}. */
    RouterDataSet lacking(RouterKind kind, String... columns) {
        return on(kind, sources.get(kind).lacking(columns));
    }

    /** The QUERY that reads this data set from a router of {@code kind}. */
    public EntityQuery query(RouterKind kind) {
        Source s = sources.get(kind);
        Map<String, String> attributes = new LinkedHashMap<>();
        for (String column : kinds.keySet()) {
            if (!s.absent().contains(column)) {
                attributes.put(column, s.renamed().getOrDefault(column, column));
            }
        }
        return new EntityQuery(name, kind.entityType(s.entity()), kinds.keySet().stream().toList(), attributes, kinds, false, this);
    }

    /** The entity type that holds this data set on a router of {@code kind}. */
    public String entityType(RouterKind kind) {
        return kind.entityType(sources.get(kind).entity());
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new HashSet<>(a);
        all.addAll(b);
        return all;
    }
}
