package org.maestro.agent.script;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Stops a process and every process below it: SIGTERM to the whole tree, then SIGKILL to what is left
 * after a grace period. The tree is listed before the first signal, since children whose parent died
 * are re-parented and no longer show as its descendants. A process that detached itself before
 * (double fork, setsid) is out of reach.
 */
public final class ProcessTree {
    private static final long POLL_MILLIS = 10;

    private ProcessTree() {
    }

    /** @return how many processes were signalled */
    public static int stop(ProcessHandle root, Duration grace) {
        Set<ProcessHandle> tree = new LinkedHashSet<>(root.descendants().toList());
        tree.add(root);
        List<ProcessHandle> alive = new ArrayList<>(tree.stream().filter(ProcessHandle::isAlive).toList());
        alive.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + grace.toNanos();
        // Bounded polling: onExit() of a process that is not our child polls slowly (up to seconds).
        while (alive.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        Set<ProcessHandle> left = new LinkedHashSet<>(alive);
        if (root.isAlive()) {
            left.addAll(root.descendants().toList());
        }
        left.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        return alive.size();
    }
}
