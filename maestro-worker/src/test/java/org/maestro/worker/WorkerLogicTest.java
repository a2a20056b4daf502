package org.maestro.worker;

import org.junit.jupiter.api.Test;
import org.maestro.common.note.TestOptions;
import org.maestro.worker.driver.SutUrl;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The worker's pure logic: sequence accounting, stamps, URLs, options, criteria. */
class WorkerLogicTest {

    /** A message the SUT gives back again and again waits longer each time, up to the bound: no bouncing through an outage. */
    @Test
    void aMessageGivenBackAgainWaitsTwiceAsLongUpToTheBound() {
        assertEquals(java.util.List.of(100L, 200L, 400L, 800L, 1000L, 1000L),
                java.util.stream.IntStream.of(1, 2, 3, 4, 5, 6).mapToObj(Resends::delayMillis).toList());
        assertEquals(Resends.MAX_DELAY_MILLIS, Resends.delayMillis(Integer.MAX_VALUE), "no overflow past the bound");
    }

    @Test
    void sequenceAccountingIsExact() {
        SequenceTracker t = new SequenceTracker();
        for (long s : new long[]{0, 1, 2, 5, 3, 3, 7, 0, 9}) {
            t.record(s);
        }
        assertEquals(7, t.distinct(), "0 1 2 3 5 7 9");
        assertEquals(2, t.duplicated(), "3 and 0 again");
        assertEquals(3, t.missing(), "4, 6 and 8 never came");
        t.record(4);
        t.record(6);
        t.record(8);
        assertEquals(0, t.missing());
    }

    @Test
    void sequenceAccountingScalesWithGaps() {
        SequenceTracker t = new SequenceTracker();
        for (long s = 0; s < 1_000_000; s++) {
            if (s % 1000 != 0) {
                t.record(s);
            }
        }
        assertEquals(1000, t.missing());
        for (long s = 0; s < 1_000_000; s += 1000) {
            t.record(s);
        }
        assertEquals(0, t.missing());
        assertEquals(1_000_000, t.distinct());
    }

    @Test
    void aStampSurvivesTheBodyAndForeignBodiesAreNamed() {
        byte[] body = new byte[64];
        new MessageStamp(42, 7, 1_000, 1_250, true).writeTo(body);
        assertEquals(new MessageStamp(42, 7, 1_000, 1_250, true), MessageStamp.readFrom(body));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MessageStamp.readFrom(new byte[64]))
                .getMessage().contains("not sent by a Maestro sender"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MessageStamp.readFrom(new byte[3]))
                .getMessage().contains("too short"));
    }

    @Test
    void sutUrlsAndTheirOptions() {
        SutUrl u = SutUrl.parse("amqp://qe:s%40cret@broker:5673/orders?type=topic&durable=true&jms.prefetchPolicy.all=10");
        assertEquals("orders", u.destination());
        assertTrue(u.topic() && u.durable() && !u.persistent());
        assertEquals("s@cret", u.password());
        assertEquals("amqp://qe@broker:5673/orders (topic)", u.toString(), "no password when printed");
        // The worker's 64 KiB frame unless the URL sets one (qpid-jms's own 1 MiB is a MiB of heap per connection).
        assertEquals("amqp://broker:5673?amqp.maxFrameSize=65536&jms.prefetchPolicy.all=10",
                org.maestro.worker.driver.jms.JmsDriverAccess.uri(u));
        assertEquals(Map.of("amqp.maxFrameSize", "65536"), org.maestro.worker.driver.Protocols.defaultsOf(u));
        SutUrl own = SutUrl.parse("amqp://broker:5673/orders?amqp.maxFrameSize=1048576");
        assertEquals("amqp://broker:5673?amqp.maxFrameSize=1048576", org.maestro.worker.driver.jms.JmsDriverAccess.uri(own),
                "the URL's frame size wins");
        assertEquals(Map.of(), org.maestro.worker.driver.Protocols.defaultsOf(own), "no default shown where the URL set it");
        SutUrl f = SutUrl.parse("amqp://h/q?failover=true&failover.maxReconnectAttempts=5&transport.tcpNoDelay=true&jms.clientID=x");
        assertEquals("failover:(amqp://h:5672?amqp.maxFrameSize=65536&transport.tcpNoDelay=true)?failover.maxReconnectAttempts=5"
                        + "&failover.maxReconnectDelay=1000&failover.startupMaxReconnectAttempts=1&jms.clientID=x",
                org.maestro.worker.driver.jms.JmsDriverAccess.uri(f));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SutUrl.parse("http://h/q")).getMessage()
                .contains("scheme must be one of amqp://, amqps://, core://, openwire://, tcp://, kafka://"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SutUrl.parse("amqp://h:5672")).getMessage()
                .contains("no destination"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SutUrl.parse("amqp://h/q?type=stream")).getMessage()
                .contains("type must be queue or topic"));
        // A known limit each way, per connection: a sender's throttle, a receiver's receiveThrottle; neither goes to the client.
        SutUrl t = SutUrl.parse("amqp://h/q?throttle=60&receiveThrottle=40");
        assertEquals(60, t.throttlePerSecond());
        assertEquals(40, t.receiveThrottlePerSecond());
        assertEquals(Map.of(), t.clientOptions());
        assertEquals(0, SutUrl.parse("amqp://h/q").receiveThrottlePerSecond());
        assertEquals("bad SUT URL 'amqp://h:5672/q?receiveThrottle=0': receiveThrottle must be a whole number of messages per second"
                + " > 0, not '0'", assertThrows(IllegalArgumentException.class, () -> SutUrl.parse("amqp://h:5672/q?receiveThrottle=0"))
                .getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SutUrl.parse("core://h/q?recieveThrottle=5")).getMessage()
                .contains("unknown option 'recieveThrottle' (Maestro's: type, persistent, durable, failover, throttle, receiveThrottle,"
                        + " delivery;"));
    }

    @Test
    void optionsAreCheckedWithTheirNames() {
        Map<String, String> base = Map.of(TestOptions.SEND_URL, "amqp://h/q");
        WorkerOptions o = WorkerOptions.parse(base);
        assertEquals(1, o.connections());
        assertEquals(Duration.ofSeconds(2), o.drainQuiet());
        // In flight: 1000 messages by default, fewer of big ones (their bodies within 64 MiB), never none.
        assertEquals(1000, o.maxInFlight());
        assertEquals(64, WorkerOptions.parse(with(base, TestOptions.MESSAGE_SIZE, "1MiB")).maxInFlight());
        assertEquals(1, WorkerOptions.parse(with(base, TestOptions.MESSAGE_SIZE, "100MiB")).maxInFlight());
        assertEquals(10, WorkerOptions.parse(with(with(base, TestOptions.MESSAGE_SIZE, "1MiB"), TestOptions.MAX_IN_FLIGHT, "10")).maxInFlight());
        // A receiver's client fetches ahead no more of the biggest messages than fit in the same 64 MiB, at least one.
        assertEquals(65536, o.receiveAhead());
        assertEquals(64, WorkerOptions.parse(with(base, TestOptions.MESSAGE_SIZE, "1MiB")).receiveAhead());
        assertEquals(1, WorkerOptions.parse(with(base, TestOptions.MESSAGE_SIZE, "100MiB")).receiveAhead());
        WorkerOptions big = WorkerOptions.parse(with(base, TestOptions.MESSAGE_SIZE, "100MiB"));
        assertEquals(Map.of("jms.prefetchPolicy.all", "1"), big.receiveAheadDefaults(), "shown in a receiver's system.json");
        assertEquals("1", big.receivingUrl().clientOptions().get("jms.prefetchPolicy.all"));
        assertEquals(Map.of(), o.receiveAheadDefaults(), "1000 of 1 KiB: qpid-jms's own prefetch");
        assertEquals(o.sendUrl(), o.receiveUrl(), "receivers use the send URL unless told otherwise");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WorkerOptions.parse(with(base, TestOptions.MESSAGE_SIZE, "16")))
                .getMessage().contains("too small"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WorkerOptions.parse(with(base, TestOptions.CONNECTIONS, "0")))
                .getMessage().startsWith("option connections: '0' is not a positive whole number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WorkerOptions.parse(with(base, TestOptions.WARMUP, "1000")))
                .getMessage().startsWith("option warmup: bad time '1000': a message count, not a time"));
        assertEquals(Duration.ofNanos(500_000), WorkerOptions.parse(with(base, TestOptions.DRAIN_QUIET, "500us")).drainQuiet());
        for (String escape : List.of("..", ".", "a/b", "x\\y")) {
            assertTrue(assertThrows(IllegalArgumentException.class, () -> WorkerOptions.parse(with(base, TestOptions.TEST_ID, escape)))
                    .getMessage().contains("cannot name a directory"), escape);
        }
    }

    private static Map<String, String> with(Map<String, String> base, String key, String value) {
        Map<String, String> m = new java.util.HashMap<>(base);
        m.put(key, value);
        return m;
    }
}
