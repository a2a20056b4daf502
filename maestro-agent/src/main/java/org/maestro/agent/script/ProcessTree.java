package org.maestro.agent.script;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Stops a process and every process below it in its session: SIGTERM to that tree, then SIGKILL to what is left
 * after a grace period. The tree is listed before the first signal, since children whose parent died are
 * re-parented and no longer show as its descendants.
 * <p>A descendant in a session of its own (a handler started it with {@code setsid}, as the router and broker
 * handlers start the SUT they restart) is the handler's declared long-lived child: it is spared, with all of its
 * session, so that stopping a handler (at its timeout, or because the agent halts at the end of a test) never takes
 * down the SUT it had just brought back. A process that detached itself by a double fork is out of reach anyway.
 * Sessions are read from {@code /proc}; where there is none, every descendant is stopped.
 */
public final class ProcessTree {
    private static final long POLL_MILLIS = 10;

    private ProcessTree() {
    }

    /** @return how many processes were signalled */
    public static int stop(ProcessHandle root, Duration grace) {
        Set<ProcessHandle> tree = new LinkedHashSet<>(inSessionOf(root, root.descendants().toList()));
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
            left.addAll(inSessionOf(root, root.descendants().toList()));
        }
        left.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        return alive.size();
    }

    /** The processes of {@code candidates} in {@code root}'s session (all of them when sessions cannot be read). */
    static List<ProcessHandle> inSessionOf(ProcessHandle root, List<ProcessHandle> candidates) {
        OptionalLong session = sessionOf(root.pid());
        if (session.isEmpty()) {
            return candidates;
        }
        // A process whose session cannot be read has ended meanwhile, or is not ours to judge: it is signalled as before.
        return candidates.stream().filter(p -> sessionOf(p.pid()).orElse(session.getAsLong()) == session.getAsLong()).toList();
    }

    /** The session id of {@code pid}, from {@code /proc/<pid>/stat} (the 6th field); empty when it cannot be read. */
    static OptionalLong sessionOf(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // "pid (comm) state ppid pgrp session ...": comm may hold spaces and parentheses, so count from the last ')'.
            String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return OptionalLong.of(Long.parseLong(after[3]));
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }
}
