package org.maestro.inspector.jolokia;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.inspector.DataSet;

import java.util.ArrayList;
import java.util.List;

/**
 * One data set read through Jolokia: the read request that goes into the bulk request, and how its answer
 * becomes rows. An MBean name may be a pattern ({@code name=*}); the answer then maps each matching MBean's
 * name to its attributes, with the keys of the name in whatever order that Jolokia version writes them, so
 * rows are built from the names' key properties, never from their text.
 */
interface JolokiaRead {

    DataSet dataSet();

    /** The MBean name or pattern read. */
    String mbean();

    /** The attributes read; empty for every attribute. */
    List<String> attributes();

    /** Whether an attribute that cannot be read is left out instead of failing the read. */
    default boolean ignoreErrors() {
        return false;
    }

    /** The rows of an answer with status 200, in a stable order. */
    List<List<String>> rows(JsonNode value);

    /** This read as a Jolokia request object. */
    default ObjectNode request() {
        return request(mbean(), attributes(), ignoreErrors());
    }

    /** A Jolokia read request of {@code attributes} (empty: all) of {@code mbean}, a name or a pattern. */
    static ObjectNode request(String mbean, List<String> attributes, boolean ignoreErrors) {
        ObjectNode read = JsonNodeFactory.instance.objectNode();
        read.put("type", "read");
        read.put("mbean", mbean);
        if (!attributes.isEmpty()) {
            read.putArray("attribute").addAll(attributes.stream().map(JsonNodeFactory.instance::textNode).toList());
        }
        if (ignoreErrors) {
            read.putObject("config").put("ignoreErrors", true);
        }
        return read;
    }

    /**
     * The attributes this read asks for that no MBean in {@code value} (an answer with status 200) has: Jolokia
     * leaves out of a pattern read an attribute an MBean lacks, which would otherwise be a silently empty column.
     * Empty when the read asks for every attribute or nothing matched.
     */
    default List<String> lacking(JsonNode value) {
        if (attributes().isEmpty() || !value.isObject() || value.isEmpty()) {
            return List.of();
        }
        List<JsonNode> mbeans = new ArrayList<>();
        if (pattern()) {
            value.elements().forEachRemaining(mbeans::add);
        } else {
            mbeans.add(value);
        }
        return attributes().stream().filter(a -> mbeans.stream().noneMatch(m -> m.has(a))).toList();
    }

    /** Whether {@link #mbean()} is a pattern, whose answer maps MBean names to attribute maps. */
    default boolean pattern() {
        return mbean().indexOf('*') >= 0 || mbean().indexOf('?') >= 0;
    }
}
