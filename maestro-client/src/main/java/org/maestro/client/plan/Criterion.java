package org.maestro.client.plan;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pass/fail criterion as a scenario writes it: {@code p99 latency < 20 ms},
 * {@code max latency <= 1 s}, {@code p99 send delay < 5 ms}, {@code rate >= 95 %} (of the target),
 * {@code rate >= 900} (msg/s), {@code loss == 0}, {@code loss <= 10}; on the cost of each agent action:
 * {@code outage < 10 s}, {@code recovery <= 20 s} (see {@link #isFault()}).
 *
 * @param metric     latency, send-delay, rate, rate-percent, loss, outage or recovery
 * @param percentile for latency and send-delay (100 = max)
 * @param operator   {@code <}, {@code <=}, {@code >=}, {@code >} or {@code ==}
 * @param bound      microseconds for times, msg/s or percent for rates, messages for loss
 * @param text       as written
 */
public record Criterion(String metric, double percentile, String operator, double bound, String text) {
    private static final Pattern LATENCY = Pattern.compile(
            "(p(\\d+(?:\\.\\d+)?)|max)\\s+(latency|send delay)\\s*(<=|<)\\s*(\\d+(?:\\.\\d+)?)\\s*(us|ms|s)");
    private static final Pattern RATE = Pattern.compile("rate\\s*(>=|>)\\s*(\\d+(?:\\.\\d+)?)\\s*(%|msg/s)?");
    private static final Pattern FAULT = Pattern.compile("(outage|recovery)\\s*(<=|<)\\s*(\\d+(?:\\.\\d+)?)\\s*(us|ms|s)");
    private static final Pattern LOSS = Pattern.compile("loss\\s*(==|<=|<)\\s*(\\d+)");
    private static final String EXAMPLES = "'p99 latency < 20 ms', 'max latency <= 1 s', 'p99 send delay < 5 ms',"
            + " 'rate >= 95 %', 'rate >= 900 msg/s', 'loss == 0', 'outage < 10 s', 'recovery < 20 s'";

    public static Criterion parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        Matcher m = LATENCY.matcher(t);
        if (m.matches()) {
            double percentile = m.group(2) == null ? 100 : Double.parseDouble(m.group(2));
            if (percentile <= 0 || percentile > 100) {
                throw new IllegalArgumentException("bad criterion '" + text + "': the percentile must be between 0 and 100");
            }
            return new Criterion(m.group(3).equals("latency") ? "latency" : "send-delay", percentile, m.group(4),
                    Double.parseDouble(m.group(5)) * micros(m.group(6)), text.trim());
        }
        m = FAULT.matcher(t);
        if (m.matches()) {
            return new Criterion(m.group(1), 0, m.group(2), Double.parseDouble(m.group(3)) * micros(m.group(4)), text.trim());
        }
        m = RATE.matcher(t);
        if (m.matches()) {
            boolean percent = "%".equals(m.group(3));
            return new Criterion(percent ? "rate-percent" : "rate", 0, m.group(1), Double.parseDouble(m.group(2)), text.trim());
        }
        m = LOSS.matcher(t);
        if (m.matches()) {
            return new Criterion("loss", 0, m.group(1), Double.parseDouble(m.group(2)), text.trim());
        }
        throw new IllegalArgumentException("bad criterion '" + text + "': expected one like " + EXAMPLES);
    }

    /** Microseconds in one of these units. */
    private static double micros(String unit) {
        return switch (unit) {
            case "us" -> 1;
            case "ms" -> 1_000;
            default -> 1_000_000;
        };
    }

    /** Whether this criterion is on what each agent action cost (outage, recovery) rather than on the whole test. */
    public boolean isFault() {
        return metric.equals("outage") || metric.equals("recovery");
    }

    /** Whether {@code measured} meets this criterion. */
    public boolean holds(double measured) {
        return switch (operator) {
            case "<" -> measured < bound;
            case "<=" -> measured <= bound;
            case ">" -> measured > bound;
            case ">=" -> measured >= bound;
            default -> measured == bound;
        };
    }
}
