package org.maestro.client.artemis;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The process of a broker instance ({@code bin/artemis run}): started and waited for until it serves, stopped or
 * killed with everything under it, and never outliving the JVM (a shutdown hook kills it as a last resort). Also the
 * brokers of the instance that someone else started (an agent's restart handler), found by their command line.
 */
final class BrokerProcess {

    private static final Logger LOG = LoggerFactory.getLogger(BrokerProcess.class);
    private static final long POLL_INTERVAL_MILLIS = 100;

    private final Path instance;
    private final BrokerLog log;
    private final AcceptorProbe probe;
    private Process process;
    private Thread shutdownHook;

    BrokerProcess(Path instance, BrokerLog log, AcceptorProbe probe) {
        this.instance = instance;
        this.log = log;
        this.probe = probe;
    }

    /**
     * Runs {@code bin/artemis run} and waits until the probe says it serves, polling every 100 ms.
     *
     * @return the milliseconds it took to serve
     * @see StandaloneArtemis#start(Duration)
     */
    long start(Duration timeout) throws IOException {
        if (isRunning()) {
            throw new IllegalStateException("Artemis broker " + instance + " is already running");
        }
        if (process != null) {
            LOG.warn("Artemis broker {} had exited by itself with status {}; starting it again", instance, process.exitValue());
            forget();
        }
        log.append("==== " + Instant.now() + " starting: bin/artemis run");
        ProcessBuilder builder = ArtemisScript.processBuilder(instance, log, instance.resolve("bin/artemis").toString(), "run");
        process = builder.start();
        process.getOutputStream().close(); // nothing on its standard input
        Process started = process;
        // At JVM exit also the broker a restart handler started again, detached: it is no child of ours.
        shutdownHook = new Thread(() -> {
            ProcessTree.destroy(started, true);
            detachedBrokers().forEach(ProcessHandle::destroyForcibly);
        }, "kill Artemis broker " + instance.getFileName());
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        long startNanos = System.nanoTime();
        long deadline = startNanos + timeout.toNanos();
        while (!probe.accepts()) {
            if (!process.isAlive()) {
                int status = process.exitValue();
                forget();
                throw new IOException("Artemis broker " + instance + " exited with status " + status
                        + " while starting" + log.tail());
            }
            if (System.nanoTime() - deadline > 0) {
                kill();
                throw new IOException("Artemis broker " + instance + " did not accept connections on " + probe.where()
                        + " within " + timeout.toSeconds() + " s; killed it" + log.tail());
            }
            pause();
        }
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    /** Stops the broker gracefully (SIGTERM), forcibly after 30 s. Does nothing if it is not running. */
    void stop() throws IOException {
        if (process == null) {
            return;
        }
        log.append("==== " + Instant.now() + " stopping (SIGTERM)");
        if (!ProcessTree.destroy(process, false)) {
            LOG.warn("Artemis broker {} did not stop within {} s of SIGTERM; killing it", instance, ProcessTree.STOP_TIMEOUT.toSeconds());
            if (!ProcessTree.destroy(process, true)) {
                throw new IOException("Artemis broker " + instance + " (pid " + process.pid() + ") survived SIGKILL"
                        + " for " + ProcessTree.KILL_TIMEOUT.toSeconds() + " s");
            }
        }
        forget();
    }

    /** Kills the broker (SIGKILL), as a crash would. Does nothing if it is not running. */
    void kill() throws IOException {
        if (process == null) {
            return;
        }
        log.append("==== " + Instant.now() + " killing (SIGKILL)");
        if (!ProcessTree.destroy(process, true)) {
            throw new IOException("Artemis broker " + instance + " (pid " + process.pid() + ") survived SIGKILL for "
                    + ProcessTree.KILL_TIMEOUT.toSeconds() + " s");
        }
        forget();
    }

    boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** See {@link StandaloneArtemis#cpuTime()}. */
    Duration cpuTime() {
        Process p = process;
        if (p == null || !p.isAlive()) {
            return Duration.ZERO;
        }
        return Stream.concat(Stream.of(p.toHandle()), p.toHandle().descendants())
                .map(h -> h.info().totalCpuDuration().orElse(Duration.ZERO)).reduce(Duration.ZERO, Duration::plus);
    }

    /** See {@link StandaloneArtemis#detachedBrokers()}. */
    List<ProcessHandle> detachedBrokers() {
        return ProcessHandle.allProcesses().filter(p -> p.info().arguments().map(args -> {
            for (String a : args) {
                if (a.startsWith("-Dartemis.instance=") && samePath(a.substring("-Dartemis.instance=".length()))) {
                    return true;
                }
            }
            return false;
        }).orElse(false)).toList();
    }

    private boolean samePath(String path) {
        try {
            return Path.of(path).toRealPath().equals(instance.toRealPath());
        } catch (IOException e) {
            return false;
        }
    }

    void stopDetachedBrokers() {
        for (ProcessHandle p : detachedBrokers()) {
            p.destroy();
            try {
                p.onExit().get(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            } catch (ExecutionException | TimeoutException e) {
                p.destroyForcibly();
            }
        }
    }

    private void forget() {
        process = null;
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // The JVM is shutting down: the hook runs anyway and finds the process gone.
            }
            shutdownHook = null;
        }
    }

    private void pause() throws IOException {
        try {
            Thread.sleep(POLL_INTERVAL_MILLIS); // polling interval of a bounded wait
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
            throw new IOException("interrupted while waiting for Artemis broker " + instance + " to start; killed it", e);
        }
    }
}
