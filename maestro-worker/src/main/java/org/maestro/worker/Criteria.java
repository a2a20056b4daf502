package org.maestro.worker;

import org.maestro.common.note.TestOptions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The pass/fail criteria a worker checks at the end of a test; each is optional.
 *
 * @param latencyPercentile  response-time percentile to bound (e.g. 99.0), with latencyMax
 * @param latencyMax         null for no latency criterion
 * @param rateMinPercent     achieved rate at least this % of the target; NaN for none
 * @param sendDelayMax       p99 send delay at most this; null for none
 * @param lossMax            at most this many lost; -1 for none
 */
public record Criteria(double latencyPercentile, Duration latencyMax, double rateMinPercent, Duration sendDelayMax,
                       long lossMax) {

    static Criteria parse(Map<String, String> o) {
        Duration latencyMax = WorkerOptions.value(o, TestOptions.CRITERION_LATENCY_MAX, null,
                WorkerOptions::time);
        double percentile = WorkerOptions.value(o, TestOptions.CRITERION_LATENCY_PERCENTILE, "99",
                v -> number(v, 0, 100, "a percentile between 0 and 100"));
        double rate = WorkerOptions.value(o, TestOptions.CRITERION_RATE_MIN_PERCENT, "NaN",
                v -> v.equals("NaN") ? Double.NaN : number(v, 0, 100, "a percentage between 0 and 100"));
        Duration delay = WorkerOptions.value(o, TestOptions.CRITERION_SEND_DELAY_MAX, null,
                WorkerOptions::time);
        long loss = WorkerOptions.value(o, TestOptions.CRITERION_LOSS_MAX, "-1",
                v -> (long) number(v, -1, Long.MAX_VALUE, "a message count (0 or more)"));
        return new Criteria(percentile, latencyMax, rate, delay, loss);
    }

    /** Checks a receiver's figures; returns one line per broken criterion. */
    List<String> checkReceiver(long latencyAtPercentileMicros, long lost) {
        List<String> broken = new ArrayList<>();
        if (latencyMax != null && latencyAtPercentileMicros > latencyMax.toNanos() / 1_000) {
            broken.add(String.format(Locale.ROOT, "p%s response time %.3f ms > %.3f ms", fmt(latencyPercentile),
                    latencyAtPercentileMicros / 1000.0, latencyMax.toNanos() / 1e6));
        }
        if (lossMax >= 0 && lost > lossMax) {
            broken.add("lost " + lost + " message(s) > " + lossMax + " allowed");
        }
        return broken;
    }

    /** Checks a sender's figures; returns one line per broken criterion. */
    List<String> checkSender(double achievedRate, long targetRate, long sendDelayP99Micros) {
        List<String> broken = new ArrayList<>();
        if (!Double.isNaN(rateMinPercent) && targetRate > 0 && achievedRate < targetRate * rateMinPercent / 100.0) {
            broken.add(String.format(Locale.ROOT, "rate %.1f msg/s < %s %% of the %d msg/s target", achievedRate,
                    fmt(rateMinPercent), targetRate));
        }
        if (sendDelayMax != null && sendDelayP99Micros > sendDelayMax.toNanos() / 1_000) {
            broken.add(String.format(Locale.ROOT, "p99 send delay %.3f ms > %.3f ms", sendDelayP99Micros / 1000.0,
                    sendDelayMax.toNanos() / 1e6));
        }
        return broken;
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    private static double number(String v, double min, double max, String what) {
        try {
            double d = Double.parseDouble(v.trim());
            if (d >= min && d <= max) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("'" + v + "' is not " + what);
    }
}
