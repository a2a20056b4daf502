package org.maestro.inspector.amqp;

import org.maestro.common.runfiles.ColumnKind;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.inspector.DataSet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Names a router's links so that a line keeps its name when the router restarts and renumbers them: a link's
 * identity ({@code 12}) says nothing and changes, its address, direction and the router at its other end do not.
 * A data set of a router's link entity gets one more column, {@value #LINK} (its {@link ColumnKind#KEY}, the line's
 * name in the report), made from the link's attributes and the container of its connection:
 * <ul>
 *   <li>a client's link: its address without the router's class prefix and direction, {@code perf in} (the router
 *       receives) or {@code perf out}: every client's links of one address and direction share it;</li>
 *   <li>a link to another router: its type, direction and that router, {@code inter-router out to router-3}
 *       (its priority lanes share it);</li>
 * </ul>
 * The inspector's own links (its management requests and their replies) are left out: they are the inspector, not
 * the load. The report adds up the rows that share a name in one sample.
 */
public final class LinkLabels {
    /** The links data set of the router presets. */
    public static final String LINKS = PeerFiles.ROUTER_LINKS_DATA_SET;
    /** The derived column: the link's stable name. */
    public static final String LINK = PeerFiles.ROUTER_LINK_COLUMN;
    /** Qpid Dispatch's {@code router.link} and skupper-router's. */
    private static final String LINK_TYPE_SUFFIX = ".router.link";
    private static final String CONNECTION_TYPE_SUFFIX = ".connection";

    private LinkLabels() {
    }

    /** Whether {@code query} reads a router's links, and so gets the {@value #LINK} column. */
    static boolean appliesTo(EntityQuery query) {
        return query.entityType().endsWith(LINK_TYPE_SUFFIX);
    }

    /** The connection entity type beside the link type of {@code query}: its containers name the links' far ends. */
    static String connectionType(EntityQuery query) {
        String t = query.entityType();
        return t.substring(0, t.length() - LINK_TYPE_SUFFIX.length()) + CONNECTION_TYPE_SUFFIX;
    }

    /** The data set of a links query: its attributes and the {@value #LINK} key after them. */
    static DataSet dataSet(EntityQuery query) {
        List<String> columns = new ArrayList<>(query.columns());
        columns.add(LINK);
        Map<String, ColumnKind> kinds = new LinkedHashMap<>(query.kinds());
        kinds.put(LINK, ColumnKind.KEY);
        return new DataSet(query.name(), query.source(), columns, kinds);
    }

    /**
     * The rows of a links query with their names appended, the rows of {@code ownContainer}'s connection left out.
     *
     * @param containers each connection's identity to its container (a router's id for a router's connection)
     */
    static List<List<String>> label(EntityQuery query, List<List<String>> rows, Map<String, String> containers,
                                    String ownContainer) {
        List<String> names = query.columns();
        int type = names.indexOf("linkType");
        int dir = names.indexOf("linkDir");
        int addr = names.indexOf("owningAddr");
        int conn = names.indexOf("connectionId");
        List<List<String>> out = new ArrayList<>(rows.size());
        for (List<String> row : rows) {
            String container = conn < 0 ? "" : containers.getOrDefault(row.get(conn), "");
            if (!container.isEmpty() && container.equals(ownContainer)) {
                continue;
            }
            List<String> labelled = new ArrayList<>(row);
            labelled.add(name(at(row, type), at(row, dir), at(row, addr), container));
            out.add(labelled);
        }
        return out;
    }

    /** One link's name from its type, direction ({@code in}: the router receives), owning address and far container. */
    static String name(String linkType, String linkDir, String owningAddr, String container) {
        if (linkType.isEmpty() || "endpoint".equals(linkType)) {
            String address = address(owningAddr);
            return (address.isEmpty() ? "(no address)" : address) + " " + linkDir;
        }
        String toward = "in".equals(linkDir) ? "from" : "to";
        return linkType + " " + linkDir + (container.isEmpty() ? "" : " " + toward + " " + container);
    }

    /**
     * An owning address without the router's prefix: a class letter ({@code M} mobile, {@code L} local, {@code T}
     * topological, {@code R} router, {@code C} and {@code D} link routes, ...) and, for a mobile address, its phase digit.
     */
    static String address(String owningAddr) {
        if (owningAddr.length() < 2) {
            return owningAddr;
        }
        char kind = owningAddr.charAt(0);
        if (kind == 'M' && Character.isDigit(owningAddr.charAt(1))) {
            return owningAddr.substring(2);
        }
        return Character.isUpperCase(kind) ? owningAddr.substring(1) : owningAddr;
    }

    private static String at(List<String> row, int i) {
        return i < 0 || i >= row.size() ? "" : row.get(i);
    }
}
