package org.maestro.client.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.plan.Criterion;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.note.Role;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.maestro.client.run.discover.PlanFixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** run.json: enough for maestro collect after a SIGKILL, and no password. */
class RunRecordTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void theRecordReadsBackWithoutAnyPassword() throws Exception {
        TestPlan plan = PlanFixtures.everyPart("1h30m");
        RunRecord.starting("20260101-000000-every-part", BrokerUrl.parse("mqtt://maestro:s3cret@broker.lab:1883"), "2026-01-01T00:00:00Z",
                plan).withPeers(List.of(PlanFixtures.peer("sender-1", Role.SENDER, "east"))).write(dir);
        String text = Files.readString(dir.resolve("run.json"));
        assertFalse(text.contains("s3cret") || text.contains("admin:secret"), text);

        RunRecord read = RunRecord.read(dir);
        assertEquals("20260101-000000-every-part", read.testId());
        assertEquals("mqtt://maestro:***@broker.lab:1883", read.broker());
        assertTrue(read.brokerNeedsPassword());
        assertEquals(List.of("sender-1"), read.peers().stream().map(p -> p.name()).toList());
        assertEquals(Role.SENDER, read.peers().get(0).role());
        assertEquals(plan.duration(), read.plan().duration());
        assertEquals(plan.rate(), read.plan().rate());
        assertEquals(plan.routes().size(), read.plan().routes().size());
        assertEquals(plan.criteria().stream().map(Criterion::text).toList(), read.plan().criteria().stream().map(Criterion::text).toList());
        assertEquals("http://admin:***@east:8161/console/jolokia", read.plan().inspectors().get(0).url());
        // run.json keeps the word the run.json files already written use for the message size.
        assertTrue(text.contains("\"" + TestPlan.SIZE_KEY + "\"") && !text.contains("\"messageSize\""), text);
        assertEquals(plan.messageSize(), read.plan().messageSize());
    }

    @Test
    void anOldRunJsonWhoseRoutesCallTheirNameGroupStillLoads() throws Exception {
        TestPlan plan = PlanFixtures.everyPart("10s");
        RunRecord.starting("20260101-000000-every-part", BrokerUrl.parse("mqtt://broker.lab:1883"), "2026-01-01T00:00:00Z", plan)
                .write(dir);
        Path file = dir.resolve("run.json");
        ObjectNode written = (ObjectNode) JSON.readTree(file.toFile());
        // The route's name keeps its file key: run.json files already written call it "group".
        for (JsonNode route : written.path("plan").path("routes")) {
            assertTrue(route.has(TestPlan.Route.NAME_KEY) && !route.has("name"), route.toString());
            // As a run.json written before routes had a local scheme and settings of their own.
            ((ObjectNode) route).remove(List.of("localScheme", "settings"));
        }
        assertEquals("group", TestPlan.Route.NAME_KEY, "the key old run.json files have");
        JSON.writeValue(file.toFile(), written);

        RunRecord read = RunRecord.read(dir);
        assertEquals(List.of("east", "west"), read.plan().routes().stream().map(TestPlan.Route::name).toList());
        assertEquals(plan.routes().stream().map(TestPlan.Route::sendUrl).toList(),
                read.plan().routes().stream().map(TestPlan.Route::sendUrl).toList());
        assertEquals(TestPlan.Route.LOCAL_SCHEME, read.plan().routes().get(0).localScheme());
    }

    @Test
    void theCollectCommandAsksForTheBrokerOnlyWhenItsPasswordWasNotKept() {
        Path run = Path.of("runs", "x");
        assertEquals("maestro collect runs/x", RunRecord.collectCommand(run, RunRecord.shown(BrokerUrl.parse("mqtt://127.0.0.1:1883"))));
        assertEquals("maestro collect runs/x --broker mqtt://u:***@h:1883 (or MAESTRO_BROKER)",
                RunRecord.collectCommand(run, RunRecord.shown(BrokerUrl.parse("mqtt://u:p@h:1883"))));
    }

    @Test
    void aDirectoryWithoutRunJsonSaysWhatToGiveInstead() {
        IOException e = assertThrows(IOException.class, () -> RunRecord.read(dir));
        assertTrue(e.getMessage().contains("--broker URL --test-id ID"), e.getMessage());
    }

    @Test
    void aSecondRequestIsRefusedAndOnlyARequestDuringTheTestInterruptsIt() {
        Interruption during = new Interruption(Thread.currentThread());
        List<String> told = new ArrayList<>();
        // The announcement comes before the runner is woken: what it prints next follows the line that explains it.
        assertTrue(during.request("SIGINT", () -> told.add("announced; runner already woken: " + Thread.currentThread().isInterrupted()
                + ", request visible: " + during.requested())));
        assertEquals(List.of("announced; runner already woken: false, request visible: false"), told);
        assertTrue(Thread.interrupted(), "the runner is woken");
        assertFalse(during.request("SIGINT", () -> told.add("again")), "the second one quits at once");
        assertEquals(1, told.size(), "the second is not announced as the first: " + told);
        assertTrue(during.stoppedTheTest());

        Interruption late = new Interruption(Thread.currentThread());
        late.finishing();
        assertTrue(late.request("SIGTERM", () -> { }));
        assertFalse(Thread.interrupted(), "collecting and reporting go on undisturbed");
        assertFalse(late.stoppedTheTest());
        assertTrue(late.requested());
    }
}
