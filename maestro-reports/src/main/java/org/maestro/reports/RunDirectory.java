package org.maestro.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.maestro.reports.results.Summary;
import org.maestro.common.runfiles.RunLayout;

/**
 * A run directory as the client writes it: summary.json, and a directory per peer under {@code peers/}.
 * Peers named in summary.json without a directory are kept (their files were not collected).
 */
public final class RunDirectory {
    public final Path dir;
    public final Summary summary;
    public final List<PeerDir> peers;

    private RunDirectory(Path dir, Summary summary, List<PeerDir> peers) {
        this.dir = dir;
        this.summary = summary;
        this.peers = peers;
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
        return new RunDirectory(dir, summary, peers);
    }

    /**
     * The origin of the report's time axis, the load's clock: the first sender's start (its test.json), when messages
     * begin. The client counts its live line and schedules the agents' actions ("at 10 s") from the moment every sender
     * has acknowledged START, so an action planned at 10 s is drawn at 10 s, not at 10 s plus the discovery, probe and
     * SET before the load (which the run's start in summary.json includes). Receivers and inspectors started before
     * the senders sit at negative times. Without a sender: the earliest receiver, else the run's start, else the
     * earliest peer.
     */
    public long originMicros() {
        for (java.util.function.Predicate<PeerDir> first : List.<java.util.function.Predicate<PeerDir>>of(PeerDir::isSender,
                PeerDir::isReceiver)) {
            long start = peers.stream().filter(first).mapToLong(PeerDir::startEpochMicros).filter(s -> s >= 0).min().orElse(-1);
            if (start >= 0) {
                return start;
            }
        }
        long start = Json.epochMicros(summary.start());
        if (start >= 0) {
            return start;
        }
        return peers.stream().mapToLong(PeerDir::startEpochMicros).filter(s -> s >= 0).min().orElse(0);
    }

    /** The test's name, else the directory's. */
    public String name() {
        return summary.name() == null ? dir.getFileName().toString() : summary.name();
    }
}
