package org.maestro.client.run.start;

import org.junit.jupiter.api.Test;
import org.maestro.client.dsl.ScriptException;
import org.maestro.client.dsl.ScriptRunner;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.TestOptions;

import java.util.List;
import java.util.Map;
import org.maestro.client.run.discover.PeerAssignment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.maestro.client.run.discover.PlanFixtures.assigned;
import static org.maestro.client.run.discover.PlanFixtures.everyPart;

class SetOptionsTest {

    @Test
    void sharesAddUpToTheTotal() {
        long total = 0;
        for (int i = 0; i < 3; i++) {
            total += SetOptions.share(1000, 3, i);
        }
        assertEquals(1000, total);
        assertEquals(334, SetOptions.share(1000, 3, 0));
        assertEquals(333, SetOptions.share(1000, 3, 2));
    }

    @Test
    void inspectorsAndTheAgentAreSetFirstEachWithItsOwnOptions() throws ScriptException {
        TestPlan plan = everyPart("10s");
        Map<PeerInfo, Map<String, String>> set = SetOptions.compose(plan, "t-1", assigned(plan));
        assertEquals(List.of("inspector-1", "inspector-2", "agent-1", "receiver-east-1", "receiver-west-1", "receiver-west-2",
                "sender-east-1", "sender-east-2", "sender-west-1"), set.keySet().stream().map(PeerInfo::name).toList());
        Map<String, String> jolokia = byName(set, "inspector-1");
        assertEquals("t-1", jolokia.get(TestOptions.TEST_ID));
        assertEquals("every-part", jolokia.get(TestOptions.TEST_NAME));
        assertEquals("jolokia", jolokia.get(TestOptions.INSPECTOR_TYPE));
        assertEquals("http://admin:secret@east:8161/console/jolokia", jolokia.get(TestOptions.MANAGEMENT_URL));
        assertEquals("5s", jolokia.get(TestOptions.INSPECTOR_INTERVAL));
        assertFalse(byName(set, "inspector-2").containsKey(TestOptions.INSPECTOR_INTERVAL));
        assertEquals("2m", byName(set, "agent-1").get(TestOptions.AGENT_HANDLER_TIMEOUT));
        assertEquals("1000", byName(set, "agent-1").get(TestOptions.RATE));
        assertFalse(byName(set, "agent-1").containsKey(TestOptions.SEND_URL));
    }

    @Test
    void workersGetTheirRoutesUrlsAndEachSenderItsShareOfTheRate() throws ScriptException {
        TestPlan plan = everyPart("10s");
        Map<PeerInfo, Map<String, String>> set = SetOptions.compose(plan, "t-1", assigned(plan));
        Map<String, String> west = byName(set, "receiver-west-2");
        assertEquals("amqp://west:5672/in", west.get(TestOptions.SEND_URL));
        assertEquals("amqp://west:5672/out", west.get(TestOptions.RECEIVE_URL));
        assertEquals("1000", west.get(TestOptions.RATE), "a receiver is told the test's total");
        assertEquals("10s", west.get(TestOptions.DURATION));
        assertEquals(List.of("334", "333", "333"), List.of("sender-east-1", "sender-east-2", "sender-west-1").stream()
                .map(s -> byName(set, s).get(TestOptions.RATE)).toList());
        assertEquals("10s", byName(set, "sender-west-1").get(TestOptions.DURATION), "a time is not shared");
        assertEquals("amqp://east:5672/q", byName(set, "sender-east-2").get(TestOptions.SEND_URL));
    }

    @Test
    void aMessageCountIsSharedAndEverySenderSendsAtLeastOne() throws ScriptException {
        TestPlan plan = everyPart("1000msg");
        Map<PeerInfo, Map<String, String>> set = SetOptions.compose(plan, "t-1", assigned(plan));
        assertEquals(List.of("334msg", "333msg", "333msg"), List.of("sender-east-1", "sender-east-2", "sender-west-1").stream()
                .map(s -> byName(set, s).get(TestOptions.DURATION)).toList());
        assertEquals("1000msg", byName(set, "receiver-east-1").get(TestOptions.DURATION));
        TestPlan tiny = everyPart("2msg");
        Map<PeerInfo, Map<String, String>> few = SetOptions.compose(tiny, "t-2", assigned(tiny));
        assertEquals(List.of("1msg", "1msg", "1msg"), List.of("sender-east-1", "sender-east-2", "sender-west-1").stream()
                .map(s -> byName(few, s).get(TestOptions.DURATION)).toList());
    }

    private static Map<String, String> byName(Map<PeerInfo, Map<String, String>> set, String name) {
        return set.entrySet().stream().filter(e -> e.getKey().name().equals(name)).findFirst().orElseThrow().getValue();
    }

    @Test
    void theWarmupGatesSettingsGoToEveryPeerWhenGivenAndAreLeftToTheWorkersOtherwise() throws ScriptException {
        TestPlan plan = org.maestro.client.dsl.ScriptRunner.load("s.groovy",
                "test {\n  warmup '5s'\n  warmupSendDelay '50ms'\n  warmupMax '20s'\n}\n", Map.of());
        Map<String, String> set = SetOptions.common(plan, "t-1");
        assertEquals("50ms", set.get(TestOptions.WARMUP_SEND_DELAY));
        assertEquals("20s", set.get(TestOptions.WARMUP_MAX));
        Map<String, String> defaults = SetOptions.common(everyPart("10s"), "t-1");
        assertFalse(defaults.containsKey(TestOptions.WARMUP_SEND_DELAY) || defaults.containsKey(TestOptions.WARMUP_MAX));
    }

    /**
     * A route with its own rate shares it among its own senders; the routes without share the test's; its own size,
     * connections and duration go to its workers, receivers included.
     */
    @Test
    void aRoutesOwnSettingsGoToItsWorkersAndItsRateIsSharedByItsSenders() throws ScriptException {
        TestPlan plan = ScriptRunner.load("routes.groovy", """
                test {
                    rate 1000
                    duration '1000msg'
                    route 'a', url: 'amqp://a/q', senders: 2, rate: 301, size: '~1 KiB ±10 %', connections: 3
                    route 'b', url: 'amqp://b/q', senders: 2, rate: 900, duration: '20s'
                    route 'c', url: 'amqp://c/q', senders: 3
                }
                """, Map.of());
        Map<PeerInfo, Map<String, String>> set = SetOptions.compose(plan, "t-1", assigned(plan));
        assertEquals(List.of("151", "150", "450", "450", "334", "333", "333"), List.of("sender-a-1", "sender-a-2", "sender-b-1",
                "sender-b-2", "sender-c-1", "sender-c-2", "sender-c-3").stream().map(s -> byName(set, s).get(TestOptions.RATE)).toList());
        assertEquals(2201, plan.targetRate().perSecond(), "301 + 900 + the test's 1000 for the route that sets none");
        assertEquals("~1KiB±10%", byName(set, "sender-a-1").get(TestOptions.MESSAGE_SIZE));
        assertEquals("~1KiB±10%", byName(set, "receiver-a-1").get(TestOptions.MESSAGE_SIZE));
        assertEquals("1KiB", byName(set, "sender-b-1").get(TestOptions.MESSAGE_SIZE), "the test's");
        assertEquals("3", byName(set, "receiver-a-1").get(TestOptions.CONNECTIONS));
        assertEquals("1", byName(set, "sender-b-1").get(TestOptions.CONNECTIONS));
        assertEquals("20s", byName(set, "sender-b-2").get(TestOptions.DURATION));
        // The test's count goes to the routes without a duration of their own: a (2 senders) and c (3).
        assertEquals(List.of("200msg", "200msg", "200msg", "200msg", "200msg"), List.of("sender-a-1", "sender-a-2",
                "sender-c-1", "sender-c-2", "sender-c-3").stream().map(s -> byName(set, s).get(TestOptions.DURATION)).toList());
    }

    /** A route's own profile goes to its own senders, shared among them; the other routes keep theirs. */
    @Test
    void aRoutesOwnStagesGoToItsSendersAndItsStartOffsetToTheirStart() throws ScriptException {
        TestPlan plan = ScriptRunner.load("routes.groovy", """
                test {
                    rate 1000
                    duration '20s'
                    route 'a', url: 'amqp://a/q', senders: 2, senderStartAfter: '3s', stages: { step 100, '5s'; ramp 100, 300, '10s' }
                    route 'b', url: 'amqp://b/q', senders: 1
                }
                """, Map.of());
        Map<PeerInfo, Map<String, String>> set = SetOptions.compose(plan, "t-1", assigned(plan));
        assertEquals("50/s 5s; 50/s..150/s 10s", byName(set, "sender-a-1").get(TestOptions.RATE_STAGES));
        assertEquals("15s", byName(set, "sender-a-1").get(TestOptions.DURATION), "the profile's length");
        assertEquals(List.of("84", "83"), List.of(byName(set, "sender-a-1").get(TestOptions.RATE), byName(set, "sender-a-2").get(TestOptions.RATE)),
                "its shares of the mean, 2500 messages over 15 s: 167");
        assertEquals(null, byName(set, "sender-b-1").get(TestOptions.RATE_STAGES));
        assertEquals("1000", byName(set, "sender-b-1").get(TestOptions.RATE));
        assertEquals("20s", byName(set, "sender-b-1").get(TestOptions.DURATION));
        PeerAssignment assignment = assigned(plan);
        Map<String, Long> after = new java.util.TreeMap<>();
        assignment.peers().forEach(p -> after.put(p.name(), assignment.startAfterMicros(p)));
        assertEquals(3_000_000L, after.get("sender-a-1"));
        assertEquals(0L, after.get("receiver-a-1"), "its receivers wait at the instant for what comes");
        assertEquals(0L, after.get("sender-b-1"));
    }
}
