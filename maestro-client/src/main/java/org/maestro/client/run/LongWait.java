package org.maestro.client.run;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A wait that says what it waits for once it lasts: after {@link #FIRST_NOTICE_SECONDS} and then every
 * {@link #NOTICE_EVERY_SECONDS}, a console line "still waiting for ..., N s so far". A wait that ends sooner prints
 * nothing, so a quick run's console stays as it was; a slow one (a loaded host, a peer that does not answer, the
 * collection after Ctrl-C) never looks hung.
 */
public final class LongWait implements AutoCloseable {
    static final long FIRST_NOTICE_SECONDS = 3;
    static final long NOTICE_EVERY_SECONDS = 5;
    private static final ScheduledExecutorService NOTICES = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "long-wait-notices");
        t.setDaemon(true);
        return t;
    });

    private final ScheduledFuture<?> notices;

    private LongWait(Console console, String what) {
        long started = System.nanoTime();
        notices = NOTICES.scheduleAtFixedRate(() -> console.line("still waiting for %s, %d s so far", what,
                        TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started)),
                FIRST_NOTICE_SECONDS, NOTICE_EVERY_SECONDS, TimeUnit.SECONDS);
    }

    /** @param what what the wait is for, e.g. "the files of 500 peers" */
    public static LongWait on(Console console, String what) {
        return new LongWait(console, what);
    }

    @Override
    public void close() {
        notices.cancel(false);
    }
}
