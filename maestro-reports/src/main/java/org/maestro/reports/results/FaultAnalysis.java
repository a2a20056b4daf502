package org.maestro.reports.results;

/**
 * What a fault cost, measured on the {@link Timeline}:
 * <ul>
 *   <li>lost: messages due between the action's start and the next action (or the end) that
 *       never arrived (sent minus received, by intended time);</li>
 *   <li>duplicated, out of order: such arrivals in the same window;</li>
 *   <li>outage: from the action's start until messages arrive again after the longest stretch
 *       without any (0 when they never stopped, -1 when they did not resume within the test);</li>
 *   <li>recovery: from the action's start until the receive rate is back within 5 % of the target
 *       for a whole second (-1 when it never was).</li>
 * </ul>
 */
public record FaultAnalysis(long lost, long duplicated, long outOfOrder, long outageMillis, long recoveryMillis) {
    private static final int BUCKETS_PER_SECOND = (int) (1_000_000 / Timeline.BUCKET_MICROS);

    public static FaultAnalysis of(Timeline t, long actionStartMicros, long windowEndMicros, long targetRatePerSecond) {
        int from = Math.max(0, t.bucket(actionStartMicros));
        int to = Math.min(t.size(), Math.max(from, t.bucket(windowEndMicros)));
        long lost = 0;
        long duplicated = 0;
        long outOfOrder = 0;
        for (int i = from; i < to; i++) {
            lost += t.sentByIntended[i] - t.receivedByIntended[i];
            duplicated += t.duplicatedByArrival[i];
            outOfOrder += t.outOfOrderByArrival[i];
        }
        // A duplicate counts once in "received": it must not hide a lost message.
        lost += duplicated;
        // The longest run of empty buckets after the fault, within the window.
        int bestStart = -1;
        int bestLength = 0;
        for (int i = from; i < to; ) {
            if (t.receivedByArrival[i] == 0) {
                int j = i;
                while (j < to && t.receivedByArrival[j] == 0) {
                    j++;
                }
                if (j >= to && j - i >= 2 && hasTraffic(t, from, i)) {
                    // The flow stopped and never came back before the window ended.
                    return new FaultAnalysis(Math.max(0, lost), duplicated, outOfOrder, -1, -1);
                }
                if (j - i > bestLength && j < to) {
                    bestStart = i;
                    bestLength = j - i;
                }
                i = j;
            } else {
                i++;
            }
        }
        // A single empty bucket is normal jitter at low rates; a stop is longer than that.
        long outage = bestLength < 2 ? 0 : (t.micros(bestStart + bestLength) - actionStartMicros) / 1_000;
        long recovery = -1;
        int resumeFrom = bestLength < 2 ? from : bestStart + bestLength;
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
        return new FaultAnalysis(Math.max(0, lost), duplicated, outOfOrder, outage, recovery);
    }

    /** Whether messages were still expected: something was sent for the window after {@code from}. */
    private static boolean hasTraffic(Timeline t, int from, int silentFrom) {
        long sent = 0;
        for (int i = from; i < t.size(); i++) {
            sent += t.sentByIntended[i];
        }
        return sent > 0 && silentFrom >= from;
    }
}
