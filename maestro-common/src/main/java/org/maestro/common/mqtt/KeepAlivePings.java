package org.maestro.common.mqtt;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * The keep-alive pings of every connection in this JVM, on one thread: Paho's default gives each connection a
 * timer thread of its own, and a process may hold many ({@code maestro worker --count 50}). A ping only queues
 * a packet, so one thread keeps up with them all; so does a reconnect nudge (it only starts an attempt).
 */
final class KeepAlivePings {

    static final ScheduledExecutorService PINGS = pings();

    private KeepAlivePings() {
    }

    private static ScheduledExecutorService pings() {
        ScheduledThreadPoolExecutor pings = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "mqtt-keep-alive");
            t.setDaemon(true);
            return t;
        });
        pings.setRemoveOnCancelPolicy(true); // each reconnect and close cancels one
        return pings;
    }
}
