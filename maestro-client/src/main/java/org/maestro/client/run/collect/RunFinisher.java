package org.maestro.client.run.collect;

import org.maestro.results.Summary;
import org.maestro.client.plan.TestPlan;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.runfiles.TestJson;
import org.maestro.common.units.SizeMix;
import org.maestro.common.units.Rate;
import org.maestro.common.units.TestDuration;
import org.maestro.common.util.SafeText;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maestro.client.run.Console;
import org.maestro.client.run.judge.NotRun;
import org.maestro.client.run.discover.PeerDirectory;
import org.maestro.client.run.RemotePeer;
import org.maestro.client.run.judge.RunFilesWriter;
import org.maestro.client.run.publish.RunPages;
import org.maestro.client.run.RunRecord;
import org.maestro.client.run.stop.RunningTests;
import org.maestro.client.run.judge.SummaryBuilder;
import org.maestro.client.run.publish.SummaryTable;

/**
 * {@code maestro collect}: finishes a run whose client could not (killed, or interrupted a second time): ends the
 * test on the peers that still run it (their files are complete only once they closed them), fetches every peer's
 * files, and writes summary.json, junit.xml and report.html, marked interrupted, and the runs' index.html.
 */
public final class RunFinisher {
    private final ControlClient client;
    private final Console console;

    public RunFinisher(ControlClient client, Console console) {
        this.client = client;
        this.console = console;
    }

    /**
     * Finishes the run in {@code runDir}, as its {@code run.json} describes it.
     *
     * @return true when every peer's files arrived
     */
    public boolean finish(Path runDir) throws IOException, TransportException, InterruptedException {
        RunRecord record = RunRecord.read(runDir);
        Path summaryFile = runDir.resolve(RunLayout.SUMMARY_JSON);
        Summary written = Files.isRegularFile(summaryFile) ? Summary.read(summaryFile) : null;
        if (written != null && NotRun.is(written)) {
            // Refused, or stopped before START: its summary already says so, and a rebuild would invent zero figures.
            console.line("test %s did not run (%s): it has no figures; nothing to collect, its %s is kept", record.testId(),
                    String.join("; ", written.reasons()), RunLayout.SUMMARY_JSON);
            return true;
        }
        if (record.peers().isEmpty()) {
            notRun(runDir, record);
            return true;
        }
        return finish(runDir, record, record.peers());
    }

    /** A run whose client ended before any peer was chosen: a summary that says it did not run, and has no figures. */
    private void notRun(Path runDir, RunRecord record) throws IOException {
        console.keepIn(runDir.resolve(RunLayout.CONSOLE_LOG));
        try {
            String why = "its client ended before any peer was chosen: no peer was started, nothing was measured";
            console.line("test %s: %s; nothing to collect", record.testId(), why);
            TestPlan plan = record.plan() != null ? record.plan() : planFromPeers(runDir, record.testId(), List.of());
            Summary summary = NotRun.summary(plan, record.testId(), record.start(), runDir, List.of(why), List.of(),
                    Summary.INTERRUPTED);
            RunFilesWriter.write(summary, runDir);
            SummaryTable.print(summary, console);
            RunPages.report(runDir, console);
            RunPages.index(runDir.toAbsolutePath().getParent(), runDir, console);
        } finally {
            console.close();
        }
    }

    /**
     * Finishes test {@code testId} from what its peers say: its run directory becomes {@code runsDir/testId} (the one
     * the client made, when it is there), its plan what the peers' test.json files hold (no criteria).
     */
    public Path finish(Path runsDir, String testId) throws IOException, TransportException, InterruptedException {
        Path runDir = runsDir.resolve(testId);
        if (Files.isRegularFile(runDir.resolve(RunLayout.RUN_JSON))) {
            finish(runDir);
            return runDir;
        }
        List<PeerInfo> peers = new ArrayList<>();
        List<PeerInfo> found = PeerDirectory.discover(client, Duration.ofSeconds(2)).stream().map(PingResult::peer)
                .filter(p -> p.role() != Role.AGENT).toList();
        RemotePeer.statsEach(client, found, Duration.ofSeconds(3)).forEach((p, s) -> {
            if (testId.equals(s.testId())) {
                peers.add(p);
            }
        });
        if (peers.isEmpty()) {
            throw new IOException("no peer on " + RunRecord.shown(client.broker()) + " ran test " + SafeText.of(testId)
                    + " last (a peer tells only its latest test): nothing to collect");
        }
        Files.createDirectories(runDir);
        RunRecord record = new RunRecord(testId, RunRecord.shown(client.broker()), "", null, peers);
        finish(runDir, record, peers);
        return runDir;
    }

    private boolean finish(Path runDir, RunRecord record, List<PeerInfo> peers) throws IOException, TransportException,
            InterruptedException {
        console.keepIn(runDir.resolve(RunLayout.CONSOLE_LOG));
        try {
            console.line("");
            console.line("maestro collect: test %s, %d peer(s), at %s", record.testId(), peers.size(), Instant.now());
            List<PeerInfo> stopped = RunningTests.stop(client, peers, record.testId(), console::line);
            Map<String, Stats> finalStats = new LinkedHashMap<>();
            Map<String, String> dataMissing = new LinkedHashMap<>();
            RemotePeer.statsEach(client, peers, Duration.ofSeconds(3)).forEach((p, s) -> {
                if (record.testId().equals(s.testId())) {
                    finalStats.put(p.id(), s);
                }
            });
            dataMissing.putAll(Collector.collectAll(client, peers, record.testId(), runDir, console));
            TestPlan plan = record.plan() != null ? record.plan() : planFromPeers(runDir, record.testId(), peers);
            String why = stopped.isEmpty() ? "its client ended before the test did; the peers' files were collected later by"
                    + " maestro collect" : "its client ended before the test did; maestro collect stopped "
                    + String.join(", ", stopped.stream().map(PeerInfo::name).toList()) + " and collected the files";
            Summary summary = SummaryBuilder.build(plan, record.testId(), record.start(), peers, runDir,
                    new SummaryBuilder.Observed(Map.of(), finalStats, Map.of(), dataMissing, List.of(why), List.of(), List.of(),
                            List.of())).interrupted();
            RunFilesWriter.write(summary, runDir);
            console.line("");
            SummaryTable.print(summary, console);
            console.line("run directory: %s", runDir.toAbsolutePath());
            RunPages.report(runDir, console);
            RunPages.index(runDir.toAbsolutePath().getParent(), runDir, console);
            return dataMissing.isEmpty();
        } finally {
            console.close();
        }
    }

    /** A plan for the summary when the client's is not at hand: what the peers' test.json files say, no criteria. */
    private static TestPlan planFromPeers(Path runDir, String testId, List<PeerInfo> peers) throws IOException {
        Optional<TestJson.Worker> any = Optional.empty();
        for (PeerInfo p : peers) {
            any = any.or(() -> worker(RunLayout.peerDir(runDir, p.name())));
        }
        int senders = (int) peers.stream().filter(p -> p.role() == Role.SENDER).count();
        int receivers = (int) peers.stream().filter(p -> p.role() == Role.RECEIVER).count();
        TestJson.Worker w = any.orElse(null);
        String name = w == null ? testId : w.testName();
        String url = w == null ? null : w.sendUrl().isEmpty() ? w.receiveUrl() : w.sendUrl();
        return TestPlan.builder().name(name).tags(List.of()).description("").sendUrl(url).receiveUrl(url)
                .messageSize(SizeMix.parse(w == null ? "1KiB" : w.messageSize()))
                .rate(new Rate(w == null ? 0 : w.rate() * Math.max(1, senders)))
                .connections(w == null ? 1 : w.connections())
                .duration(TestDuration.parse(w == null ? "1s" : w.duration()))
                .warmup(w == null ? "0s" : (w.warmupMicros() / 1000) + "ms").senders(senders).receivers(receivers)
                .criteria(List.of()).routes(List.of()).inspectors(List.of()).build();
    }

    private static Optional<TestJson.Worker> worker(Path dir) {
        try {
            return TestJson.worker(dir);
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
