package org.maestro.client.run.watch;

import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Which of each worker's progress notes the last console line showed, so that the next line waits a moment for the
 * next ones. A worker ticks once a second on its own clock and the client prints once a second on its own: under load
 * a note that comes a little after the client's tick was not yet there, and that line repeated the second before's
 * figures ("[21s] send 2042 msg/s (16292)", "[22s] send 2042 msg/s (16292)") and the next skipped one. A line is due
 * at its tick once every sender and receiver still running has told something newer than the last line showed, and
 * at the latest {@link #GRACE_NANOS} after it (a worker that says nothing for longer keeps its last figures).
 */
final class ShownProgress {
    /** How long after its tick a line waits for notes still on their way. */
    static final long GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    /** The elapsed time of the note each worker's figures on the last line came from, by peer id. */
    private final Map<String, Long> shownMillis = new HashMap<>();

    /**
     * Whether every sender and receiver that has told its progress, and has not ended (or said it is done), has told
     * something newer than the last line showed.
     */
    boolean allNew(List<PeerInfo> peers, Map<String, Stats> latest, Predicate<String> ended) {
        for (PeerInfo p : peers) {
            Stats s = latest.get(p.id());
            if ((p.role() != Role.SENDER && p.role() != Role.RECEIVER) || s == null || Stats.DONE.equals(s.phase())
                    || ended.test(p.id())) {
                continue;
            }
            Long shown = shownMillis.get(p.id());
            if (shown != null && s.elapsedMillis() <= shown) {
                return false;
            }
        }
        return true;
    }

    /** Whether the line whose tick was at {@code tickNanos} is due at {@code nowNanos}. */
    boolean due(long tickNanos, long nowNanos, List<PeerInfo> peers, Map<String, Stats> latest, Predicate<String> ended) {
        return nowNanos >= tickNanos && (nowNanos - tickNanos >= GRACE_NANOS || allNew(peers, latest, ended));
    }

    /** The line printed now showed these notes. */
    void shown(Map<String, Stats> latest) {
        latest.forEach((id, s) -> shownMillis.put(id, s.elapsedMillis()));
    }
}
