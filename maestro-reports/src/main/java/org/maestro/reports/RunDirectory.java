package org.maestro.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

import org.maestro.results.reduce.RateLogTally;
import org.maestro.results.reduce.RunReduction;
import org.maestro.results.PeerHost;
import org.maestro.results.Summary;
import org.maestro.results.reduce.WarmupBoundary;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.runfiles.TestJson;

/**
 * A run directory as the client writes it: summary.json, and a directory per peer under {@code peers/}.
 * Peers named in summary.json without a directory are kept (their files were not collected).
 */
public final class RunDirectory {
    public final Path dir;
    public final Summary summary;
    public final List<PeerDir> peers;
    /** What its workers' test.json files say: boundaries, routes, the origin (summary.json's, else derived). */
    public final RunReduction.Frame frame;

    private RunDirectory(Path dir, Summary summary, List<PeerDir> peers, RunReduction.Frame frame) {
        this.dir = dir;
        this.summary = summary;
        this.peers = peers;
        this.frame = frame;
    }

    public static RunDirectory open(Path dir) throws ReportException {
        if (!Files.isDirectory(dir)) {
            throw new ReportException("run directory " + dir + " does not exist or is not a directory");
        }
        Path summaryFile = dir.resolve(RunLayout.SUMMARY_JSON);
        if (!Files.isRegularFile(summaryFile)) {
            throw new ReportException("run directory " + dir + " has no summary.json (nor incremental.json): "
                    + "not a Maestro run directory");
        }
        Summary summary;
        try {
            summary = Summary.read(summaryFile);
        } catch (IOException e) {
            throw new ReportException(e.getMessage(), e);
        }
        Map<String, Summary.PeerResult> named = new HashMap<>();
        for (Summary.PeerResult p : summary.peers()) {
            named.put(p.name(), p);
        }
        List<PeerDir> peers = new ArrayList<>();
        Path peersDir = RunLayout.peersDir(dir);
        try {
            if (Files.isDirectory(peersDir)) {
                try (Stream<Path> list = Files.list(peersDir)) {
                    for (Path p : list.filter(Files::isDirectory).sorted().toList()) {
                        peers.add(PeerDir.read(p, named.remove(p.getFileName().toString())));
                    }
                }
            }
            for (Summary.PeerResult s : summary.peers()) {
                if (named.containsKey(s.name())) {
                    peers.add(PeerDir.read(peersDir.resolve(s.name()), s));
                }
            }
        } catch (IOException e) {
            throw new ReportException("cannot read the peers of run directory " + dir + ": " + e.getMessage(), e);
        }
        return new RunDirectory(dir, summary, peers, frame(summary, peers));
    }

    /**
     * The run's frame, the same for the report and the comparison: its senders and receivers with their routes as
     * summary.json's routes name them, and the origin summary.json holds (derived by the frame's rule when an older
     * summary.json lacks it; then the run's start is the last resort).
     */
    private static RunReduction.Frame frame(Summary summary, List<PeerDir> peers) {
        Map<String, String> routeOf = new HashMap<>();
        summary.routes().forEach(r -> r.peers().forEach(p -> routeOf.put(p, r.name())));
        Map<String, Long> offsets = PeerHost.offsetsMicros(summary.peerHosts());
        List<WarmupBoundary.Worker> workers = peers.stream().filter(p -> p.isSender() || p.isReceiver())
                .map(p -> new WarmupBoundary.Worker(p.name(), p.isSender(), routeOf.get(p.name()), p.dir(),
                        offsets.getOrDefault(p.name(), 0L))).toList();
        Map<String, TestJson.Worker> tests = new HashMap<>();
        peers.stream().filter(p -> p.worker() != null).forEach(p -> tests.put(p.name(), p.worker()));
        long written = Json.epochMicros(summary.origin());
        return RunReduction.Frame.of(workers, tests, written >= 0 ? written : null, Math.max(0, Json.epochMicros(summary.start())));
    }

    /**
     * The run's workers' files reduced: counts per {@code bucketSeconds} from the origin, each HDR interval told to the
     * listener {@code intervals} makes of the rate logs' reduction ({@link RunReduction#read}).
     */
    public RunReduction reduce(int bucketSeconds, Function<Map<String, RateLogTally>, RunReduction.Intervals> intervals)
            throws IOException {
        return RunReduction.read(frame, bucketSeconds, intervals);
    }

    /** The origin of the run's time axis ({@link RunReduction.Frame#originMicros}), epoch microseconds. */
    public long originMicros() {
        return frame.originMicros();
    }

    /** The test's name, else the directory's. */
    public String name() {
        return summary.name() == null ? dir.getFileName().toString() : summary.name();
    }
}
