package org.maestro.reports.page;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunTopology;
import org.maestro.common.runfiles.TestJson;
import org.maestro.reports.Json;
import org.maestro.reports.PeerDir;
import org.maestro.reports.RunDirectory;
import org.maestro.results.reduce.RouterHops;

/** The report's charts of the inspectors' CSVs (part of {@link ReportData}). */
final class InspectorCharts {
    private final RunTopology topology;
    private final long originMicros;
    private final int bucketSeconds;
    private final ArrayNode charts;
    private final ArrayNode notes;

    private InspectorCharts(RunTopology topology, long originMicros, int bucketSeconds, ArrayNode charts, ArrayNode notes) {
        this.topology = topology;
        this.originMicros = originMicros;
        this.bucketSeconds = bucketSeconds;
        this.charts = charts;
        this.notes = notes;
    }

    /**
     * A chart of rates (counters) and one of levels (gauges) per inspector CSV, each with the series that moved most
     * and a note on what it left out; a CSV where nothing moved gets a line in the notes instead. A chart names the
     * router its inspector sampled (by the run's topology); an inspector of several routers has each router's CSVs in a
     * directory of its own (test.json's targets), charted per router. Each link's deliveries over the run (the hops of a
     * line) are summary.json's {@code hops}.
     */
    static void add(RunDirectory run, RunTopology topology, long originMicros, int bucketSeconds, ArrayNode charts,
            ArrayNode notes) throws IOException {
        InspectorCharts c = new InspectorCharts(topology, originMicros, bucketSeconds, charts, notes);
        for (PeerDir p : run.peers) {
            // Only an inspector's CSVs are data series: a receiver's sequence events, a generator's own CPU (the "Load
            // generators" table) and an agent's handler runs are records shown elsewhere, not charts.
            if (!p.isInspector() || !Files.isDirectory(p.dir())) {
                continue;
            }
            for (TestJson.Target target : c.inspectedTargets(p)) {
                c.inspectorCharts(p, target);
            }
        }
    }

    /** The charts of one target of an inspector (the inspector itself when it sampled one URL). */
    private void inspectorCharts(PeerDir p, TestJson.Target target) throws IOException {
        Path dir = target.directory(p.dir());
        if (!Files.isDirectory(dir)) {
            notes.add(p.name() + ": no files of " + target.name() + " (" + dir.getFileName() + "/ was not collected)");
            return;
        }
        List<Path> csvs;
        try (Stream<Path> files = Files.list(dir)) {
            csvs = files.filter(PeerFiles::isCsv).sorted().toList();
        }
        Map<String, Map.Entry<String, TestJson.DataSet>> dataSets = new HashMap<>();
        target.dataSets().forEach((name, d) -> dataSets.put(d.file(), Map.entry(name, d)));
        NavigableSet<Double> ticks = InspectorCsv.ticks(dir.resolve(PeerFiles.dataSetCsv(PeerFiles.SAMPLING_DATA_SET)),
                originMicros);
        String router = RouterHops.routerOf(topology, target);
        String who = router.isEmpty() ? p.name() : router + " (" + p.name() + ")";
        for (Path csv : csvs) {
            String file = csv.getFileName().toString();
            Map.Entry<String, TestJson.DataSet> named = dataSets.get(file);
            TestJson.DataSet d = named == null ? null : named.getValue();
            String noun = named == null ? "" : named.getKey();
            InspectorCsv c = InspectorCsv.read(csv, d == null ? Map.of() : d.kinds(), noun, originMicros, bucketSeconds, ticks);
            for (InspectorCsv.Chart cc : c.charts) {
                ObjectNode chart = Json.chart(charts, "csv-" + charts.size(), who + ": " + file
                        + (cc.rates() ? ": rates per second (counters)" : ": levels (gauges)"), "time", cc.rates() ? "/s" : "");
                chart.put("inspector", p.name());
                cc.lines().forEach(s -> ((ArrayNode) chart.get("series")).add(Json.series(s)));
                if (!cc.note().isEmpty()) {
                    chart.put("note", cc.note());
                }
            }
            if (c.charts.isEmpty()) {
                notes.add(who + ": " + file + ": nothing charted (" + c.nothing + ")");
            }
        }
    }

    /**
     * What an inspector sampled, by its test.json: its targets (several routers), or itself as one; itself, without data
     * sets, when its test.json is missing or unreadable (said in the notes: its CSV columns' kinds are then guessed).
     */
    private List<TestJson.Target> inspectedTargets(PeerDir p) {
        try {
            Optional<TestJson> test = TestJson.read(p.dir());
            if (test.isPresent() && test.get() instanceof TestJson.Inspector i) {
                return i.inspected();
            }
        } catch (IOException e) {
            notes.add(p.name() + ": " + PeerFiles.TEST_JSON + " is not readable (" + e.getMessage()
                    + "): its CSV columns' kinds are guessed");
        }
        return List.of(new TestJson.Target("", "", Map.of()));
    }
}
