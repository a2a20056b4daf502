package org.maestro.client.topology;

import org.maestro.common.router.RouterKind;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a generated topology goes: {@code DIR/<router>/qdrouterd.conf} (or {@code skrouterd.conf}: the kind's
 * {@link RouterKind#confFile()}) for each router (a directory per router, as a router host or a local router process
 * wants it), and the picture as {@code DIR/topology.dot} and {@code DIR/topology.svg}.
 */
public final class TopologyOutput {
    public static final String DOT = "topology.dot";
    public static final String SVG = "topology.svg";

    private TopologyOutput() {
    }

    public static Path confOf(Path dir, String router, RouterKind kind) {
        return dir.resolve(router).resolve(kind.confFile());
    }

    /** Writes every router's configuration for a router of {@code kind}, and the picture; returns the files written. */
    public static List<Path> write(Topology topology, PortPlan ports, RouterKind kind, Path dir) throws IOException {
        List<Path> written = new ArrayList<>();
        for (var e : RouterConf.renderAll(topology, ports, kind).entrySet()) {
            Path conf = confOf(dir, e.getKey(), kind);
            Files.createDirectories(conf.getParent());
            written.add(Files.writeString(conf, e.getValue()));
        }
        written.add(Files.writeString(dir.resolve(DOT), TopologyPicture.dot(topology)));
        written.add(Files.writeString(dir.resolve(SVG), TopologyPicture.svg(topology)));
        return written;
    }
}
