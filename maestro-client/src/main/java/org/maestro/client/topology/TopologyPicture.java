package org.maestro.client.topology;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A picture of a topology: Graphviz DOT text (for {@code dot -Tpng}) and a self-contained SVG a report can inline.
 * Routers are circles (an edge router's dashed), brokers boxes; a link is labelled with its cost when any link's cost is not the default.
 * The SVG lays a line out in a row and anything else on a circle: enough to see which node is where.
 */
public final class TopologyPicture {
    private static final int NODE_RADIUS = 28;
    private static final int GAP = 110;

    private TopologyPicture() {
    }

    public static String dot(Topology t) {
        StringBuilder out = new StringBuilder("graph \"").append(quoted(t.description())).append("\" {\n");
        out.append("    layout=circo;\n    node [fontname=\"sans-serif\"];\n");
        for (Node n : t.nodes()) {
            out.append("    \"").append(n.name()).append("\" [shape=").append(n instanceof Node.Router ? "circle" : "box")
                    .append(n instanceof Node.Router r && r.edge() ? ", style=dashed" : "")
                    .append(", label=\"").append(label(n).replace("\n", "\\n")).append("\"];\n");
        }
        boolean costs = showCosts(t);
        for (Link l : t.links()) {
            out.append("    \"").append(l.from()).append("\" -- \"").append(l.to()).append('"')
                    .append(costs ? " [label=\"" + l.cost() + "\"]" : "").append(";\n");
        }
        return out.append("}\n").toString();
    }

    public static String svg(Topology t) {
        Map<String, double[]> at = layout(t);
        double width = at.values().stream().mapToDouble(p -> p[0]).max().orElse(0) + NODE_RADIUS + 40;
        double height = at.values().stream().mapToDouble(p -> p[1]).max().orElse(0) + NODE_RADIUS + 40;
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\""
                + " font-family=\"sans-serif\" font-size=\"11\">%n", width, height));
        out.append("<title>").append(xml(t.description())).append("</title>\n");
        boolean costs = showCosts(t);
        for (Link l : t.links()) {
            double[] a = at.get(l.from());
            double[] b = at.get(l.to());
            out.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#555\"/>%n",
                    a[0], a[1], b[0], b[1]));
            if (costs) {
                out.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#a33\">%d</text>%n",
                        (a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - 4, l.cost()));
            }
        }
        for (Node n : t.nodes()) {
            double[] p = at.get(n.name());
            if (n instanceof Node.Router r) {
                out.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"#dde8f5\" stroke=\"#246\"%s/>%n",
                        p[0], p[1], NODE_RADIUS, r.edge() ? " stroke-dasharray=\"4 3\"" : ""));
            } else {
                out.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"#f5e8d5\""
                        + " stroke=\"#642\"/>%n", p[0] - NODE_RADIUS, p[1] - NODE_RADIUS * 0.7, 2 * NODE_RADIUS,
                        (int) (NODE_RADIUS * 1.4)));
            }
            out.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>%n",
                    p[0], p[1] + 4, xml(n.name())));
        }
        return out.append("</svg>\n").toString();
    }

    private static String label(Node n) {
        return n instanceof Node.Broker b ? b.name() + "\n" + String.join(", ", b.addresses()) : n.name();
    }

    private static boolean showCosts(Topology t) {
        return t.links().stream().anyMatch(l -> l.cost() != Link.DEFAULT_COST);
    }

    /** Node centres: in a row when the topology is a line (each node linked to at most two, no cycle), else on a circle. */
    static Map<String, double[]> layout(Topology t) {
        List<String> row = pathOrder(t);
        Map<String, double[]> at = new LinkedHashMap<>();
        double margin = NODE_RADIUS + 20;
        if (row != null) {
            for (int i = 0; i < row.size(); i++) {
                at.put(row.get(i), new double[]{margin + i * GAP, margin});
            }
            return at;
        }
        int n = t.nodes().size();
        double radius = Math.max(GAP, n * GAP / (2 * Math.PI));
        for (int i = 0; i < n; i++) {
            double angle = -Math.PI / 2 + 2 * Math.PI * i / n;
            at.put(t.nodes().get(i).name(), new double[]{margin + radius + radius * Math.cos(angle),
                    margin + radius + radius * Math.sin(angle)});
        }
        return at;
    }

    /** The nodes from one end of the line to the other, or null when the topology is not one line. */
    private static List<String> pathOrder(Topology t) {
        if (t.links().size() != t.nodes().size() - 1) {
            return null;
        }
        String start = null;
        for (Node n : t.nodes()) {
            int degree = t.linksOf(n.name()).size();
            if (degree > 2) {
                return null;
            }
            if (degree <= 1 && start == null) {
                start = n.name();
            }
        }
        List<String> order = new ArrayList<>(List.of(start));
        String previous = null;
        String at = start;
        while (true) {
            String next = null;
            for (Link l : t.linksOf(at)) {
                if (!l.other(at).equals(previous)) {
                    next = l.other(at);
                }
            }
            if (next == null) {
                break;
            }
            order.add(next);
            previous = at;
            at = next;
        }
        return order.size() == t.nodes().size() ? order : null;
    }

    private static String quoted(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
