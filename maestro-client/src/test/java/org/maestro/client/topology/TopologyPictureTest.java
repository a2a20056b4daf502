package org.maestro.client.topology;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The picture holds the graph: a node per node, an edge per link, costs where they matter. */
class TopologyPictureTest {
    private static Document svg(Topology t) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(TopologyPicture.svg(t).getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aLineIsDrawnInARowAndARingOnACircle() throws Exception {
        Document line = svg(Topology.line(3));
        assertEquals(3, line.getElementsByTagName("circle").getLength());
        assertEquals(2, line.getElementsByTagName("line").getLength());
        Map<String, double[]> at = TopologyPicture.layout(Topology.line(3));
        assertEquals(at.get("router-1")[1], at.get("router-3")[1], "one row");
        assertTrue(at.get("router-1")[0] < at.get("router-2")[0] && at.get("router-2")[0] < at.get("router-3")[0], "in order");
        Map<String, double[]> ring = TopologyPicture.layout(Topology.ring(4));
        assertTrue(ring.get("router-1")[1] != ring.get("router-2")[1], "not a row");
        assertEquals(6, svg(Topology.complete(4)).getElementsByTagName("line").getLength());
    }

    @Test
    void brokersAreBoxesAndCostsAreShownWhenAnyDiffers() throws Exception {
        Topology t = TopologyFile.parse("g.yaml", RouterConfTest.yaml("""
                nodes: [{name: a}, {name: q, kind: broker}, {name: b}]
                links: [{from: a, to: q}, {from: b, to: q}, {from: b, to: a, cost: 7}]
                """));
        Document d = svg(t);
        assertEquals(1, d.getElementsByTagName("rect").getLength());
        assertEquals(2, d.getElementsByTagName("circle").getLength());
        String dot = TopologyPicture.dot(t);
        assertEquals(3, dot.lines().filter(l -> l.contains(" -- ")).count(), dot);
        assertTrue(dot.contains("\"b\" -- \"a\" [label=\"7\"]"), dot);
        assertTrue(dot.contains("\"q\" [shape=box"), dot);
        assertTrue(!TopologyPicture.dot(Topology.line(2)).contains("label=\"1\""), "all costs default: none shown");
    }
}
