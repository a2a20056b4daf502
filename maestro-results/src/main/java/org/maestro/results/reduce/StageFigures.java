package org.maestro.results.reduce;

import org.HdrHistogram.Histogram;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.units.RateProfile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.maestro.results.Summary;

/**
 * The figures of each stage of a rate profile, from the run's one {@link Timeline} (rate logs, 100 ms buckets) and the
 * receivers' response-time HDR logs: messages due in the stage (by intended time), the receivers' rate while it ran
 * (by arrival), what of it never arrived, and the response time of the seconds it spans. Warm-up included: a stage is
 * a span of time, whatever part of it is warm-up.
 */
public final class StageFigures {
    private StageFigures() {
    }

    /**
     * Each stage's figures.
     *
     * @param loadStartMicros the senders' start (epoch microseconds): the stages' origin
     * @param receivers       the receivers' directories
     */
    public static List<Summary.StageResult> of(RateProfile profile, Timeline timeline, long loadStartMicros, List<Path> receivers)
            throws IOException {
        long[] bounds = profile.boundariesNanos();
        List<Histogram> response = new ArrayList<>();
        for (int i = 0; i < profile.stages().size(); i++) {
            response.add(new Histogram(3));
        }
        for (Path dir : receivers) {
            HdrIntervalLog.forEachInterval(dir.resolve(PeerFiles.LATENCY_RESPONSE_HLOG), h -> {
                // An interval counts in the stage its middle falls in (intervals are a second long, stages whole seconds).
                long middleMicros = (h.getStartTimeStamp() + h.getEndTimeStamp()) * 1_000 / 2 - loadStartMicros;
                int stage = stageAt(bounds, middleMicros * 1_000);
                if (stage >= 0) {
                    response.get(stage).add(h);
                }
            });
        }
        List<Summary.StageResult> out = new ArrayList<>();
        for (int i = 0; i < profile.stages().size(); i++) {
            RateProfile.Stage stage = profile.stages().get(i);
            long from = loadStartMicros + bounds[i] / 1_000;
            long to = loadStartMicros + bounds[i + 1] / 1_000;
            long sent = sum(timeline, timeline.sentByIntended, from, to);
            long receivedDue = sum(timeline, timeline.receivedByIntended, from, to);
            long arrived = sum(timeline, timeline.receivedByArrival, from, to);
            double seconds = (to - from) / 1e6;
            out.add(Summary.StageResult.builder().index(i + 1).stage(stage.toString()).targetRate(stage.meanPerSecond())
                    .startSeconds(bounds[i] / 1e9).endSeconds(bounds[i + 1] / 1e9).sent(sent).received(arrived)
                    .achievedRate(arrived / seconds).lost(Math.max(0, sent - receivedDue))
                    .responseTime(Summary.Latency.of(response.get(i))).build());
        }
        return out;
    }

    private static int stageAt(long[] bounds, long nanos) {
        for (int i = 0; i + 1 < bounds.length; i++) {
            if (nanos >= bounds[i] && nanos < bounds[i + 1]) {
                return i;
            }
        }
        return -1;
    }

    /** The counts of the buckets from {@code fromMicros} (inclusive) to {@code toMicros} (exclusive). */
    private static long sum(Timeline t, long[] series, long fromMicros, long toMicros) {
        long n = 0;
        for (int b = Math.max(0, t.bucket(fromMicros)); b < Math.min(series.length, t.bucket(toMicros)); b++) {
            n += series[b];
        }
        return n;
    }
}
