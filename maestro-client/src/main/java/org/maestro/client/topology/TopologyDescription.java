package org.maestro.client.topology;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What a user writes to name a topology: {@code line 3}, {@code ring 4}, {@code complete 3}, {@code edges 2x3} (2
 * interior routers in a line, each with 3 edge routers: {@link Topology#edges}), or the path of a YAML graph file
 * ({@link TopologyFile}). The one parser behind {@code maestro topology} and a script's
 * {@code -P topology=...}.
 */
public final class TopologyDescription {
    /** The generated shapes, as a user writes them. */
    public static final List<String> SHAPES = List.of("line", "ring", "complete", Topology.EDGES);
    public static final String FORM = "'line N', 'ring N', 'complete N', 'edges IxE' (I interiors, each with E edge routers)"
            + " or a YAML graph file (.yaml, .yml)";

    private TopologyDescription() {
    }

    /** @param baseDir where a relative file name is looked up */
    public static Topology parse(String text, Path baseDir) {
        String t = text == null ? "" : text.trim();
        if (t.isEmpty()) {
            throw new IllegalArgumentException("no topology given: " + FORM);
        }
        String[] words = t.split("\\s+");
        String kind = words[0].toLowerCase(Locale.ROOT);
        if (kind.equals(Topology.EDGES)) {
            return edges(t, words);
        }
        if (SHAPES.contains(kind)) {
            if (words.length != 2) {
                throw new IllegalArgumentException("topology '" + t + "': " + kind + " takes one number of routers, e.g. '"
                        + kind + " 3'");
            }
            int n;
            try {
                n = Integer.parseInt(words[1]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("topology '" + t + "': '" + words[1] + "' is not a number of routers", e);
            }
            return switch (kind) {
                case "line" -> Topology.line(n);
                case "ring" -> Topology.ring(n);
                default -> Topology.complete(n);
            };
        }
        Path file = baseDir.resolve(t);
        if (t.endsWith(".yaml") || t.endsWith(".yml") || Files.isRegularFile(file)) {
            return TopologyFile.read(file);
        }
        throw new IllegalArgumentException("topology '" + t + "': '" + words[0] + "' is not a shape nor a file: " + FORM);
    }

    private static Topology edges(String t, String[] words) {
        String[] counts = words.length == 2 ? words[1].toLowerCase(Locale.ROOT).split("x", -1) : new String[0];
        try {
            if (counts.length == 2) {
                return Topology.edges(Integer.parseInt(counts[0]), Integer.parseInt(counts[1]));
            }
        } catch (NumberFormatException e) {
            // said below, as any other form
        }
        throw new IllegalArgumentException("topology '" + t + "': " + Topology.EDGES + " takes interiors x edges of each,"
                + " e.g. '" + Topology.EDGES + " 2x3' (2 interior routers, each with 3 edge routers)");
    }
}
