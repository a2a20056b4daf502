package org.maestro.client.run;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Runs a task for each item on at most a bounded number of threads: a hundred peers' files come in parallel, without
 * a hundred downloads (and their buffers) at once on the client or on a host that runs fifty peers.
 */
public final class BoundedParallel {
    /** How many peers' files are fetched, or data servers probed, at once. */
    static final int PEERS_AT_ONCE = 8;

    private BoundedParallel() {
    }

    /**
     * The task's result for each item, in the items' order. The task should not throw: its exception ends the whole
     * call, as an {@link IllegalStateException} naming it.
     */
    public static <T, R> List<R> map(Collection<T> items, String threadName, Function<T, R> task) throws InterruptedException {
        if (items.size() <= 1) {
            return items.stream().map(task).toList();
        }
        AtomicInteger n = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(PEERS_AT_ONCE, items.size()), r -> {
            Thread t = new Thread(r, threadName + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            List<Callable<R>> calls = new ArrayList<>();
            items.forEach(item -> calls.add(() -> task.apply(item)));
            List<R> out = new ArrayList<>();
            for (Future<R> f : pool.invokeAll(calls)) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    throw new IllegalStateException(threadName + " failed: " + e.getCause(), e.getCause());
                }
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }
}
