package org.maestro.common.mqtt;

import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.Stats;

/**
 * The MQTT quality of service for each kind of note. Requests, responses and notifications that
 * change the course of a test are sent at least once (QoS 1; peers drop redeliveries by message
 * id); the one-second progress is sent at most once (QoS 0): a lost one is replaced a second later. The last
 * progress of a test (phase done) is replaced by none: it carries the final counts, at least once.
 */
public final class Qos {
    public static final int AT_MOST_ONCE = 0;
    public static final int AT_LEAST_ONCE = 1;

    private Qos() {
    }

    public static int of(Note note) {
        boolean replaced = note.payload() instanceof Payload.Progress p && !Stats.DONE.equals(p.stats().phase());
        return replaced ? AT_MOST_ONCE : AT_LEAST_ONCE;
    }
}
