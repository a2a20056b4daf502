package org.maestro.inspector;

import org.maestro.common.note.PeerInfo;
import org.maestro.common.runfiles.ColumnKind;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.TestJson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * One test as an inspector samples one management endpoint (a target of its {@link InspectorRun}): a sample at start,
 * one every interval (at a fixed rate on one thread, so reads never overlap and the SUT is asked at most once per
 * interval), and a last one at stop. Each data set goes to its CSV, flushed after every sample; {@code sampling.csv}
 * logs every sample's read time and what was missing. A failing read is logged (once per new reason, then every {@value #REPEAT_WARN_EVERY} samples),
 * counted as missing and retried at the next tick: the test goes on.
 */
public final class InspectorJob {
    static final DataSet SAMPLING = new DataSet(PeerFiles.SAMPLING_DATA_SET, "the inspector itself",
            ColumnKind.columns().gauge("readMillis").identity("outcome", "missingDataSets", "reason").build());
    private static final Logger LOG = LoggerFactory.getLogger(InspectorJob.class);
    private static final int REPEAT_WARN_EVERY = 12;

    /** The peer's name, and the target's when it has several: {@code inspector-1/router-2}, for logs and threads. */
    private final String who;
    private final InspectorOptions options;
    private final Inspector inspector;
    private final String testId;
    private final Path dir;
    private final SampleTally tally;
    private final Map<String, CsvFile> files = new LinkedHashMap<>();
    private final CsvFile sampling;
    private final ScheduledExecutorService ticker;
    private ScheduledFuture<?> schedule;
    private volatile String phase = "starting";
    private String lastReason = "";
    private volatile String lastOutcome = "not taken";
    /** The last sample's numbers, for the peer's /metrics. */
    private volatile List<SutValues.Value> lastValues = List.of();
    private long sameReasonCount;
    /** What the SUT said it is ({@link Inspector#sutVersion}), asked once after the first sample that reached it. */
    private volatile String sutVersion;
    private boolean sutVersionAsked;

    /**
     * Creates {@code dir} and the data sets' files in it; nothing is read yet.
     *
     * @param target the target's name ("" for an inspector of one URL), for logs
     */
    public InspectorJob(PeerInfo peer, String target, InspectorOptions options, String testId, Path dir, Inspector inspector)
            throws IOException {
        this.who = target.isEmpty() ? peer.name() : peer.name() + "/" + target;
        this.options = options;
        this.inspector = inspector;
        this.testId = testId;
        for (DataSet d : inspector.dataSets()) {
            if (d.name().equals(SAMPLING.name())) {
                throw new IllegalArgumentException("a data set may not be named '" + SAMPLING.name() + "': the inspector writes "
                        + SAMPLING.fileName() + " itself");
            }
        }
        this.dir = Files.createDirectories(dir);
        this.tally = new SampleTally(inspector.dataSets());
        try {
            for (DataSet d : inspector.dataSets()) {
                files.put(d.name(), CsvFile.create(dir, d));
            }
            sampling = CsvFile.create(dir, SAMPLING);
        } catch (IOException e) {
            closeFiles();
            throw e;
        }
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, who + "-inspector");
            t.setDaemon(true);
            return t;
        });
    }

    /** Takes the first sample (waiting for it) and schedules the rest; returns a line on how the first went. */
    public String start() throws InterruptedException {
        // The first sample may first check the data sets against the SUT (Inspector.verify), in a read time of its own.
        runOnTicker(this::tick, options.readTimeout().multipliedBy(2).plusSeconds(5));
        phase = "running";
        long intervalMillis = options.interval().toMillis();
        schedule = ticker.scheduleAtFixedRate(this::tick, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
        String first = "first sample " + lastOutcome + (lastReason.isEmpty() ? "" : " (" + lastReason + "); retrying every "
                + options.interval().toMillis() + " ms");
        return inspector.describe() + ": " + first;
    }

    /** Stops sampling after one last sample, closes the files and returns the summary. */
    public String stop() throws InterruptedException {
        if (schedule != null) {
            schedule.cancel(false);
        }
        if (!"done".equals(phase)) {
            runOnTicker(() -> {
                tick();
                closeFiles();
            }, options.readTimeout().plusSeconds(5));
            phase = "done";
        }
        ticker.shutdownNow();
        inspector.close();
        String summary = summary();
        LOG.info("{} ended test {}: {}", who, testId, summary);
        return summary;
    }

    public String summary() {
        return inspector.describe() + ": " + tally.summary() + " (every " + options.interval().toMillis() + " ms); data in " + dir;
    }

    /** Closes the files and ends the thread of a job that was never started (another target's failed to open). */
    void discard() {
        closeFiles();
        ticker.shutdownNow();
    }

    /** starting, running or done. */
    public String phase() {
        return phase;
    }

    /** The SUT's figures of the last sample (empty before the first). */
    public List<SutValues.Value> lastValues() {
        return lastValues;
    }

    /** What the SUT said it is, with its version; null when it did not say (or no sample reached it). */
    public String sutVersion() {
        return sutVersion;
    }

    public SampleTally tally() {
        return tally;
    }

    public String testId() {
        return testId;
    }

    public Path directory() {
        return dir;
    }

    /** One sample: read, write every data set that answered, log what did not. Never throws. */
    private void tick() {
        Instant time = Instant.now();
        long t0 = System.nanoTime();
        Map<String, String> failures = new LinkedHashMap<>();
        Sample sample = null;
        try {
            sample = inspector.sample();
            failures.putAll(sample.failures());
        } catch (InspectorException e) {
            inspector.dataSets().forEach(d -> failures.put(d.name(), e.getMessage()));
        } catch (RuntimeException e) {
            LOG.debug("{}: sample failed", who, e);
            inspector.dataSets().forEach(d -> failures.put(d.name(), "unexpected error: " + e));
        }
        long readMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        tally.record(readMillis, failures);
        lastValues = SutValues.of(inspector.dataSets(), sample);
        if (sample != null && !sutVersionAsked) {
            sutVersionAsked = true;
            sutVersion = inspector.sutVersion().orElse(null);
        }
        String reason = failures.isEmpty() ? "" : describe(failures);
        String outcome = failures.isEmpty() ? "complete" : failures.size() == inspector.dataSets().size() ? "missing" : "partial";
        lastOutcome = outcome;
        try {
            for (DataSet d : inspector.dataSets()) {
                List<List<String>> rows = sample == null ? null : sample.rowsOf(d.name());
                if (rows != null && !failures.containsKey(d.name())) {
                    CsvFile file = files.get(d.name());
                    for (List<String> row : rows) {
                        file.row(time, row);
                    }
                    file.flush();
                }
            }
            sampling.row(time, Sample.row(readMillis, outcome, String.join(" ", failures.keySet()), reason));
            sampling.flush();
        } catch (IOException | RuntimeException e) {
            LOG.error("{}: cannot write the sample to {}: {}", who, dir, e.toString());
        }
        logOutcome(failures);
    }

    private void logOutcome(Map<String, String> failures) {
        if (failures.isEmpty()) {
            if (!lastReason.isEmpty()) {
                LOG.info("{}: {} answers again after {} missing sample(s)", who, inspector.describe(), sameReasonCount);
            }
            lastReason = "";
            sameReasonCount = 0;
            return;
        }
        String reason = describe(failures);
        if (!reason.equals(lastReason)) {
            LOG.warn("{}: sample missing {}: {} (retrying every {} ms; the test goes on)", who, failures.keySet(), reason,
                    options.interval().toMillis());
            lastReason = reason;
            sameReasonCount = 1;
        } else if (++sameReasonCount % REPEAT_WARN_EVERY == 0) {
            LOG.warn("{}: still failing after {} samples: {}", who, sameReasonCount, reason);
        }
    }

    /** The one reason when every data set failed for it, else "data set: reason" for each. */
    private String describe(Map<String, String> failures) {
        if (failures.size() == inspector.dataSets().size() && new HashSet<>(failures.values()).size() == 1) {
            return failures.values().iterator().next();
        }
        return failures.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining("; "));
    }

    private void runOnTicker(Runnable task, Duration timeout) throws InterruptedException {
        try {
            ticker.submit(task).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            LOG.error("{}: sampling task failed: {}", who, e.getCause().toString());
        } catch (TimeoutException e) {
            LOG.warn("{}: a sample took longer than {} ms", who, timeout.toMillis());
        }
    }

    private void closeFiles() {
        for (CsvFile f : files.values()) {
            closeQuietly(f);
        }
        if (sampling != null) {
            closeQuietly(sampling);
        }
    }

    private void closeQuietly(CsvFile f) {
        try {
            f.close();
        } catch (IOException e) {
            LOG.warn("{}: cannot close {}: {}", who, f.path(), e.toString());
        }
    }

    /** Its data sets as test.json lists them, {@code sampling} last. */
    public Map<String, TestJson.DataSet> dataSetsJson() {
        Map<String, TestJson.DataSet> sets = new LinkedHashMap<>();
        for (DataSet d : inspector.dataSets()) {
            sets.put(d.name(), new TestJson.DataSet(d.fileName(), d.source(), d.columns(), d.kinds()));
        }
        sets.put(SAMPLING.name(), new TestJson.DataSet(SAMPLING.fileName(), SAMPLING.source(), SAMPLING.columns(), SAMPLING.kinds()));
        return sets;
    }
}
