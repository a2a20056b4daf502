package org.maestro.reports.page;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.runfiles.RunTopology;
import org.maestro.common.runfiles.TestJson;
import org.maestro.reports.PeerDir;
import org.maestro.reports.RunDirectory;

/** The report's topology section (part of {@link ReportData}). */
final class TopologySection {
    private TopologySection() {
    }

    /**
     * The topology the client started (topology.json), its picture (topology.svg, inlined) and, for each node, the
     * peers that used it: senders and receivers by their URLs, inspectors by their management URL, and the agent beside
     * it (whose handlers restart it) as topology.json names it.
     */
    static void add(RunDirectory run, RunTopology topology, ObjectNode root) throws IOException {
        if (topology == null) {
            return;
        }
        ObjectNode t = root.putObject("topology");
        t.put("description", topology.description());
        t.put("router", topology.router());
        t.put("sendsOn", topology.sendsOn());
        t.put("receivesOn", topology.receivesOn());
        Path svg = run.dir.resolve(RunTopology.PICTURE);
        if (Files.isRegularFile(svg)) {
            t.put("svg", Files.readString(svg));
        }
        Map<String, ArrayNode> users = new LinkedHashMap<>();
        ArrayNode nodes = t.putArray("nodes");
        for (RunTopology.Node n : topology.nodes()) {
            ObjectNode o = nodes.addObject();
            o.put("name", n.name());
            o.put("kind", n.kind());
            o.put("url", n.url());
            String log = RunLayout.routerLog(n.name()); // a router --local started: its log, kept in the run directory
            if (Files.isRegularFile(run.dir.resolve(log))) {
                o.put("log", log);
            }
            users.put(n.name(), o.putArray("peers"));
            if (n.agent() != null) {
                users.get(n.name()).addObject().put("peer", n.agent()).put("role", "agent").put("what", "acts on");
            }
        }
        ArrayNode links = t.putArray("links");
        topology.links().forEach(l -> links.addObject().put("from", l.from()).put("to", l.to()).put("cost", l.cost()));
        for (PeerDir p : run.peers) {
            Optional<TestJson> test;
            try {
                test = TestJson.read(p.dir());
            } catch (IOException e) {
                continue; // not collected or unreadable: it used no router the report can tell
            }
            List<String[]> uses = new ArrayList<>(); // {url, what}
            test.flatMap(TestJson::asWorker).ifPresent(w -> uses.add(p.isSender() ? new String[] {w.sendUrl(), "sends"}
                    : new String[] {w.receiveUrl(), "receives"}));
            test.filter(x -> x instanceof TestJson.Inspector).map(x -> (TestJson.Inspector) x)
                    .ifPresent(i -> i.inspected().forEach(target -> uses.add(new String[] {target.managementUrl(), "inspects"})));
            for (String[] use : uses) {
                topology.nodeAt(use[0]).ifPresent(n -> users.get(n.name()).addObject().put("peer", p.name()).put("role", p.role())
                        .put("what", use[1]));
            }
        }
    }
}
