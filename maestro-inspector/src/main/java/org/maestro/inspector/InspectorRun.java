package org.maestro.inspector;

import org.maestro.common.note.ManagementTarget;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunJson;
import org.maestro.common.runfiles.TestJson;
import org.maestro.common.util.Passwords;
import org.maestro.common.util.SystemInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * One test as an inspector peer runs it: an {@link InspectorJob} per management target of
 * {@link org.maestro.common.note.TestOptions#MANAGEMENT_URL} (one URL: its files in the peer's directory, as ever;
 * several: each in its own {@link PeerFiles#targetDirectory}), and the test.json that lists them. Each job samples on a
 * thread of its own, so a target that does not answer (a router restarting) delays none of the others: its samples are
 * counted missing and logged in its own {@code sampling.csv} while the others go on.
 */
public final class InspectorRun {
    private static final Logger LOG = LoggerFactory.getLogger(InspectorRun.class);

    private final String testId;
    private final Path dir;
    private final List<ManagementTarget> targets;
    private final List<InspectorJob> jobs;
    private final long startNanos = System.nanoTime();
    private final PeerInfo peer;

    private InspectorRun(PeerInfo peer, String testId, Path dir, List<ManagementTarget> targets, List<InspectorJob> jobs) {
        this.peer = peer;
        this.testId = testId;
        this.dir = dir;
        this.targets = targets;
        this.jobs = jobs;
    }

    /**
     * Opens an inspector per target and checks its data sets against the SUT when it answers, then creates the files;
     * nothing is sampled yet.
     *
     * @throws IllegalArgumentException naming the target whose SUT lacks a data set's attribute
     */
    public static InspectorRun open(PeerInfo peer, InspectorOptions o, Path dataDir) throws IOException {
        String testId = o.testId().isEmpty() ? "test-" + System.currentTimeMillis() : o.testId();
        Path dir = PeerFiles.directory(dataDir, testId, peer.name());
        List<ManagementTarget> targets = o.targets();
        List<Inspector> opened = new ArrayList<>();
        List<InspectorJob> jobs = new ArrayList<>();
        try {
            for (ManagementTarget t : targets) {
                Inspector inspector = o.kind().create(t.url(), o.dataSets(), o.readTimeout());
                opened.add(inspector);
                verify(inspector, peer, t);
            }
            for (int i = 0; i < targets.size(); i++) {
                ManagementTarget t = targets.get(i);
                jobs.add(new InspectorJob(peer, t.name(), o, testId, PeerFiles.targetDirectory(dir, t.name()), opened.get(i)));
            }
            InspectorRun test = new InspectorRun(peer, testId, dir, targets, List.copyOf(jobs));
            test.writeTestJson(peer, o);
            return test;
        } catch (IOException | RuntimeException e) {
            jobs.forEach(InspectorJob::discard);
            opened.forEach(Inspector::close);
            throw e;
        }
    }

    /** Refuses (START fails) a data set the SUT cannot give; when the SUT does not answer yet, the first sample checks. */
    private static void verify(Inspector inspector, PeerInfo peer, ManagementTarget target) {
        try {
            inspector.verify();
        } catch (InspectorException e) {
            LOG.info("{}: cannot check the data sets against {} yet ({}); the first sample that reaches it will",
                    peer.name(), inspector.describe(), e.getMessage());
        } catch (IllegalArgumentException e) {
            throw target.ownDirectory() ? new IllegalArgumentException("target " + target.name() + ": " + e.getMessage(), e) : e;
        }
    }

    /** Takes each target's first sample and schedules the rest; a line per target on how its first went. */
    public String start() throws InterruptedException {
        List<String> firsts = new ArrayList<>();
        for (InspectorJob j : jobs) {
            firsts.add(j.start());
        }
        return String.join("; ", firsts);
    }

    /**
     * Stops every target's sampling after a last sample, closes the files and writes system.json (with what the SUT
     * said it is); returns the summary.
     */
    public String stop() throws InterruptedException {
        for (InspectorJob j : jobs) {
            j.stop();
        }
        writeSystemJson();
        return summary();
    }

    private void writeSystemJson() {
        Map<String, Object> system = SystemInfo.describe(peer);
        String versions = jobs.stream().map(InspectorJob::sutVersion).filter(Objects::nonNull).distinct()
                .collect(Collectors.joining(", "));
        if (!versions.isEmpty()) {
            system.put(SystemInfo.SUT_VERSION, versions);
        }
        try {
            RunJson.write(dir.resolve(PeerFiles.SYSTEM_JSON), system);
        } catch (IOException e) {
            LOG.warn("{}: cannot write {} in {}: {}", peer.name(), PeerFiles.SYSTEM_JSON, dir, e.toString());
        }
    }

    public String summary() {
        return jobs.stream().map(InspectorJob::summary).collect(Collectors.joining("; "));
    }

    /** messages = samples and lost = missing samples, over every target. */
    public Stats stats() {
        return new Stats(testId, Role.INSPECTOR, jobs.get(0).phase(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos),
                samples(), 0, -1, -1, -1, -1, -1, missing(), 0, 0);
    }

    public long samples() {
        return jobs.stream().mapToLong(j -> j.tally().samples()).sum();
    }

    public long missing() {
        return jobs.stream().mapToLong(j -> j.tally().missing()).sum();
    }

    public long readMillisTotal() {
        return jobs.stream().mapToLong(j -> j.tally().readMillisTotal()).sum();
    }

    /**
     * The SUT's figures of each target's last sample; with several targets each entity is prefixed by its target's name
     * ({@code router-2/inter-router out to router-3}), so two routers' links stay apart.
     */
    public List<SutValues.Value> lastValues() {
        List<SutValues.Value> all = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            String target = targets.get(i).name();
            for (SutValues.Value v : jobs.get(i).lastValues()) {
                all.add(target.isEmpty() ? v : new SutValues.Value(v.dataSet(), target + "/" + v.entity(), v.column(), v.value()));
            }
        }
        return all;
    }

    public String testId() {
        return testId;
    }

    /** The peer's directory of this test (each target's files are in it or below it). */
    public Path directory() {
        return dir;
    }

    private void writeTestJson(PeerInfo peer, InspectorOptions options) throws IOException {
        Map<String, String> redacted = new LinkedHashMap<>();
        options.raw().forEach((k, v) -> redacted.put(k, Passwords.redact(v)));
        String url = targets.stream().map(t -> new ManagementTarget(t.name(), Passwords.redact(t.url())))
                .collect(Collectors.collectingAndThen(Collectors.toList(), ManagementTarget::format));
        boolean one = targets.size() == 1 && !targets.get(0).ownDirectory();
        List<TestJson.Target> listed = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            listed.add(new TestJson.Target(targets.get(i).name(), Passwords.redact(targets.get(i).url()), jobs.get(i).dataSetsJson()));
        }
        TestJson.write(dir, TestJson.Inspector.builder().testId(testId).peer(TestJson.Peer.of(peer))
                .start(Instant.now().toString())
                .inspectorType(options.kind().wireName()).managementUrl(url)
                .intervalMillis(options.interval().toMillis())
                .readTimeoutMillis(options.readTimeout().toMillis())
                .dataSets(one ? jobs.get(0).dataSetsJson() : Map.of())
                .options(redacted).targets(one ? null : listed).build());
    }
}
