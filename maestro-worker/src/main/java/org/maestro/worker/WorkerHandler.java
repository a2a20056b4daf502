package org.maestro.worker;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.peer.DataKeys;
import org.maestro.common.peer.GivenOptions;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerHandler;
import org.maestro.worker.driver.LoadDriver;
import org.maestro.worker.driver.Protocols;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * What a sender or receiver peer does with its notes: SET gathers and checks options, PREPARE opens
 * the connections (answering INTERNAL_ERROR with the SUT's reason if it cannot), START runs the test from the
 * instant it names (opening the connections first when no PREPARE did), STOP ends it, STATS and the one-second
 * progress report its figures. After a test the worker stays up for the next one.
 */
public final class WorkerHandler implements PeerHandler {
    private final Path dataDir;
    private final Function<LoadDriver.FailureListener, LoadDriver> drivers;
    private final String dataUrl;
    private final GivenOptions<WorkerOptions> options = new GivenOptions<>(WorkerOptions::parse);
    private volatile WorkerJob current;
    private volatile WorkerJob last;
    /** A job whose connections PREPARE opened, waiting for its START; null when none. */
    private WorkerJob prepared;

    /**
     * @param dataUrl the URL of this peer's data server ("" when it has none)
     */
    public WorkerHandler(Path dataDir, String dataUrl) {
        this(dataDir, dataUrl, Protocols::driver);
    }

    WorkerHandler(Path dataDir, String dataUrl, Function<LoadDriver.FailureListener, LoadDriver> drivers) {
        this.dataDir = dataDir;
        this.dataUrl = dataUrl;
        this.drivers = drivers;
    }

    @Override
    public Payload handle(Note request, Peer peer) throws Exception {
        Role role = peer.info().role();
        return switch (request.command()) {
            case SET -> set((Payload.SetOptions) request.payload());
            case PREPARE -> prepare(peer);
            case START_SENDER -> role == Role.SENDER ? start(peer, ((Payload.StartSender) request.payload()).startAtMicros())
                    : refuse(request, peer);
            case START_RECEIVER -> role == Role.RECEIVER ? start(peer, ((Payload.StartReceiver) request.payload()).startAtMicros())
                    : refuse(request, peer);
            case STOP_SENDER, STOP_RECEIVER -> role == (request.command().name().endsWith("SENDER") ? Role.SENDER : Role.RECEIVER)
                    ? stop() : refuse(request, peer);
            case STATS -> new Payload.StatsReply(stats(peer));
            case FLUSH -> flush();
            case GET -> get((Payload.Get) request.payload());
            default -> refuse(request, peer);
        };
    }

    /** New options make a prepared job's connections stale: they are closed. */
    private synchronized Payload set(Payload.SetOptions set) {
        Payload.Ok ok = options.apply(set);
        discardPrepared();
        return ok;
    }

    /** Opens the connections of the test SET; its START comes later. */
    private synchronized Payload prepare(Peer peer) throws Exception {
        refuseWhileRunning();
        discardPrepared();
        WorkerJob job = newJob(peer);
        job.prepare();
        prepared = job;
        WorkerOptions o = options.parsed();
        return new Payload.Ok(peer.info().role().wireName() + " opened " + o.connections() + " connection(s) to "
                + (peer.info().role() == Role.SENDER ? o.sendUrl() : o.receiveUrl()) + " for test " + job.testId());
    }

    /** @param startAtMicros when to begin, on this peer's clock; {@link Payload#AT_ONCE} for now */
    private synchronized Payload start(Peer peer, long startAtMicros) throws Exception {
        refuseWhileRunning();
        WorkerJob run = prepared != null ? prepared : newJob(peer);
        prepared = null;
        IdleHeap.SHARED.began();
        try {
            run.start(() -> {
                last = run;
                current = null;
                IdleHeap.SHARED.ended();
            }, startAtMicros);
        } catch (Exception e) {
            IdleHeap.SHARED.ended();
            throw e;
        }
        current = run;
        WorkerOptions o = options.parsed();
        return new Payload.Ok(peer.info().role().wireName() + " started test " + run.testId() + " with "
                + o.connections() + " connection(s) to " + (peer.info().role() == Role.SENDER ? o.sendUrl() : o.receiveUrl())
                + "; data in " + run.directory());
    }

    private void refuseWhileRunning() {
        if (current != null) {
            throw new IllegalStateException("test " + current.testId() + " is still running; maestro stop --broker URL --test-id "
                    + current.testId() + " ends it");
        }
    }

    private WorkerJob newJob(Peer peer) throws Exception {
        WorkerOptions o = options.parsed();
        WorkerJob[] holder = new WorkerJob[1];
        LoadDriver driver = drivers.apply(reason -> {
            if (holder[0] != null) {
                holder[0].fail(reason);
            }
        });
        WorkerJob job = peer.info().role() == Role.SENDER ? new SenderJob(peer, o, dataDir, driver)
                : new ReceiverJob(peer, o, dataDir, driver);
        holder[0] = job;
        return job;
    }

    private synchronized void discardPrepared() {
        if (prepared != null) {
            prepared.discard();
            prepared = null;
        }
    }

    private Payload flush() throws InterruptedException {
        WorkerJob run = current;
        if (run == null) {
            return new Payload.Ok("no test running: every file is closed");
        }
        if (!run.flush(Duration.ofSeconds(5))) {
            throw new IllegalStateException("a connection of test " + run.testId() + " did not flush within 5 s");
        }
        return new Payload.Ok("test " + run.testId() + ": rate logs flushed");
    }

    private Payload stop() {
        WorkerJob run = current;
        if (run == null) {
            if (prepared != null) {
                discardPrepared();
                return new Payload.Ok("no test running: the prepared connections are closed");
            }
            return new Payload.Ok("no test running");
        }
        run.requestStop();
        return new Payload.Ok("stopping test " + run.testId());
    }

    private Stats stats(Peer peer) {
        WorkerJob run = current != null ? current : last;
        return run == null ? Stats.idle(peer.info().role()) : run.currentStats();
    }

    private Payload get(Payload.Get get) {
        WorkerJob run = current != null ? current : last;
        DataKeys data = new DataKeys(dataUrl, (run == null ? dataDir : run.directory()).toString(), run == null ? "" : run.testId());
        return data.reply(get, List.of(), options::redacted);
    }

    @Override
    public void registerMetrics(PrometheusRegistry registry) {
        WorkerMetrics.register(registry, () -> current != null ? current : last);
    }

    private Payload refuse(Note request, Peer peer) {
        throw PeerHandler.unsupported(request, peer);
    }

    @Override
    public void close() {
        discardPrepared();
        WorkerJob run = current;
        if (run != null) {
            run.fail("the worker was halted during the test");
        }
    }
}
