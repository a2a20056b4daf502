package org.maestro.worker;

import org.junit.jupiter.api.Test;
import org.maestro.common.note.LoadOptions;
import org.maestro.common.note.TestOptions;
import org.maestro.common.runfiles.TestJson;
import org.maestro.common.units.TestDuration;
import org.maestro.common.units.WarmupRamp;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The warm-up gate's decisions, on made-up timelines (nanoseconds from the start): no clock, no broker. */
class WarmupGateTest {
    private static final long MS = 1_000_000;
    private static final long S = 1_000 * MS;

    /** The made-up time of the last message sent, for a made-up JIT. */
    private static final ThreadLocal<long[]> NOW = ThreadLocal.withInitial(() -> new long[1]);

    /** 5 s warm-up, 100 ms bound, 15 s cap, two connections, in a JVM that does not tell its JIT time. */
    private static WarmupGate gate() {
        return gate(() -> -1);
    }

    private static WarmupGate gate(LongSupplier jitTotalMillis) {
        return WarmupGate.onSchedule(Duration.ofSeconds(5), Duration.ofMillis(100), Duration.ofSeconds(15), Duration.ofSeconds(15), 2,
                jitTotalMillis);
    }

    /** A JIT that compiles {@code perSecond} ms a second (summed over its threads) until {@code until}, then 10 ms a second. */
    private static LongSupplier jit(long perSecond, long until) {
        return () -> {
            long t = NOW.get()[0];
            return Math.min(t, until) / S * perSecond + Math.min(t, until) % S * perSecond / S + Math.max(0, t - until) / S * 10;
        };
    }

    /** Each connection sends one message every 10 ms from {@code from} to {@code to}, {@code lateBy} late, checking as it goes. */
    private static void send(WarmupGate g, long from, long to, long lateBy) {
        for (long t = from; t < to && !g.ended(); t += 10 * MS) {
            NOW.get()[0] = t;
            for (int c = 0; c < 2; c++) {
                g.due(c, t);
                g.sent(c, t, t + lateBy);
            }
        }
    }

    @Test
    void senderOnScheduleFromTheStartEndsTheWarmupAtTheConfiguredTime() {
        WarmupGate g = gate();
        send(g, 0, 20 * S, MS);
        assertTrue(g.ended());
        assertEquals(5 * S, g.lengthNanos(), 1 + 10 * MS);
        assertEquals(new TestJson.WarmupGate(5_000_000, 15_000_000, 100_000, true, -1, 0, null), g.outcome());
        assertTrue(g.inWarmup(4 * S) && !g.inWarmup(6 * S));
    }

    /**
     * A cold JVM on schedule (the ramp asks little of it) while its JIT compiles a core's worth a second until 9 s: the
     * warm-up waits for a whole second of its compiling below the bound, then ends; a warm one ends at the configured time.
     */
    @Test
    void aJvmStillCompilingKeepsTheWarmupGoingUntilItsJitIsQuiet() {
        WarmupGate cold = gate(jit(1_000, 9 * S));
        send(cold, 0, 20 * S, MS);
        assertTrue(cold.lengthNanos() > 9 * S && cold.lengthNanos() <= 10 * S + 10 * MS, "ended at " + cold.lengthNanos());
        TestJson.WarmupGate o = cold.outcome();
        assertEquals(Boolean.TRUE, o.onSchedule());
        assertTrue(o.jitMillisPerSecond() < 100, o.toString());
        assertEquals(String.format(java.util.Locale.ROOT, "on schedule after %.1f s", cold.lengthNanos() / 1e9),
                o.describe(cold.lengthNanos() / 1_000));

        WarmupGate warm = gate(jit(50, 20 * S));
        send(warm, 0, 20 * S, MS);
        assertEquals(5 * S, warm.lengthNanos(), 10 * MS + 1, "50 ms a second is a warm JVM's");
    }

    /**
     * Compiling to the end of the cap: the warm-up stops waiting for the JIT a second before it, ends there on
     * schedule, and says the JVM was still compiling.
     */
    @Test
    void aJvmCompilingAtTheCapEndsTheWarmupOnScheduleStillCompiling() {
        WarmupGate g = gate(jit(400, 30 * S));
        send(g, 0, 30 * S, MS);
        assertEquals(14 * S, g.lengthNanos(), 10 * MS + 1);
        TestJson.WarmupGate o = g.outcome();
        assertTrue(o.onSchedule(), o.toString());
        assertEquals(400, o.jitMillisPerSecond(), 5);
        assertEquals("on schedule after 14.0 s, the JIT still compiling " + o.jitMillisPerSecond() + " ms a second",
                o.describe(14_000_000));
    }

    /**
     * A blip in the last second before the cap, after seconds on schedule while the JIT compiled: the warm-up ended on
     * schedule at the end of its wait for the JIT, a second before the cap, not off schedule at the cap.
     */
    @Test
    void aBlipAtTheCapDoesNotPutAWarmupOnScheduleWhileCompilingOffIt() {
        WarmupGate g = gate(jit(400, 30 * S));
        send(g, 0, 14_500 * MS, MS);
        send(g, 14_500 * MS, 16 * S, 113 * MS);
        assertEquals(14 * S, g.lengthNanos(), 10 * MS + 1);
        assertTrue(g.outcome().onSchedule(), g.outcome().toString());
    }

    /**
     * A cap set longer than the default for the schedule's sake (a limit search's short steps: a 1 s warm-up, up to
     * 3 s of a 3 s step) does not make it wait that long for the JIT: at most the default cap, half-way to the end.
     */
    @Test
    void theJitIsWaitedForNoLongerThanTheDefaultCap() {
        WarmupGate g = WarmupGate.onSchedule(Duration.ofSeconds(1), Duration.ofMillis(100), Duration.ofSeconds(3),
                LoadOptions.defaultWarmupMax(Duration.ofSeconds(1), TestDuration.parse("3s")), 2, jit(300, 30 * S));
        send(g, 0, 3 * S, MS);
        assertEquals(2 * S, g.lengthNanos(), 10 * MS + 1);
        assertEquals(Boolean.TRUE, g.outcome().onSchedule());
    }

    /**
     * A connection tags a message due at 5.2 s warm-up while the ticker, with a time read at 5.1 s, waits for the lock
     * to end the warm-up: the end comes after that message, so the tags (HDR) and the recorded end (rate logs) agree.
     */
    @Test
    void aMessageTaggedWarmupBeforeTheEndIsDecidedStaysBeforeIt() {
        WarmupGate g = gate();
        send(g, 0, 5 * S - 10 * MS, MS);
        assertFalse(g.ended());
        assertTrue(g.tag(5_200 * MS), "tagged while the warm-up waits");
        g.check(5_100 * MS);
        assertTrue(g.ended());
        assertTrue(g.inWarmup(5_200 * MS) && g.lengthNanos() == 5_200 * MS + 1, "ended at " + g.lengthNanos());
        assertFalse(g.tag(5_200 * MS + 1), "after the end, by the end");
    }

    @Test
    void senderBehindUntil7sEndsItsWarmupAWholeSecondAfterItsLastLateMessage() {
        WarmupGate g = gate();
        send(g, 0, 7 * S, 800 * MS);
        assertFalse(g.ended(), "behind: still warming up at 7 s");
        assertTrue(g.inWarmup(7 * S));
        send(g, 7 * S, 20 * S, 2 * MS);
        // The last late message (due at 6.99 s) left at 7.79 s: a whole second on schedule after it.
        assertEquals(8_790 * MS, g.lengthNanos(), 10 * MS + 1);
        assertEquals(Boolean.TRUE, g.outcome().onSchedule());
    }

    @Test
    void senderNeverOnScheduleEndsAtTheCapNamingTheConnectionBehind() {
        WarmupGate g = gate();
        for (long t = 0; !g.ended() && t < 30 * S; t += 10 * MS) {
            g.due(0, t);
            g.sent(0, t, t + MS);
            g.due(1, t);
            g.sent(1, t, t + 300 * MS);
        }
        assertEquals(15 * S, g.lengthNanos(), 10 * MS + 1);
        TestJson.WarmupGate o = g.outcome();
        assertTrue(o.offSchedule());
        assertEquals(1, o.connection());
        assertEquals(300_000, o.sendDelayMicros());
        assertEquals("connection 1 send delay 300.000 ms when the warm-up hit its 15.0 s cap", o.describe(15_000_000));
    }

    @Test
    void connectionStuckWithoutSendingIsBehindToo() {
        WarmupGate g = gate();
        send(g, 0, 6 * S, MS);
        WarmupGate stuck = gate();
        // Connection 1's message due at 1 s never leaves (the SUT holds it back): only the ticker's checks see it.
        for (long t = 0; t < 6 * S; t += 10 * MS) {
            stuck.due(0, t);
            stuck.sent(0, t, t + MS);
            if (t == S) {
                stuck.due(1, t);
            }
        }
        assertTrue(g.ended());
        assertFalse(stuck.ended(), "connection 1 has been due for 5 s");
        stuck.check(15 * S);
        assertTrue(stuck.outcome().offSchedule());
        assertEquals(1, stuck.outcome().connection());
        assertEquals(14_000_000, stuck.outcome().sendDelayMicros(), "how late its pending message is");
    }

    @Test
    void sendingThatEndsDuringTheWarmupEndsItOffSchedule() {
        WarmupGate g = gate();
        send(g, 0, 3 * S, 500 * MS);
        g.sendingEnded(3 * S);
        assertTrue(g.outcome().offSchedule());
        assertEquals("sending ended 3.0 s in, before the warm-up could end (connection 0 send delay 500.000 ms)",
                g.outcome().describe(g.lengthNanos() / 1_000));
        assertTrue(g.outcome().endedWithSending(g.lengthNanos() / 1_000), "nothing of it was measured");
    }

    /**
     * Issue 21, reproduction 5: ten messages at 1000 msg/s end 10 ms into a 5 s warm-up. Every connection counts as late
     * from the start until it sends, with a delay of 0: that is no send delay to name, and the gate did not end at its
     * cap. Before, this read "connection 0 send delay 0.000 ms when the warm-up ended with sending" and failed the run.
     */
    @Test
    void sendingThatEndsInTheFirstSecondNamesNoSendDelay() {
        WarmupGate g = gate();
        send(g, 0, 10 * MS, MS / 10);
        g.sendingEnded(10 * MS);
        assertTrue(g.outcome().endedWithSending(g.lengthNanos() / 1_000));
        assertEquals("sending ended 0.0 s in, before the warm-up could end", g.outcome().describe(g.lengthNanos() / 1_000));
    }

    @Test
    void fixedWarmupIsTheConfiguredTimeAndHasNoOutcome() {
        WarmupGate g = WarmupGate.fixed(Duration.ofSeconds(2));
        assertFalse(g.gated());
        g.sent(0, 0, 10 * S);
        assertTrue(g.inWarmup(2 * S - 1) && !g.inWarmup(2 * S));
        assertNull(g.outcome());
        assertFalse(WarmupGate.fixed(Duration.ZERO).inWarmup(0), "no warm-up: nothing is warm-up");
    }

    @Test
    void theScheduleRampsWithinTheWarmupByDefaultAndNotWhenOffOrStaged() {
        Map<String, String> o = new HashMap<>(Map.of(TestOptions.SEND_URL, "amqp://h/q", TestOptions.RATE, "1000",
                TestOptions.WARMUP, "5s", TestOptions.DURATION, "60s"));
        WorkerOptions ramped = WorkerOptions.parse(o);
        assertEquals(WarmupRamp.parseOrOff(LoadOptions.DEFAULT_WARMUP_RAMP), ramped.warmupRamp());
        WarmupRamp ramp = ramped.warmupRamp();
        long firstGap = ramped.schedule().applyAsLong(1);
        assertTrue(firstGap > 900_000_000L / (long) (1000 * ramp.fromShare()) && firstGap < 1_100_000_000L / (long) (1000 * ramp.fromShare()),
                "the first gap at the ramp's start share: " + firstGap);
        o.put(TestOptions.WARMUP_RAMP, "off");
        WorkerOptions off = WorkerOptions.parse(o);
        assertNull(off.warmupRamp());
        assertEquals(1_000_000L, off.schedule().applyAsLong(1), "the target from the first message");
        o.put(TestOptions.WARMUP_RAMP, "50% 2s");
        o.put(TestOptions.RATE_STAGES, "100/s 10s");
        assertEquals(10_000_000L, WorkerOptions.parse(o).schedule().applyAsLong(1), 1, "a rate profile is its own shape");
        o.remove(TestOptions.RATE_STAGES);
        o.put(TestOptions.WARMUP_RAMP, "50%");
        assertEquals("option warmup.ramp: bad warm-up ramp '50%': not a share (in %) and a time; expected a start share of"
                + " the target rate and a time like '10% 5s', or off", assertThrows(IllegalArgumentException.class,
                () -> WorkerOptions.parse(o)).getMessage());
    }

    @Test
    void optionsChooseTheGateAndItsDefaults() {
        Map<String, String> o = new HashMap<>(Map.of(TestOptions.SEND_URL, "amqp://h/q", TestOptions.RATE, "1000",
                TestOptions.WARMUP, "5s", TestOptions.DURATION, "60s"));
        WorkerOptions parsed = WorkerOptions.parse(o);
        assertEquals(Duration.ofMillis(100), parsed.warmupSendDelay());
        assertEquals(Duration.ofSeconds(15), parsed.warmupMax(), "three times the warm-up");
        assertTrue(WarmupGate.of(parsed).gated());
        assertEquals(Duration.ofSeconds(7).plusMillis(500), LoadOptions.defaultWarmupMax(Duration.ofSeconds(5),
                TestDuration.parse("10s")), "never beyond half-way to the end of the test");

        o.put(TestOptions.WARMUP_SEND_DELAY, "off");
        assertFalse(WarmupGate.of(WorkerOptions.parse(o)).gated());
        o.put(TestOptions.WARMUP_SEND_DELAY, "50ms");
        o.put(TestOptions.RATE, "0");
        assertFalse(WarmupGate.of(WorkerOptions.parse(o)).gated(), "flat out has no schedule to be on");

        o.put(TestOptions.WARMUP_SEND_DELAY, "0ms");
        assertEquals("option warmup.send.delay: bad time '0ms': zero is a bound no one meets; expected a time like 100ms,"
                + " or off for none", assertThrows(IllegalArgumentException.class, () -> WorkerOptions.parse(o)).getMessage());
        o.put(TestOptions.WARMUP_SEND_DELAY, "100ms");
        o.put(TestOptions.WARMUP_MAX, "2s");
        assertEquals("option warmup.max: '2s' is shorter than the warm-up '5s' it caps",
                assertThrows(IllegalArgumentException.class, () -> WorkerOptions.parse(o)).getMessage());
    }

    @Test
    void atTheCapTheConnectionIsNamedWithHowFarBehindItWasNotHowItEnded() {
        WarmupGate g = WarmupGate.onSchedule(Duration.ofSeconds(2), Duration.ofMillis(500), Duration.ofSeconds(3), Duration.ofSeconds(3), 2,
                () -> -1);
        for (long t = 0; !g.ended() && t < 10 * S; t += 10 * MS) {
            // Connection 0's message due at 1.5 s leaves at 2.3 s, 800 ms late; then it is on schedule again, but
            // not for a whole second by the 3 s cap.
            long late = t == 1_500 * MS ? 800 * MS : MS;
            g.due(0, t);
            g.sent(0, t, t + late);
            g.due(1, t);
            g.sent(1, t, t + MS);
        }
        TestJson.WarmupGate o = g.outcome();
        assertTrue(o.offSchedule(), o.toString());
        assertEquals(0, o.connection());
        assertEquals(800_000, o.sendDelayMicros(), "its worst delay of that second, not the 1 ms of its last message");
    }
}
