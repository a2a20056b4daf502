package org.maestro.client.run.judge;

import org.maestro.results.Summary;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.dsl.ScriptRunner;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.maestro.client.run.actions.ActionOutcome;
import org.maestro.client.run.Console;
import org.maestro.client.run.discover.PlanFixtures;
import org.maestro.client.run.publish.SummaryTable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.maestro.results.ActionResult;

/** Unknown is not zero: what a run whose peer's data is missing says, in summary.json, junit.xml and on the console. */
class SummaryBuilderTest {
    private static final PeerInfo SENDER = PlanFixtures.peer("sender-1", Role.SENDER, "");
    private static final PeerInfo RECEIVER = PlanFixtures.peer("receiver-1", Role.RECEIVER, "");

    private static TestPlan plan(String more) throws Exception {
        return ScriptRunner.load("missing.groovy", """
                test {
                    name 'missing'
                    url 'amqp://sut:5672/q'
                    rate 100
                    duration '10s'
                    warmup '0s'
                    expect 'p99 latency < 100 ms', 'loss == 0'
                    %s
                }
                """.formatted(more), Map.of());
    }

    private static Stats progress(Role role, long messages, long lost) {
        return new Stats("t", role, "running", 7_000, messages, 100, 1_000, 2_000, 3_000, 4_000, -1, lost, 0, 0);
    }

    @Test
    void aReceiverWhoseFilesAreMissingLeavesItsFiguresUnknownAndTheCriteriaNotEvaluated(@TempDir Path run) throws Exception {
        String why = "it did not answer when asked for its data server";
        Summary s = SummaryBuilder.build(plan(""), "t", "2026-01-01T00:00:00Z", List.of(SENDER, RECEIVER), run,
                new SummaryBuilder.Observed(Map.of(), Map.of(SENDER.id(), progress(Role.SENDER, 1000, 0)),
                        Map.of(RECEIVER.id(), progress(Role.RECEIVER, 9284, 0)), Map.of(RECEIVER.id(), why), List.of(),
                        List.of(), List.of(), List.of()));
        assertEquals(Summary.ERROR, s.verdict());
        assertNull(s.totals().received(), "not 0");
        assertNull(s.totals().lost(), "not sent minus 0");
        assertNull(s.totals().responseTime());
        assertEquals(0L, s.totals().sent(), "the sender's (empty) files were collected: its count is known");
        String missing = "data of receiver 'receiver-1' missing (" + why + ")";
        assertTrue(s.reasons().contains(missing), s.reasons().toString());
        assertEquals(2, s.checks().size());
        for (Summary.Check c : s.checks()) {
            assertFalse(c.evaluated(), c.toString());
            assertFalse(c.failed(), "neither passed nor failed: " + c);
            assertEquals("not evaluated: " + missing, c.measured());
        }
        Summary.PeerResult receiver = s.peers().get(1);
        assertEquals(why, receiver.dataMissing());
        assertNull(receiver.messages());
        assertEquals(9284, receiver.live().messages());
        assertTrue(receiver.live().source().startsWith("live, not from files"), receiver.live().source());

        RunFilesWriter.write(s, run);
        JsonNode json = org.maestro.results.ResultsJson.MAPPER.readTree(run.resolve("summary.json").toFile());
        assertTrue(json.at("/totals/received").isNull(), json.get("totals").toString());
        assertTrue(json.at("/checks/0/passed").isNull(), json.get("checks").toString());
        assertEquals(why, json.at("/peers/1/dataMissing").asText());
        String junit = Files.readString(run.resolve("junit.xml"));
        assertTrue(junit.contains("skipped=\"2\"") && junit.contains("<skipped message=\"loss == 0: not evaluated: data of receiver"), junit);
        assertTrue(junit.contains("errors=\"1\"") && junit.contains("failures=\"0\""), junit);

        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        SummaryTable.print(s, new Console(new java.io.PrintStream(out, true)));
        String console = out.toString();
        assertTrue(console.contains("total: sent 0, received unknown, lost unknown"), console);
        assertTrue(console.contains("[NOT EVALUATED] loss == 0, bound == 0 message(s): not evaluated: " + missing), console);
        assertTrue(console.contains("receiver-1 reported 9284 message(s), 0 lost"), console);
        assertFalse(console.contains("[PASS]"), console);
    }

    @Test
    void withTheControlBrokerGoneNoFigureIsKnownAndNothingPasses(@TempDir Path run) throws Exception {
        String why = "the control broker at mqtt://127.0.0.1:1 is unreachable since 2026-01-01T00:00:05Z (10 s)";
        Summary s = SummaryBuilder.build(plan(""), "t", "2026-01-01T00:00:00Z", List.of(SENDER, RECEIVER), run,
                new SummaryBuilder.Observed(Map.of(), Map.of(), Map.of(), Map.of(SENDER.id(), why, RECEIVER.id(), why),
                        List.of(why), List.of(), List.of(), List.of()));
        assertNull(s.totals().sent());
        assertNull(s.totals().received());
        assertNull(s.totals().lost());
        assertTrue(s.checks().stream().noneMatch(Summary.Check::evaluated), s.checks().toString());
        assertEquals(Summary.ERROR, s.verdict());
    }

    @Test
    void anActionThatNeverRanHasAnUnknownCostAndItsFaultCriterionFails(@TempDir Path run) throws Exception {
        TestPlan plan = plan("expect 'outage < 10 s'");
        TestPlan.Action action = new TestPlan.Action(5_000, "restart.sh", List.of());
        Summary s = SummaryBuilder.build(plan, "t", "2026-01-01T00:00:00Z", List.of(SENDER, RECEIVER), run,
                new SummaryBuilder.Observed(Map.of(), Map.of(RECEIVER.id(), progress(Role.RECEIVER, 0, 0)), Map.of(), Map.of(),
                        List.of(), List.of(new ActionOutcome(action, "", "not-run", -1, "the load ended first", 0, 0)), List.of(), List.of()));
        ActionResult a = s.actions().get(0);
        assertNull(a.outageMillis(), "not 0: " + a);
        assertNull(a.recoveryMillis());
        assertNull(a.lost());
        assertNull(a.startedAtMillis(), "it never started: no measured start, not 0: " + a);
        assertEquals("planned at 5.0 s, never started", a.when());
        assertTrue(s.checks().stream().anyMatch(c -> c.failed() && c.criterion().startsWith("agent action restart.sh")), s.checks().toString());
        // No message at all: the latency criterion has nothing to judge (issue 21), so the verdict is not a pass or a
        // fail but an error, saying why.
        assertEquals(Summary.ERROR, s.verdict());
        assertTrue(s.reasons().contains("p99 latency < 100 ms: not evaluated: no message was received after the warm-up: its"
                + " latency is unknown"), s.reasons().toString());
    }

    @Test
    void aSenderNeverOnScheduleFailsTheRunNamingItAndLeavesTheLatencyCriteriaNotEvaluated(@TempDir Path run) throws Exception {
        Path senderDir = org.maestro.common.runfiles.RunLayout.peerDir(run, SENDER.name());
        Files.createDirectories(senderDir);
        org.maestro.common.runfiles.TestJson.write(senderDir, new org.maestro.common.runfiles.TestJson.Worker("t", "missing",
                org.maestro.common.runfiles.TestJson.Peer.of(SENDER), 1, "x", 15_000_000, "30s", 100, 2, "1 KiB", "amqp://sut:5672/q",
                "", Map.of(), new org.maestro.common.runfiles.TestJson.WarmupGate(5_000_000, 15_000_000, 100_000, false, 1, 812_000, null), null));
        Summary s = SummaryBuilder.build(plan("expect 'p99 send delay < 50 ms'"), "t", "2026-01-01T00:00:00Z",
                List.of(SENDER, RECEIVER), run, new SummaryBuilder.Observed(Map.of(),
                        Map.of(RECEIVER.id(), progress(Role.RECEIVER, 0, 0)), Map.of(), Map.of(), List.of(), List.of(), List.of(), List.of()));
        assertEquals(Summary.FAILED, s.verdict(), "judged and found off schedule: not an unknown");
        Summary.Check schedule = s.checks().get(0);
        assertEquals("sender 'sender-1' on schedule after the warm-up", schedule.criterion());
        assertTrue(schedule.failed());
        assertEquals("connection 1 send delay 812.000 ms when the warm-up hit its 15.0 s cap", schedule.measured());
        assertEquals("send delay < 100.000 ms for a whole second within 15.0 s", schedule.bound());
        for (String latency : List.of("p99 latency < 100 ms", "p99 send delay < 50 ms")) {
            Summary.Check c = s.checks().stream().filter(k -> k.criterion().equals(latency)).findFirst().orElseThrow();
            assertFalse(c.evaluated(), c.toString());
            assertEquals("not evaluated: sender 'sender-1' never got on schedule during the warm-up: the measured period"
                    + " starts with its catching up", c.measured());
        }
        assertTrue(s.checks().stream().filter(k -> k.criterion().equals("loss == 0")).allMatch(Summary.Check::evaluated),
                "counting does not depend on the schedule");
        assertTrue(s.reasons().contains("sender 'sender-1' on schedule after the warm-up: measured connection 1 send delay"
                + " 812.000 ms when the warm-up hit its 15.0 s cap"), s.reasons().toString());
        Summary.Warmup w = s.peers().get(0).warmup();
        assertEquals(15.0, w.seconds());
        assertEquals(Boolean.FALSE, w.onSchedule());

        RunFilesWriter.write(s, run);
        JsonNode json = org.maestro.results.ResultsJson.MAPPER.readTree(run.resolve("summary.json").toFile());
        assertEquals(15.0, json.at("/peers/0/warmup/seconds").asDouble(), json.at("/peers/0").toString());
        assertFalse(json.at("/peers/0/warmup/onSchedule").asBoolean());
        String junit = Files.readString(run.resolve("junit.xml"));
        assertTrue(junit.contains("<failure message=\"sender 'sender-1' on schedule after the warm-up: measured connection 1")
                && junit.contains("skipped=\"2\"") && junit.contains("errors=\"0\""), junit);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        SummaryTable.print(s, new Console(new java.io.PrintStream(out, true)));
        String console = out.toString();
        assertTrue(console.contains("warm-up of sender-1: 15.0 s, connection 1 send delay 812.000 ms when the warm-up hit its"
                + " 15.0 s cap"), console);
        assertTrue(console.contains("[NOT EVALUATED] p99 latency < 100 ms"), console);
        assertTrue(console.contains("verdict: FAILED"), console);
    }

    /**
     * A test of two routes: each route's figures from its own peers only, so a route whose receiver's data is missing
     * has unknown figures while the other's are known; its protocol is its URL's scheme, its target the URL redacted.
     */
    @Test
    void eachRouteHasItsOwnFiguresProtocolAndRedactedTarget(@TempDir Path run) throws Exception {
        TestPlan plan = ScriptRunner.load("routes.groovy", """
                test {
                    name 'routes'
                    rate 100
                    duration '10s'
                    warmup '0s'
                    route 'amqp', url: 'amqp://admin:secret@sut:5672/q'
                    route 'core', url: 'core://sut:61616/q', senders: 1, receivers: 1
                }
                """, Map.of());
        PeerInfo amqpSender = PlanFixtures.peer("amqp-sender-1", Role.SENDER, "amqp");
        PeerInfo amqpReceiver = PlanFixtures.peer("amqp-receiver-1", Role.RECEIVER, "amqp");
        PeerInfo coreSender = PlanFixtures.peer("core-sender-1", Role.SENDER, "core");
        PeerInfo coreReceiver = PlanFixtures.peer("core-receiver-1", Role.RECEIVER, "core");
        Summary s = SummaryBuilder.build(plan, "t", "2026-01-01T00:00:00Z", List.of(amqpReceiver, coreReceiver, amqpSender, coreSender),
                run, new SummaryBuilder.Observed(Map.of(), Map.of(coreReceiver.id(), progress(Role.RECEIVER, 0, 7)), Map.of(),
                        Map.of(amqpReceiver.id(), "its data server refused the connection"), List.of(), List.of(), List.of(), List.of()));
        assertEquals(2, s.routes().size());
        Summary.RouteResult amqp = s.routes().get(0);
        Summary.RouteResult core = s.routes().get(1);
        assertEquals("amqp", amqp.name());
        assertEquals("amqp", amqp.protocol());
        assertEquals("amqp://admin:***@sut:5672/q", amqp.target(), "the password redacted as everywhere else");
        assertEquals(List.of("amqp-receiver-1", "amqp-sender-1"), amqp.peers());
        assertNull(amqp.totals().received(), "its receiver's data is missing: unknown, not 0");
        assertNull(amqp.totals().responseTime());
        assertEquals(0L, amqp.totals().sent(), "its sender's (empty) files were collected");
        assertEquals("core", core.protocol());
        assertEquals("core://sut:61616/q", core.target());
        assertEquals(0L, core.totals().received(), "known: its receiver's files were collected");
        assertEquals(7L, core.totals().lost(), "its receiver's sequence gaps, not the other route's");
        assertNull(s.totals().received(), "the run's total depends on both routes");

        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        SummaryTable.print(s, new Console(new java.io.PrintStream(out, true)));
        assertTrue(out.toString().contains("route amqp (amqp://admin:***@sut:5672/q): sent 0, received unknown, lost unknown"),
                out.toString());
        assertTrue(out.toString().contains("route core (core://sut:61616/q): sent 0, received 0, lost 7"), out.toString());
    }

    @Test
    void aTestOfOneRouteHasNoRoutesOfItsOwn(@TempDir Path run) throws Exception {
        Summary s = SummaryBuilder.build(plan(""), "t", "2026-01-01T00:00:00Z", List.of(SENDER, RECEIVER), run,
                new SummaryBuilder.Observed(Map.of(), Map.of(RECEIVER.id(), progress(Role.RECEIVER, 0, 0)), Map.of(), Map.of(),
                        List.of(), List.of(), List.of(), List.of()));
        assertEquals(List.of(), s.routes(), "its figures are the totals");
    }

    /** Reproduction 7 of issue 21: a flat-out sender showed a send delay of 0 / 0 / 0 ms; it has no schedule to be late for. */
    @Test
    void aFlatOutSenderHasNoSendDelay(@TempDir Path run) throws Exception {
        TestPlan flatOut = ScriptRunner.load("flat.groovy", """
                test {
                    name 'flat'
                    url 'amqp://sut:5672/q'
                    rate 'max'
                    duration '10s'
                    warmup '0s'
                }
                """, Map.of());
        Summary s = SummaryBuilder.build(flatOut, "t", "2026-01-01T00:00:00Z", List.of(SENDER, RECEIVER), run,
                new SummaryBuilder.Observed(Map.of(), Map.of(), Map.of(), Map.of(), List.of(), List.of(), List.of(), List.of()));
        assertNull(s.peers().get(0).sendDelay(), "no send delay, not 0");
        assertNull(s.totals().sendDelay());
        assertEquals(0L, s.totals().sent(), "the sender's figures are known");
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        SummaryTable.print(s, new Console(new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8)));
        String table = out.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(table.contains("sender-side send delay p99 none (flat out, no schedule)"), table);
        String senderRow = table.lines().filter(l -> l.startsWith("sender-1")).findFirst().orElseThrow();
        assertFalse(senderRow.contains("0.000"), senderRow);
    }
}
