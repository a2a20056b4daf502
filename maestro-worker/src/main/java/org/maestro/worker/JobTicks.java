package org.maestro.worker;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The ticks of every job of this process: a {@code maestro worker --count 250} had 250 ticker threads, each
 * awake a moment a second. A tick writes a second's logs and sends a progress note; two threads keep up with
 * hundreds, and one job's slow disk delays the others' ticks by at most that one write, never their load
 * (a tick's failure is caught in the tick and is that job's alone).
 */
final class JobTicks {
    static final ScheduledThreadPoolExecutor SHARED = shared();

    private JobTicks() {
    }

    private static ScheduledThreadPoolExecutor shared() {
        AtomicInteger n = new AtomicInteger();
        ScheduledThreadPoolExecutor ticks = new ScheduledThreadPoolExecutor(2, r -> {
            Thread t = new Thread(r, "worker-ticks-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        ticks.setRemoveOnCancelPolicy(true); // each job's end cancels its ticks
        return ticks;
    }
}
