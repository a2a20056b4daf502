package org.maestro.results.reduce;

import java.util.ArrayList;
import java.util.List;

/**
 * What a fault cost, measured on the {@link Timeline} in the action's window (from its start to the next action's, or
 * the run's last record; the bucket holding the window's end is in it). The flow <em>stops</em> when no message
 * arrives for {@value #STOP_BUCKETS} buckets or more (200 ms; a single empty bucket is jitter at a low rate). A fault
 * may stop the flow more than once: a router on a redundant path stops it briefly when the traffic goes round it, and
 * again when the traffic comes back to it; so the figures are:
 * <ul>
 *   <li>lost: messages due in the window that never arrived (sent minus received, by intended time);</li>
 *   <li>duplicated, out of order: such arrivals in the same window;</li>
 *   <li>stops: how many times the flow stopped in the window;</li>
 *   <li>outage: the longest stop, its own length (0 when the flow never stopped, -1 when it stopped and did not resume
 *       within the window);</li>
 *   <li>last resume: from the action's start until the flow resumed after its last stop, the flow as it then stayed
 *       (0 when it never stopped, -1 when it did not resume; with one stop, the action's start to the end of the
 *       outage; on a redundant path, the traffic's return to the path it had before);</li>
 *   <li>recovery: from the action's start until the receive rate was back within 5 % of the target for a whole
 *       second, after the first stop ended (from the action's start when it never stopped; -1 when it never was, or
 *       there is no target): how soon the traffic flowed in full again, through another path if it had one.</li>
 * </ul>
 * Times are to the timeline's bucket, {@value Timeline#BUCKET_MICROS} µs: a stop's length is its empty buckets (from
 * the action's start when the first began before it), so the outage is never longer than the last resume.
 */
public record FaultAnalysis(long lost, long duplicated, long outOfOrder, long outageMillis, long recoveryMillis, int stops,
                            long lastResumeMillis) {
    private static final int BUCKETS_PER_SECOND = (int) (1_000_000 / Timeline.BUCKET_MICROS);
    /** The fewest empty buckets in a row that make a stop. */
    static final int STOP_BUCKETS = 2;

    /** A stretch of empty buckets {@code [from, to)}; {@code to} is the window's end when the flow did not resume. */
    private record Stop(int from, int to, boolean resumed) {
        /** Its length, from the action's start at the earliest (a stop that began just before it is the fault's from then). */
        long millis(Timeline t, long actionStartMicros) {
            return (t.micros(to) - Math.max(t.micros(from), actionStartMicros)) / 1_000;
        }
    }

    public static FaultAnalysis of(Timeline t, long actionStartMicros, long windowEndMicros, long targetRatePerSecond) {
        int from = Math.max(0, t.bucket(actionStartMicros));
        // The window's end is in it: the last action's window ends at the run's last record, whose bucket must count
        // (without it, a flow that stalled and caught up in that last bucket read as never resumed).
        int to = Math.min(t.size(), Math.max(from, t.bucket(windowEndMicros) + 1));
        long lost = 0;
        long duplicated = 0;
        long outOfOrder = 0;
        for (int i = from; i < to; i++) {
            lost += t.sentByIntended[i] - t.receivedByIntended[i];
            duplicated += t.duplicatedByArrival[i];
            outOfOrder += t.outOfOrderByArrival[i];
        }
        // A duplicate counts once in "received": it must not hide a lost message.
        lost = Math.max(0, lost + duplicated);
        List<Stop> stops = stops(t, from, to, lost > 0);
        if (!stops.isEmpty() && !stops.get(stops.size() - 1).resumed()) {
            return new FaultAnalysis(lost, duplicated, outOfOrder, -1, -1, stops.size(), -1);
        }
        long outage = stops.stream().mapToLong(stop -> stop.millis(t, actionStartMicros)).max().orElse(0);
        long lastResume = stops.isEmpty() ? 0 : (t.micros(stops.get(stops.size() - 1).to()) - actionStartMicros) / 1_000;
        long recovery = -1;
        int resumeFrom = stops.isEmpty() ? from : stops.get(0).to();
        if (targetRatePerSecond > 0) {
            long needed = (long) Math.ceil(targetRatePerSecond * 0.95);
            for (int i = resumeFrom; i + BUCKETS_PER_SECOND <= to; i++) {
                long second = 0;
                for (int k = i; k < i + BUCKETS_PER_SECOND; k++) {
                    second += t.receivedByArrival[k];
                }
                if (second >= needed) {
                    recovery = Math.max(0, (t.micros(i) - actionStartMicros) / 1_000);
                    break;
                }
            }
        }
        return new FaultAnalysis(lost, duplicated, outOfOrder, outage, recovery, stops.size(), Math.max(0, lastResume));
    }

    /**
     * The stops in {@code [from, to)}, in order. A stretch that lasts to the window's end did not resume only if the
     * flow still owed something: a message due while it lasted (its intended time in it), or one lost in the window (a
     * flat-out sender, whose intended time is its send, records nothing while it is blocked). Otherwise the load had
     * ended before the window did (a later action planned after the load): no stop.
     */
    private static List<Stop> stops(Timeline t, int from, int to, boolean anyLost) {
        List<Stop> stops = new ArrayList<>();
        for (int i = from; i < to; ) {
            if (t.receivedByArrival[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < to && t.receivedByArrival[j] == 0) {
                j++;
            }
            boolean resumed = j < to;
            if (j - i >= STOP_BUCKETS && (resumed || anyLost || messagesDue(t, i, j))) {
                stops.add(new Stop(i, j, resumed));
            }
            i = j;
        }
        return stops;
    }

    /** Whether a message sent was due in buckets {@code [from, to)}. */
    private static boolean messagesDue(Timeline t, int from, int to) {
        for (int i = from; i < to; i++) {
            if (t.sentByIntended[i] > 0) {
                return true;
            }
        }
        return false;
    }
}
