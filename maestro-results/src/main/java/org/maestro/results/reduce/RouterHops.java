package org.maestro.results.reduce;

import org.maestro.common.runfiles.CsvReader;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunTopology;
import org.maestro.common.runfiles.TestJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maestro.results.Summary;

/**
 * Each hop's figures from the routers' own counters: for every inspector of a router, the deliveries of each of its
 * links over the run, from its {@code links.csv} (Qpid Dispatch's {@code router.link} entity, the {@code qpid-dispatch}
 * preset): {@code deliveryCount}, and how they were settled, {@code acceptedCount}, {@code releasedCount},
 * {@code modifiedCount}, {@code rejectedCount}, {@code droppedPresettledCount}. A link is named by the inspector's
 * stable {@value PeerFiles#ROUTER_LINK_COLUMN} column ({@code inter-router out to router-3}, {@code maestro.local in}), its
 * rows in one sample (priority lanes, several clients) added up, each entity (its {@code identity}) counted on its own
 * by {@link CounterGrowth}: from 0 when it appeared during the run or its router restarted.
 */
public final class RouterHops {
    /** The link counters a hop has, in {@link Summary.Hop}'s order. */
    static final List<String> COUNTERS = List.of("deliveryCount", "acceptedCount", "releasedCount", "modifiedCount",
            "rejectedCount", "droppedPresettledCount");
    private static final String IDENTITY = "identity";

    private RouterHops() {
    }

    /**
     * The hops of every inspector in {@code inspectorDirs} (peer name to its collected directory) whose data sets hold a
     * router's links; the links that carried no delivery left out, and those of the routers' own protocol
     * ({@value PeerFiles#ROUTER_CONTROL_LINK_TYPE}), which are not the load.
     *
     * @param topology the run's topology (names the router an inspector sampled), or null: the router is then ""
     */
    public static List<Summary.Hop> of(RunTopology topology, Map<String, Path> inspectorDirs) throws IOException {
        List<Summary.Hop> hops = new ArrayList<>();
        for (Map.Entry<String, Path> e : inspectorDirs.entrySet()) {
            Optional<TestJson.Inspector> inspector = inspectorOf(e.getValue());
            if (inspector.isEmpty()) {
                continue;
            }
            for (TestJson.Target target : inspector.get().inspected()) { // an inspector of several routers: each its own
                TestJson.DataSet links = target.dataSets().get(PeerFiles.ROUTER_LINKS_DATA_SET);
                Path csv = links == null ? null : target.directory(e.getValue()).resolve(links.file());
                if (csv == null || !links.columns().contains(PeerFiles.ROUTER_LINK_COLUMN) || !Files.isRegularFile(csv)) {
                    continue;
                }
                String router = routerOf(topology, target);
                linkTotals(csv).forEach((link, totals) -> {
                    Long deliveries = totals.get(COUNTERS.get(0));
                    if (deliveries != null && deliveries > 0 && !link.startsWith(PeerFiles.ROUTER_CONTROL_LINK_TYPE + " ")) {
                        hops.add(new Summary.Hop(router, e.getKey(), link, deliveries, totals.get(COUNTERS.get(1)),
                                totals.get(COUNTERS.get(2)), totals.get(COUNTERS.get(3)), totals.get(COUNTERS.get(4)),
                                totals.get(COUNTERS.get(5))));
                    }
                });
            }
        }
        return List.copyOf(hops);
    }

    /**
     * The router of {@code topology} an inspector's target sampled (by its management URL's host and port), or its
     * target's name when the topology has none at that URL (an inspector of several given by URL), or "".
     */
    public static String routerOf(RunTopology topology, TestJson.Target target) {
        Optional<String> node = topology == null ? Optional.empty()
                : topology.nodeAt(target.managementUrl()).map(RunTopology.Node::name);
        return node.orElse(target.name());
    }

    /** An inspector's test.json, or empty for another peer or an unreadable one (its charts say so). */
    public static Optional<TestJson.Inspector> inspectorOf(Path peerDir) {
        try {
            return TestJson.read(peerDir).filter(t -> t instanceof TestJson.Inspector).map(t -> (TestJson.Inspector) t);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Each link's counters' growth over the file, by link name; a counter the file lacks is absent. */
    public static Map<String, Map<String, Long>> linkTotals(Path csv) throws IOException {
        Map<String, double[]> last = new HashMap<>(); // link and identity -> its counters' last values
        Map<String, double[]> total = new LinkedHashMap<>(); // link -> its counters' growth
        int[] at;
        try (CsvReader r = CsvReader.open(csv)) {
            List<String> header = r.next();
            if (header == null) {
                return Map.of();
            }
            int link = header.indexOf(PeerFiles.ROUTER_LINK_COLUMN);
            int identity = header.indexOf(IDENTITY);
            at = COUNTERS.stream().mapToInt(header::indexOf).toArray();
            if (link < 0) {
                return Map.of();
            }
            String firstStamp = null;
            List<String> row;
            while ((row = r.next()) != null) {
                if (row.size() <= link || !isInstant(row.get(0))) {
                    continue;
                }
                firstStamp = firstStamp == null ? row.get(0) : firstStamp;
                String name = row.get(link).trim();
                String entity = name + "\u0000" + (identity >= 0 && identity < row.size() ? row.get(identity) : "");
                boolean appeared = !row.get(0).equals(firstStamp) && !last.containsKey(entity);
                double[] before = last.computeIfAbsent(entity, x -> nans(COUNTERS.size()));
                double[] sum = total.computeIfAbsent(name, x -> new double[COUNTERS.size()]);
                for (int c = 0; c < at.length; c++) {
                    Double v = at[c] < 0 || at[c] >= row.size() ? null : CounterGrowth.value(row.get(at[c]).trim());
                    if (v != null) {
                        sum[c] += CounterGrowth.between(before[c], v, appeared);
                        before[c] = v;
                    }
                }
            }
        }
        Map<String, Map<String, Long>> out = new LinkedHashMap<>();
        total.forEach((name, sum) -> {
            Map<String, Long> figures = new LinkedHashMap<>();
            for (int c = 0; c < at.length; c++) {
                if (at[c] >= 0) {
                    figures.put(COUNTERS.get(c), Math.round(sum[c]));
                }
            }
            out.put(name, figures);
        });
        return out;
    }

    private static double[] nans(int n) {
        double[] a = new double[n];
        Arrays.fill(a, Double.NaN);
        return a;
    }

    private static boolean isInstant(String text) {
        try {
            Instant.parse(text.trim());
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
