package org.maestro.client.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.maestro.common.ratelog.RateLogReader;
import org.maestro.common.runfiles.PeerFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The figures of a run directory recomputed from the peers' raw files with readers that are not the results model's:
 * HdrHistogram's own {@link HistogramLogReader} over the {@code .hlog} files and maestro-common's {@link RateLogReader}
 * over the {@code .rlog} files, test.json and sequence-events.csv read as plain JSON and CSV. Each figure is written
 * here from its definition (summary.json's documentation, docs/), not from the code that shows it:
 * <ul>
 *   <li>message counts (sent, received) cover the whole test, warm-up included;</li>
 *   <li>the measured span starts when the run's first sender's warm-up ends (its test.json start plus its actual
 *       warm-up) and ends at a peer's last message; a peer's rate is its messages due in that span over its length,
 *       a receiver's span starting at that end moved to its own clock by summary.json's PING offsets;
 *       totals add the peers' known rates; a rate with no message in the span is unknown (a sum, when no peer's is
 *       known);</li>
 *   <li>latency (response, service time, send delay) merges the intervals of the HDR logs not tagged warm-up; with
 *       no value it is unknown; percentiles in ms with microsecond resolution;</li>
 *   <li>duplicated and out of order are the receivers' sequence-events.csv rows; on a queue, lost is what was sent and
 *       never arrived: sent - (received - duplicated);</li>
 *   <li>a route's figures are those of its own peers (test.json's group).</li>
 * </ul>
 * A peer whose directory or test.json was not collected has unknown figures, and so has every sum that needs it.
 */
final class IndependentFigures {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String UNKNOWN = "unknown";

    /** One latency distribution; null fields never: an empty one is {@link #known()} false. */
    record Lat(Histogram h) {
        boolean known() {
            return h.getTotalCount() > 0;
        }

        /** Percentile {@code q} (100 = max) in ms to three decimals, or "unknown". */
        String ms(double q) {
            if (!known()) {
                return UNKNOWN;
            }
            long micros = q >= 100 ? h.getMaxValue() : h.getValueAtPercentile(q);
            return String.format(Locale.ROOT, "%.3f", micros / 1000.0);
        }

        String count() {
            return Long.toString(h.getTotalCount());
        }
    }

    /** One sender's or receiver's figures from its files; {@code collected} false: all unknown. */
    record Peer(String name, String role, String group, boolean collected, long startMicros, long warmupMicros,
                long messages, long lastMicros, Lat response, Lat service, Lat delay, long duplicated,
                long outOfOrder, List<long[]> records) {
        boolean sender() {
            return role.equals("sender");
        }
    }

    /** Sums over a set of peers (the run's, or one route's). */
    record Sums(String sent, String received, String lost, String duplicated, String outOfOrder, String sendRate,
                String receiveRate, Lat response, Lat service, Lat delay, boolean receiversKnown, boolean sendersKnown) {
        String response(double q) {
            return receiversKnown ? response.ms(q) : UNKNOWN;
        }

        String service(double q) {
            return receiversKnown ? service.ms(q) : UNKNOWN;
        }

        String delay(double q) {
            return sendersKnown ? delay.ms(q) : UNKNOWN;
        }
    }

    final Path dir;
    final Map<String, Peer> peers = new LinkedHashMap<>();
    /** Each worker's warm-up boundary (see {@link #boundary}). */
    private final Map<String, Long> boundaries = new LinkedHashMap<>();
    /** Where each worker's measured span starts on its own clock. */
    private final Map<String, Long> spanStarts = new LinkedHashMap<>();

    private IndependentFigures(Path dir, List<Peer> all, Map<String, Double> offsetsMillis) {
        this.dir = dir;
        all.forEach(p -> peers.put(p.name(), p));
        // The definition (maestro-reports/README.md): a sender's warm-up ends with its own (test.json start + actual
        // warm-up); a receiver's with the earliest of its own route's senders, else the earliest of all senders. That
        // end is on that sender's clock; the span to the receiver's last arrival starts there on the receiver's clock:
        // moved by the two peers' PING offsets (summary.json's peerHosts).
        Map<String, Long> senderEnds = new LinkedHashMap<>();
        for (Peer p : all) {
            if (p.sender() && p.collected() && p.startMicros() > 0) {
                senderEnds.put(p.name(), p.startMicros() + p.warmupMicros());
            }
        }
        Peer earliest = all.stream().filter(s -> senderEnds.containsKey(s.name()))
                .min(Comparator.comparingLong(s -> senderEnds.get(s.name()))).orElse(null);
        for (Peer p : all) {
            Peer from = senderEnds.containsKey(p.name()) ? p : p.sender() ? earliest
                    : all.stream().filter(s -> s.sender() && s.group().equals(p.group()) && senderEnds.containsKey(s.name()))
                    .min(Comparator.comparingLong(s -> senderEnds.get(s.name()))).orElse(earliest);
            long end = from == null ? 0 : senderEnds.get(from.name());
            boundaries.put(p.name(), end);
            spanStarts.put(p.name(), from == null ? 0 : end + Math.round(1000 * (offsetsMillis.getOrDefault(p.name(), 0.0)
                    - offsetsMillis.getOrDefault(from.name(), 0.0))));
        }
    }

    /** Where a worker's measured span starts: messages due at or after it are measured. */
    long boundary(Peer p) {
        return boundaries.getOrDefault(p.name(), 0L);
    }

    /**
     * The origin of the report's time axis, the load's clock (maestro-reports/README.md): the first sender's start,
     * else the first receiver's, else {@code fallbackMicros} (the run's start).
     */
    long loadOriginMicros(long fallbackMicros) {
        for (boolean senders : new boolean[] {true, false}) {
            long first = peers.values().stream().filter(p -> p.collected() && p.sender() == senders && p.startMicros() > 0)
                    .mapToLong(Peer::startMicros).min().orElse(-1);
            if (first > 0) {
                return first;
            }
        }
        return fallbackMicros;
    }

    /**
     * Reads every worker of the run directory {@code run}; {@code expectedPeers} names workers whose directory may
     * be missing (their data was not collected) with their role, e.g. {"receiver-1", "receiver"}.
     */
    static IndependentFigures read(Path run, String[]... expectedPeers) throws IOException {
        List<Peer> all = new ArrayList<>();
        Path peersDir = run.resolve("peers");
        List<String> seen = new ArrayList<>();
        if (Files.isDirectory(peersDir)) {
            try (Stream<Path> dirs = Files.list(peersDir)) {
                for (Path d : dirs.filter(Files::isDirectory).sorted().toList()) {
                    Path testJson = d.resolve(PeerFiles.TEST_JSON);
                    if (!Files.isRegularFile(testJson)) {
                        continue;
                    }
                    JsonNode t = JSON.readTree(testJson.toFile());
                    String role = t.at("/peer/role").asText();
                    if (role.equals("sender") || role.equals("receiver")) {
                        all.add(peer(d, t));
                        seen.add(d.getFileName().toString());
                    }
                }
            }
        }
        for (String[] e : expectedPeers) {
            if (!seen.contains(e[0])) {
                all.add(new Peer(e[0], e[1], e.length > 2 ? e[2] : "", false, 0, 0, 0, 0, new Lat(new Histogram(3)),
                        new Lat(new Histogram(3)), new Lat(new Histogram(3)), 0, 0, List.of()));
            }
        }
        return new IndependentFigures(run, all, clockOffsets(run.resolve("summary.json")));
    }

    /** Each peer's clock offset in ms as summary.json's peerHosts hold it: 0 on the client's clock or when unknown. */
    private static Map<String, Double> clockOffsets(Path summary) throws IOException {
        Map<String, Double> offsets = new LinkedHashMap<>();
        if (Files.isRegularFile(summary)) {
            for (JsonNode h : JSON.readTree(summary.toFile()).path("peerHosts")) {
                JsonNode offset = h.path("clockOffsetMillis");
                offsets.put(h.path("peer").asText(), h.hasNonNull("sameClock") || !offset.isNumber() ? 0 : offset.asDouble());
            }
        }
        return offsets;
    }

    private static Peer peer(Path d, JsonNode t) throws IOException {
        long start = t.path("startEpochMicros").asLong();
        long warmup = t.path("warmupMicros").asLong();
        List<long[]> records = new ArrayList<>();
        try (Stream<Path> files = Files.list(d)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".rlog")).sorted().toList()) {
                try (RateLogReader r = RateLogReader.open(f)) {
                    long fileStart = r.header().testStartEpochMicros();
                    r.forEachRemaining((eta, ata) -> records.add(new long[] {fileStart + eta, fileStart + ata}));
                }
            }
        }
        long dup = 0;
        long ooo = 0;
        Path events = d.resolve(PeerFiles.SEQUENCE_EVENTS_CSV);
        if (Files.isRegularFile(events)) {
            for (String line : Files.readAllLines(events).stream().skip(1).toList()) {
                String kind = line.substring(line.lastIndexOf(',') + 1).trim();
                if (kind.equals("duplicate")) {
                    dup++;
                } else if (kind.equals("out-of-order")) {
                    ooo++;
                }
            }
        }
        return new Peer(d.getFileName().toString(), t.at("/peer/role").asText(), t.at("/peer/group").asText(""), true, start,
                warmup, records.size(), records.stream().mapToLong(r -> r[1]).max().orElse(0),
                measured(d.resolve(PeerFiles.LATENCY_RESPONSE_HLOG)), measured(d.resolve(PeerFiles.LATENCY_SERVICE_HLOG)),
                measured(d.resolve(PeerFiles.SEND_DELAY_HLOG)), dup, ooo, records);
    }

    /** The values of an HDR interval log outside the warm-up, as HdrHistogram's own reader reads them. */
    static Lat measured(Path hlog) throws IOException {
        Histogram all = new Histogram(3);
        if (Files.isRegularFile(hlog)) {
            try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
                for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
                    if (!PeerFiles.WARMUP_TAG.equals(h.getTag())) {
                        all.add((Histogram) h);
                    }
                }
            }
        }
        return new Lat(all);
    }

    /** A peer's messages due in the measured span. */
    long measured(Peer p) {
        long from = boundary(p);
        return p.records().stream().filter(r -> r[0] >= from).count();
    }

    /** A peer's rate in msg/s over the measured span, unrounded; null when unknown. */
    Double rawRate(Peer p) {
        long measured = measured(p);
        double seconds = (p.lastMicros() - spanStarts.getOrDefault(p.name(), 0L)) / 1e6;
        return !p.collected() || measured == 0 || seconds <= 0 ? null : measured / seconds;
    }

    String rate(Peer p) {
        return rate(rawRate(p));
    }

    static String rate(Double perSecond) {
        return perSecond == null ? UNKNOWN : String.format(Locale.ROOT, "%.1f", Math.round(perSecond * 10) / 10.0);
    }

    String messages(Peer p) {
        return p.collected() ? Long.toString(p.messages()) : UNKNOWN;
    }

    /** The run's sums. */
    Sums totals() {
        return sums(peers.values().stream().toList());
    }

    /** A route's sums: the peers of its group. */
    Sums route(String group) {
        return sums(peers.values().stream().filter(p -> p.group().equals(group)).toList());
    }

    private Sums sums(List<Peer> of) {
        boolean sendersKnown = of.stream().filter(Peer::sender).allMatch(Peer::collected);
        boolean receiversKnown = of.stream().filter(p -> !p.sender()).allMatch(Peer::collected);
        long sent = 0;
        long received = 0;
        long dup = 0;
        long ooo = 0;
        double sendRate = 0;
        double receiveRate = 0;
        // A peer with nothing in the span adds nothing to the sum; the sum is unknown only when no peer's rate is known.
        boolean sendRateKnown = false;
        boolean receiveRateKnown = false;
        Histogram response = new Histogram(3);
        Histogram service = new Histogram(3);
        Histogram delay = new Histogram(3);
        for (Peer p : of) {
            if (!p.collected()) {
                continue;
            }
            Double r = rawRate(p);
            if (p.sender()) {
                sent += p.messages();
                delay.add(p.delay().h());
                if (r != null) {
                    sendRate += r;
                    sendRateKnown = true;
                }
            } else {
                received += p.messages();
                dup += p.duplicated();
                ooo += p.outOfOrder();
                response.add(p.response().h());
                service.add(p.service().h());
                if (r != null) {
                    receiveRate += r;
                    receiveRateKnown = true;
                }
            }
        }
        String lost = sendersKnown && receiversKnown ? Long.toString(Math.max(0, sent - (received - dup))) : UNKNOWN;
        return new Sums(sendersKnown ? Long.toString(sent) : UNKNOWN, receiversKnown ? Long.toString(received) : UNKNOWN, lost,
                receiversKnown ? Long.toString(dup) : UNKNOWN, receiversKnown ? Long.toString(ooo) : UNKNOWN,
                sendersKnown && sendRateKnown ? rate(sendRate) : UNKNOWN, receiversKnown && receiveRateKnown ? rate(receiveRate) : UNKNOWN,
                new Lat(response), new Lat(service), new Lat(delay), receiversKnown, sendersKnown);
    }

    /** Messages per bucket of {@code bucketSeconds} by actual time, from {@code originMicros}: the report's throughput. */
    static Map<Long, Long> perBucket(Peer p, long originMicros, int bucketSeconds) {
        Map<Long, Long> counts = new TreeMap<>();
        for (long[] r : p.records()) {
            counts.merge(Math.floorDiv(r[1] - originMicros, 1_000_000L * bucketSeconds), 1L, Long::sum);
        }
        return counts;
    }

    /**
     * What an agent action starting at {@code startMicros} cost until {@code windowEndMicros}, by its definition (100 ms
     * buckets of the run's timeline from the earliest worker start): {lost, duplicated, out of order, outage ms,
     * recovery ms, stops, last resume ms}; a stop is two empty buckets or more; outage the longest stop's length, 0 when
     * none, -1 when one did not resume; recovery the first whole second after the first stop (or the action's start) with
     * at least 95 % of the target rate, -1 when none; last resume the end of the last stop from the action's start.
     */
    long[] actionCost(long startMicros, long windowEndMicros, long targetPerSecond) throws IOException {
        long bucket = 100_000;
        long origin = peers.values().stream().filter(Peer::collected).mapToLong(Peer::startMicros).min().orElse(0);
        long end = peers.values().stream().filter(Peer::collected).mapToLong(Peer::lastMicros).max().orElse(0);
        int n = (int) Math.max(1, (end - origin) / bucket + 1);
        windowEndMicros = Math.min(windowEndMicros, end);
        long[] sentByEta = new long[n];
        long[] receivedByEta = new long[n];
        long[] receivedByAta = new long[n];
        long[] dupByAta = new long[n];
        long[] oooByAta = new long[n];
        for (Peer p : peers.values()) {
            for (long[] r : p.records()) {
                if (p.sender()) {
                    add(sentByEta, r[0], origin, bucket);
                } else {
                    add(receivedByEta, r[0], origin, bucket);
                    add(receivedByAta, r[1], origin, bucket);
                }
            }
            Path events = dir.resolve("peers").resolve(p.name()).resolve(PeerFiles.SEQUENCE_EVENTS_CSV);
            if (!p.sender() && Files.isRegularFile(events)) {
                for (String line : Files.readAllLines(events).stream().skip(1).toList()) {
                    String[] v = line.split(",");
                    add(v[3].trim().equals("duplicate") ? dupByAta : oooByAta, Long.parseLong(v[0]), origin, bucket);
                }
            }
        }
        int from = (int) Math.max(0, Math.floorDiv(startMicros - origin, bucket));
        int to = (int) Math.min(n, Math.max(from, Math.floorDiv(windowEndMicros - origin, bucket)));
        long lost = 0;
        long dup = 0;
        long ooo = 0;
        for (int i = from; i < to; i++) {
            lost += sentByEta[i] - receivedByEta[i];
            dup += dupByAta[i];
            ooo += oooByAta[i];
        }
        lost = Math.max(0, lost + dup);
        // Every silence of two buckets or more in the window; one that lasts to its end: no resume.
        List<int[]> silences = new java.util.ArrayList<>();
        for (int i = from; i < to; ) {
            if (receivedByAta[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < to && receivedByAta[j] == 0) {
                j++;
            }
            if (j >= to && j - i >= 2) {
                return new long[] {lost, dup, ooo, -1, -1, silences.size() + 1, -1};
            }
            if (j - i >= 2) {
                silences.add(new int[] {i, j});
            }
            i = j;
        }
        long outage = silences.stream().mapToLong(g -> (origin + g[1] * bucket - Math.max(origin + g[0] * bucket, startMicros)) / 1000)
                .max().orElse(0);
        long lastResume = silences.isEmpty() ? 0 : Math.max(0, (origin + silences.get(silences.size() - 1)[1] * bucket - startMicros) / 1000);
        long recovery = -1;
        long needed = (long) Math.ceil(targetPerSecond * 0.95);
        for (int i = silences.isEmpty() ? from : silences.get(0)[1]; targetPerSecond > 0 && i + 10 <= to; i++) {
            long second = 0;
            for (int k = i; k < i + 10; k++) {
                second += receivedByAta[k];
            }
            if (second >= needed) {
                recovery = Math.max(0, (origin + i * bucket - startMicros) / 1000);
                break;
            }
        }
        return new long[] {lost, dup, ooo, outage, recovery, silences.size(), lastResume};
    }

    private static void add(long[] series, long micros, long origin, long bucket) {
        long i = Math.floorDiv(micros - origin, bucket);
        if (i >= 0 && i < series.length) {
            series[(int) i]++;
        }
    }
}
