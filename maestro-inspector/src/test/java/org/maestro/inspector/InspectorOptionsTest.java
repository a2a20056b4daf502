package org.maestro.inspector;

import org.junit.jupiter.api.Test;
import org.maestro.common.note.TestOptions;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SET options of the inspector, checked with messages that name the option; the counts of a run's summary. */
class InspectorOptionsTest {

    private static String refused(Map<String, String> options) {
        return assertThrows(IllegalArgumentException.class, () -> InspectorOptions.parse(options)).getMessage();
    }

    @Test
    void defaultsAndTheReadTimeoutFollowTheInterval() {
        InspectorOptions o = InspectorOptions.parse(Map.of());
        assertEquals(Duration.ofSeconds(5), o.interval());
        assertEquals(Duration.ofSeconds(5), o.readTimeout());
        assertEquals(Duration.ofSeconds(10), InspectorOptions.parse(Map.of(TestOptions.INSPECTOR_INTERVAL, "1m")).readTimeout());
        assertEquals(Duration.ofMillis(1500), InspectorOptions.parse(Map.of(TestOptions.INSPECTOR_INTERVAL, "1s500ms")).interval());
    }

    @Test
    void badValuesAreRefusedNamingTheOption() {
        assertEquals("option inspector.interval: '500ms' is too short: at least 1s, so the SUT's management is not hammered",
                refused(Map.of(TestOptions.INSPECTOR_INTERVAL, "500ms")));
        assertEquals("option inspector.interval: bad time '100': a message count, not a time; expected a time like 100s",
                refused(Map.of(TestOptions.INSPECTOR_INTERVAL, "100")));
        assertEquals("option inspector.type: unknown inspector type 'jmx': expected jolokia or amqp-management",
                refused(Map.of(TestOptions.INSPECTOR_TYPE, "jmx")));
        String url = refused(Map.of(TestOptions.INSPECTOR_TYPE, "jolokia", TestOptions.MANAGEMENT_URL, "amqp://admin:secret@h:5672"));
        assertEquals("option management.url: bad Jolokia URL 'amqp://admin:***@h:5672': scheme must be http:// or https://", url);
        assertTrue(refused(Map.of(TestOptions.INSPECTOR_DATASETS, "queues")).startsWith(
                "option inspector.datasets: unknown data set preset 'queues'"));
    }

    @Test
    void aListOfUrlsIsOneTargetEachAndABadOneIsNamed() {
        InspectorOptions o = InspectorOptions.parse(Map.of(TestOptions.INSPECTOR_TYPE, "amqp-management",
                TestOptions.MANAGEMENT_URL, "router-1=amqp://127.0.0.1:5672,router-2=amqp://127.0.0.1:5674"));
        assertEquals(List.of("router-1", "router-2"), o.targets().stream().map(t -> t.name()).toList());
        assertEquals("option management.url: target router-2: bad AMQP management URL 'http://127.0.0.1:5674': scheme must be"
                + " amqp:// or amqps://", refused(Map.of(TestOptions.INSPECTOR_TYPE, "amqp-management",
                TestOptions.MANAGEMENT_URL, "router-1=amqp://127.0.0.1:5672,router-2=http://127.0.0.1:5674")));
        assertEquals("option management.url: entry 2 of 2 ('') is empty: separate the URLs by one ','",
                refused(Map.of(TestOptions.MANAGEMENT_URL, "amqp://127.0.0.1:5672,")));
        // Without a type yet, the list is still parsed at SET; the URLs are checked once START names the type.
        InspectorOptions later = InspectorOptions.parse(Map.of(TestOptions.MANAGEMENT_URL, "a=amqp://h:1,b=http://h:2"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> later.forStart("amqp-management")).getMessage()
                .startsWith("option management.url: target b: bad AMQP management URL 'http://h:2'"));
    }

    @Test
    void startNeedsATypeAndAUrlAndStartInspectorsTypeWins() {
        InspectorOptions none = InspectorOptions.parse(Map.of());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> none.forStart("")).getMessage()
                .startsWith("no inspector type: set inspector.type"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> none.forStart("jolokia")).getMessage()
                .startsWith("no management URL: set management.url, e.g. http://admin:admin@broker:8161/console/jolokia"));
        InspectorOptions set = InspectorOptions.parse(Map.of(TestOptions.INSPECTOR_TYPE, "amqp-management",
                TestOptions.MANAGEMENT_URL, "amqp://router:5672"));
        assertEquals(InspectorKind.AMQP_MANAGEMENT, set.forStart("").kind());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> set.forStart("jolokia")).getMessage()
                .startsWith("option management.url: bad Jolokia URL 'amqp://router:5672': scheme must be http://"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> InspectorOptions.parse(Map.of(TestOptions.INSPECTOR_TYPE, "jolokia", TestOptions.MANAGEMENT_URL,
                        "amqp://router:5672"))).getMessage().startsWith("option management.url: bad Jolokia URL"), "refused at SET");
    }

    @Test
    void summariesCountMissingSamplesPerDataSet() {
        SampleTally t = new SampleTally(List.of(new DataSet("a", "", List.of("x")), new DataSet("b", "", List.of("x"))));
        t.record(10, Map.of());
        t.record(30, Map.of("b", "no answer"));
        assertEquals("2 samples, 1 missing (b 1); last failure: no answer; read time mean 20 ms, max 30 ms", t.summary());
        assertEquals(1, t.missing("b"));
        assertEquals(0, t.missing("a"));
    }
}
