package org.maestro.client.run;

import org.junit.jupiter.api.Test;
import org.maestro.client.dsl.ScriptException;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.TestOptions;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.maestro.client.run.PlanFixtures.assigned;
import static org.maestro.client.run.PlanFixtures.everyPart;

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
}
