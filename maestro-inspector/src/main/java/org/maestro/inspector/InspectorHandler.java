package org.maestro.inspector;

import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.maestro.common.metrics.MetricLabels;
import org.maestro.common.metrics.MetricNames;
import org.maestro.common.metrics.TestFigures;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.peer.DataKeys;
import org.maestro.common.peer.GivenOptions;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.List;

/**
 * What an inspector peer does with its notes: SET gathers and checks options; START_INSPECTOR opens an
 * inspector of the type it names (or SET's), takes a first sample and keeps sampling (answering OK even when
 * the SUT does not answer yet: that is counted as missing samples, and the test goes on); STOP_INSPECTOR takes
 * a last sample, closes the files and sends NOTIFY_SUCCESS with the counts. STATS: {@code messages} = samples,
 * {@code lost} = missing samples. After a test the peer stays up for the next one.
 */
public final class InspectorHandler implements PeerHandler {
    private static final Logger LOG = LoggerFactory.getLogger(InspectorHandler.class);

    private final Path dataDir;
    private final String dataUrl;
    private final GivenOptions<InspectorOptions> options = new GivenOptions<>(InspectorOptions::parse);
    private volatile InspectorRun current;
    private volatile InspectorRun last;

    /** @param dataUrl the URL of this peer's data server ("" when it has none) */
    public InspectorHandler(Path dataDir, String dataUrl) {
        this.dataDir = dataDir;
        this.dataUrl = dataUrl;
    }

    @Override
    public Payload handle(Note request, Peer peer) throws Exception {
        return switch (request.command()) {
            case SET -> options.apply((Payload.SetOptions) request.payload());
            case START_INSPECTOR -> start(((Payload.StartInspector) request.payload()).inspectorType(), peer);
            case STOP_INSPECTOR -> stop(peer);
            case STATS -> new Payload.StatsReply(stats());
            case FLUSH -> new Payload.Ok("inspector CSV files are flushed after every sample");
            case GET -> get((Payload.Get) request.payload());
            default -> throw PeerHandler.unsupported(request, peer);
        };
    }

    private Payload start(String type, Peer peer) throws Exception {
        if (current != null) {
            throw new IllegalStateException("test " + current.testId() + " is still being inspected; maestro stop --broker URL"
                    + " --test-id " + current.testId() + " ends it");
        }
        InspectorOptions o = options.parsed().forStart(type);
        InspectorRun run = InspectorRun.open(peer.info(), o, dataDir);
        current = run;
        String first = run.start();
        return new Payload.Ok(first + "; sampling every " + o.interval().toMillis() + " ms into " + run.directory());
    }

    private Payload stop(Peer peer) throws InterruptedException {
        InspectorRun run = current;
        if (run == null) {
            return new Payload.Ok("no inspection running");
        }
        String summary = run.stop();
        last = run;
        current = null;
        peer.notifyClient(new Payload.NotifySuccess(run.testId(), summary));
        return new Payload.Ok(summary);
    }

    @Override
    public void registerMetrics(PrometheusRegistry registry) {
        new TestFigures<InspectorRun>(registry, () -> current != null ? current : last, InspectorRun::testId)
                .phase(j -> j.stats().phase())
                .counter(MetricNames.INSPECTOR_SAMPLES, "Samples taken of the SUT's management", InspectorRun::samples)
                .counter(MetricNames.INSPECTOR_SAMPLES_MISSING, "Samples that lacked at least one data set (a read failed)",
                        InspectorRun::missing)
                .counter(MetricNames.INSPECTOR_READ_TIME, "Time spent reading the SUT's management, all samples added up",
                        j -> j.readMillisTotal() / 1000.0);
        GaugeWithCallback.builder().name(MetricNames.SUT_VALUE)
                .help("The SUT's own figures as the last sample read them: each number of a gauge or counter column of a data set,"
                        + " per entity (a queue, an address; \"\" for one-row data sets such as os; TARGET/entity when it samples several)")
                .labelNames(MetricLabels.TEST_ID, MetricLabels.DATA_SET, MetricLabels.ENTITY, MetricLabels.COLUMN)
                .callback(cb -> {
                    InspectorRun run = current != null ? current : last;
                    if (run != null) {
                        for (SutValues.Value v : run.lastValues()) {
                            cb.call(v.value(), run.testId(), v.dataSet(), v.entity(), v.column());
                        }
                    }
                })
                .register(registry);
    }

    private Stats stats() {
        InspectorRun run = current != null ? current : last;
        return run == null ? Stats.idle(Role.INSPECTOR) : run.stats();
    }

    private Payload get(Payload.Get get) {
        InspectorRun run = current != null ? current : last;
        DataKeys data = new DataKeys(dataUrl, (run == null ? dataDir : run.directory()).toString(), run == null ? "" : run.testId());
        return data.reply(get, List.of(), options::redacted);
    }

    /** A halt during a test ends the inspection as STOP_INSPECTOR would, files closed. */
    @Override
    public void close() {
        InspectorRun run = current;
        if (run != null) {
            try {
                LOG.info("halted during test {}: {}", run.testId(), run.stop());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            current = null;
        }
    }
}
