package org.maestro.inspector;

import org.maestro.common.note.ManagementTarget;
import org.maestro.common.note.OptionValues;
import org.maestro.common.note.TestOptions;
import org.maestro.common.units.TimeSpan;
import org.maestro.inspector.amqp.DataSetConfig;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an inspector runs with, parsed and checked from the SET options: a bad value is refused at SET with a
 * message naming the option. The URL and type may come later (START_INSPECTOR names the type); they are
 * required at start.
 *
 * @param raw      the options as given
 * @param kind     null when not set yet
 * @param url      "" when not set yet; one URL, or several ({@link ManagementTarget}: {@code NAME=URL,NAME=URL})
 * @param interval time between samples, at least {@link #MIN_INTERVAL}
 * @param dataSets amqp-management: preset or list ("" = default)
 */
public record InspectorOptions(Map<String, String> raw, String testId, InspectorKind kind, String url, Duration interval,
                               String dataSets) {
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(5);
    /** The floor of the interval: a SUT's management is not asked more than once a second. */
    public static final Duration MIN_INTERVAL = Duration.ofSeconds(1);
    /** The longest one read may take; shorter when the interval is. */
    public static final Duration MAX_READ_TIMEOUT = Duration.ofSeconds(10);

    public static InspectorOptions parse(Map<String, String> options) {
        Map<String, String> o = new TreeMap<>(options);
        String testId = o.getOrDefault(TestOptions.TEST_ID, "");
        if (!testId.isEmpty()) {
            TestOptions.checkTestId(testId);
        }
        InspectorKind kind = null;
        String type = o.getOrDefault(TestOptions.INSPECTOR_TYPE, "");
        if (!type.isBlank()) {
            kind = OptionValues.named(TestOptions.INSPECTOR_TYPE, () -> InspectorKind.parse(type));
        }
        String url = o.getOrDefault(TestOptions.MANAGEMENT_URL, "").trim();
        if (kind != null && !url.isEmpty()) {
            InspectorKind k = kind;
            OptionValues.named(TestOptions.MANAGEMENT_URL, () -> checkTargets(k, url));
        } else {
            OptionValues.named(TestOptions.MANAGEMENT_URL, () -> ManagementTarget.parse(url));
        }
        Duration interval = OptionValues.named(TestOptions.INSPECTOR_INTERVAL,
                () -> interval(o.getOrDefault(TestOptions.INSPECTOR_INTERVAL, "5s")));
        String dataSets = o.getOrDefault(TestOptions.INSPECTOR_DATASETS, "").trim();
        OptionValues.named(TestOptions.INSPECTOR_DATASETS, () -> DataSetConfig.parse(dataSets));
        return new InspectorOptions(Map.copyOf(o), testId, kind, url, interval, dataSets);
    }

    /** These options with the type START_INSPECTOR named ("" keeps the SET one), checked for a start. */
    public InspectorOptions forStart(String startType) {
        InspectorKind k = startType == null || startType.isBlank() ? kind : InspectorKind.parse(startType);
        if (k == null) {
            throw new IllegalArgumentException("no inspector type: set " + TestOptions.INSPECTOR_TYPE
                    + " (jolokia or amqp-management) or name it in START_INSPECTOR");
        }
        if (url.isEmpty()) {
            throw new IllegalArgumentException("no management URL: set " + TestOptions.MANAGEMENT_URL + ", e.g. "
                    + (k == InspectorKind.JOLOKIA ? "http://admin:admin@broker:8161/console/jolokia" : "amqp://router:5672"));
        }
        OptionValues.named(TestOptions.MANAGEMENT_URL, () -> checkTargets(k, url));
        return new InspectorOptions(raw, testId, k, url, interval, dataSets);
    }

    /** What it samples: one target per management URL (one unnamed target for a single URL). */
    public List<ManagementTarget> targets() {
        return ManagementTarget.parse(url);
    }

    /** Parses the targets and checks each URL for {@code kind}; a bad one is named (by its name in a list). */
    private static List<ManagementTarget> checkTargets(InspectorKind kind, String url) {
        List<ManagementTarget> targets = ManagementTarget.parse(url);
        for (ManagementTarget t : targets) {
            try {
                kind.checkUrl(t.url());
            } catch (IllegalArgumentException e) {
                throw t.ownDirectory() ? new IllegalArgumentException("target " + t.name() + ": " + e.getMessage(), e) : e;
            }
        }
        return targets;
    }

    /** The longest one read may take: the interval, at most {@link #MAX_READ_TIMEOUT}. */
    public Duration readTimeout() {
        return interval.compareTo(MAX_READ_TIMEOUT) < 0 ? interval : MAX_READ_TIMEOUT;
    }

    static Duration interval(String text) {
        Duration time = TimeSpan.parse(text);
        if (time.compareTo(MIN_INTERVAL) < 0) {
            throw new IllegalArgumentException("'" + text + "' is too short: at least " + MIN_INTERVAL.toSeconds()
                    + "s, so the SUT's management is not hammered");
        }
        return time;
    }
}
