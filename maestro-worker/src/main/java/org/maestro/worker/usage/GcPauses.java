package org.maestro.worker.usage;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The garbage collector's pauses in this JVM, told by its GarbageCollectorMXBeans' notifications (one per
 * collection, with its duration): the count, total and longest since the last {@link #take}. Only collectors that
 * stop the application count: the concurrent ones' beans ("… Cycles" of ZGC and Shenandoah, "G1 Concurrent GC")
 * time work done beside the application, not a pause. A notification comes only when a collection ends, so this
 * costs nothing between collections. Durations are milliseconds, as the JVM gives them.
 */
final class GcPauses implements AutoCloseable {
    /** count, total millis, max millis since the last take. */
    private long count;
    private long totalMillis;
    private long maxMillis;
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final NotificationListener listener = this::onNotification;

    /** Listens to every pausing collector of this JVM until {@link #close}. */
    static GcPauses listen() {
        GcPauses pauses = new GcPauses();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (pauses(gc.getName()) && gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(pauses.listener, null, null);
                pauses.emitters.add(emitter);
            }
        }
        return pauses;
    }

    /** Whether a collector of this name stops the application (see the class comment). */
    static boolean pauses(String collectorName) {
        String name = collectorName.toLowerCase(Locale.ROOT);
        return !name.contains("cycles") && !name.contains("concurrent");
    }

    private void onNotification(Notification n, Object handback) {
        if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            recorded(GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData()).getGcInfo().getDuration());
        }
    }

    synchronized void recorded(long millis) {
        count++;
        totalMillis += millis;
        maxMillis = Math.max(maxMillis, millis);
    }

    /** {count, total millis, max millis} since the last call, into {@code into}; starts the next interval. */
    synchronized void take(long[] into) {
        into[0] = count;
        into[1] = totalMillis;
        into[2] = maxMillis;
        count = 0;
        totalMillis = 0;
        maxMillis = 0;
    }

    /** Stops listening: the platform's beans outlive the test, and a JVM of many peers runs many tests. */
    @Override
    public void close() {
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(listener);
            } catch (ListenerNotFoundException ignored) {
                // already gone
            }
        }
        emitters.clear();
    }
}
