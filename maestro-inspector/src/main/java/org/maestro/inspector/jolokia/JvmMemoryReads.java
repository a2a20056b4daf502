package org.maestro.inspector.jolokia;

import com.fasterxml.jackson.databind.JsonNode;
import org.maestro.common.runfiles.ColumnKind;
import org.maestro.inspector.DataSet;
import org.maestro.inspector.Sample;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code jvm-memory} data set: one row for the heap, one for non-heap memory, then one per memory pool
 * (eden, survivor, old/tenured, metaspace, code cache...; the names depend on the collector), each with
 * init, committed, max and used bytes (max -1 when unbounded).
 */
final class JvmMemoryReads {
    static final DataSet DATA_SET = new DataSet("jvm-memory", "java.lang:type=Memory, java.lang:type=MemoryPool,name=*",
            ColumnKind.columns().key("area").identity("kind").gauge("initBytes", "committedBytes", "maxBytes", "usedBytes").build());

    private JvmMemoryReads() {
    }

    static List<JolokiaRead> reads() {
        return List.of(new Totals(), new Pools());
    }

    private static List<String> row(String area, String kind, JsonNode usage) {
        return Sample.row(area, kind, JsonValues.text(usage.get("init")), JsonValues.text(usage.get("committed")),
                JsonValues.text(usage.get("max")), JsonValues.text(usage.get("used")));
    }

    /** Heap and non-heap totals. */
    private static final class Totals implements JolokiaRead {
        public DataSet dataSet() {
            return DATA_SET;
        }

        public String mbean() {
            return "java.lang:type=Memory";
        }

        public List<String> attributes() {
            return List.of("HeapMemoryUsage", "NonHeapMemoryUsage");
        }

        public List<List<String>> rows(JsonNode value) {
            return List.of(row("heap", "heap", value.path("HeapMemoryUsage")),
                    row("non-heap", "non-heap", value.path("NonHeapMemoryUsage")));
        }
    }

    /** Every memory pool, sorted by name. */
    private static final class Pools implements JolokiaRead {
        public DataSet dataSet() {
            return DATA_SET;
        }

        public String mbean() {
            return "java.lang:type=MemoryPool,name=*";
        }

        public List<String> attributes() {
            return List.of("Usage", "Type");
        }

        public List<List<String>> rows(JsonNode value) {
            Map<String, List<String>> sorted = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> pool = it.next();
                String name = MBeanNames.key(pool.getKey(), "name");
                String kind = "HEAP".equals(pool.getValue().path("Type").asText()) ? "heap" : "non-heap";
                sorted.put(name, row(name, kind, pool.getValue().path("Usage")));
            }
            return new ArrayList<>(sorted.values());
        }
    }
}
