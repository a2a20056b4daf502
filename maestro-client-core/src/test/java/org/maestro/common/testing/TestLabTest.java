package org.maestro.common.testing;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maestro.client.control.Replies;
import org.maestro.common.note.Payload;
import org.maestro.common.note.Role;
import org.maestro.common.peer.Peer;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lab and its clusters over a real Mosquitto: what every integration test stands on. */
@Integration
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TestLabTest {
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto();
    private static TestCluster ofTheFirstTest;

    @Test
    @Order(1)
    void aClusterAnswersItsClientAndWaitingForOnePeerKeepsTheOthersNotes() throws Exception {
        TestCluster c = lab.cluster()
                .peer("s1", Role.SENDER, new EchoHandler())
                .peer("r1", Role.RECEIVER, "east", new EchoHandler())
                .start();
        ofTheFirstTest = c;
        Replies set = c.setAll(Map.of("test.id", "lab"));
        assertTrue(set.allOk(), set.toString());
        assertEquals(new Payload.GetReply("test.id", "lab"), c.answer(c.peer("r1"), new Payload.Get("test.id")));
        assertEquals("east", c.peer("r1").info().group());

        Peer s1 = c.peer("s1");
        Peer r1 = c.peer("r1");
        s1.notifyClient(new Payload.NotifySuccess("lab", "s1 done"));
        r1.notifyClient(new Payload.NotifyFail("lab", "r1 failed"));
        assertEquals(new Payload.NotifyFail("lab", "r1 failed"), c.awaitEnd(r1, 10).payload());
        assertEquals(new Payload.NotifySuccess("lab", "s1 done"), c.awaitEnd(s1, 10).payload());
        assertEquals(2, c.inbox().all().size(), c.inbox().all().toString());

        assertEquals("no peer 'x1' in this cluster; it has [s1, r1]",
                assertThrows(IllegalArgumentException.class, () -> c.peer("x1")).getMessage());
    }

    @Test
    @Order(2)
    void theLabClosedThePreviousTestsClusterAndKeptItsBroker() throws Exception {
        assertFalse(ofTheFirstTest.peer("s1").isConnected());
        assertFalse(ofTheFirstTest.client().isConnected());
        TestCluster c = lab.cluster().peer("s2", Role.SENDER, new EchoHandler()).start();
        assertTrue(c.request(c.peer("s2"), new Payload.StatsRequest()).allOk());
    }

    @Test
    @Order(3)
    void whatALabOrClusterLacksIsSaid() {
        String noData = assertThrows(IllegalStateException.class, () -> lab.cluster()
                .peerWithData("w1", Role.SENDER, (dir, url) -> new EchoHandler()).start()).getMessage();
        assertEquals("peer 'w1' makes its handler with the data directory: give the cluster one with dataDir(...)", noData);
        assertTrue(assertThrows(IllegalStateException.class, lab::sut).getMessage().contains("has no system under test"));
    }
}
