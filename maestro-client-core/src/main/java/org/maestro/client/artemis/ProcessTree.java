package org.maestro.client.artemis;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.time.Duration;

/** Ends a process and every process under it (the artemis script and the broker's JVM), within a bound. */
final class ProcessTree {

    /** How long a SIGTERM may take. */
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    /** How long a SIGKILL may take. */
    static final Duration KILL_TIMEOUT = Duration.ofSeconds(10);

    private ProcessTree() {
    }

    /**
     * SIGTERM ({@code forcibly} false) or SIGKILL to the process and its descendants, then waits for it.
     *
     * @return whether it exited within the bound (STOP_TIMEOUT for SIGTERM, KILL_TIMEOUT for SIGKILL)
     */
    static boolean destroy(Process p, boolean forcibly) {
        List<ProcessHandle> descendants = p.descendants().toList();
        if (forcibly) {
            descendants.forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        } else {
            descendants.forEach(ProcessHandle::destroy);
            p.destroy();
        }
        long deadline = System.nanoTime() + (forcibly ? KILL_TIMEOUT : STOP_TIMEOUT).toNanos();
        try {
            boolean exited = p.waitFor(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            for (ProcessHandle d : descendants) {
                d.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            return exited;
        } catch (TimeoutException | ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            return false;
        }
    }
}
