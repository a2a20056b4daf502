package org.maestro.worker;

import org.maestro.common.note.LatencyMode;
import org.maestro.common.note.LoadOptions;
import org.maestro.common.note.OptionValues;
import org.maestro.common.note.TestOptions;
import org.maestro.common.units.SizeMix;
import org.maestro.common.units.Rate;
import org.maestro.common.units.RateProfile;
import org.maestro.common.units.TestDuration;
import org.maestro.common.units.WarmupRamp;
import org.maestro.worker.driver.Protocols;
import org.maestro.worker.driver.SutUrl;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongUnaryOperator;

/**
 * The parameters a worker runs a test with, parsed and checked from the SET options. A bad value
 * is refused at SET time with a message naming the option and what was wrong.
 *
 * @param raw             the options as given (written to test.json)
 * @param warmupSendDelay the send-delay bound that ends a sender's warm-up (see {@link WarmupGate}); null: off
 * @param warmupMax       the longest the warm-up may wait for it
 * @param warmupRamp      how the warm-up raises a sender's rate to its target; null: off
 */
public record WorkerOptions(Map<String, String> raw, String testId, String testName, TestDuration duration, Rate rate,
                            int connections, SizeMix messageSize, SutUrl sendUrl, SutUrl receiveUrl, Duration warmup,
                            Duration warmupSendDelay, Duration warmupMax, WarmupRamp warmupRamp, Duration drainQuiet,
                            int maxInFlight) {

    /**
     * The most bytes of message bodies one sender connection leaves unacknowledged. The client library holds each
     * message in flight (its copy of the body, and the encoded frame) until the SUT settles it: the default 1000 in
     * flight of 100MiB would be 100 GB, and a sender's heap grew to its maximum (6.6 GB resident) trying. Small
     * messages never reach it (1000 of 64 KiB fit), so for them max.in.flight alone rules.
     */
    static final long IN_FLIGHT_BYTES = 64L << 20;

    /** max.in.flight as given, lowered so that that many of the biggest messages fit in {@link #IN_FLIGHT_BYTES}; at least 1. */
    static int inFlight(int given, SizeMix size) {
        return Math.min(given, fitInFlight(size));
    }

    /** How many of the biggest messages of {@code size} fit in {@link #IN_FLIGHT_BYTES}; at least 1. */
    static int fitInFlight(SizeMix size) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, IN_FLIGHT_BYTES / size.maxBytes()));
    }

    /**
     * The most messages a receiver connection lets its client fetch ahead of what it has taken: as many of the biggest
     * messages as fit in {@link #IN_FLIGHT_BYTES}, as a sender's are bounded. A client that fetches a thousand ahead
     * (qpid-jms's default) of 100MiB messages holds them all, and a receiver's heap grew to 4.0 GB resident.
     */
    public int receiveAhead() {
        return fitInFlight(messageSize);
    }

    /** The receive URL with the client options that bound what its connections fetch ahead to {@link #receiveAhead}. */
    public SutUrl receivingUrl() {
        return Protocols.receiving(receiveUrl, receiveAhead());
    }

    /** The options {@link #receivingUrl} adds; empty for none or without a receive URL. */
    public Map<String, String> receiveAheadDefaults() {
        return receiveUrl == null ? Map.of() : Protocols.receiveAheadOf(receiveUrl, receiveAhead());
    }

    /** Reads a SET's options: the load ({@link LoadOptions#parse}), the SUT's URLs and this worker's own settings. */
    public static WorkerOptions parse(Map<String, String> options) {
        Map<String, String> o = new TreeMap<>(options);
        LoadOptions load = LoadOptions.parse(o);
        SizeMix size = load.messageSize();
        if (size.minBytes() < MessageStamp.SIZE) {
            throw new IllegalArgumentException(TestOptions.MESSAGE_SIZE + " '" + o.get(TestOptions.MESSAGE_SIZE) + "' is too small:"
                    + " every message carries a " + MessageStamp.SIZE + "-byte Maestro stamp, so the smallest size is " + MessageStamp.SIZE);
        }
        SutUrl send = OptionValues.read(o, TestOptions.SEND_URL, null, SutUrl::parse);
        SutUrl receive = o.containsKey(TestOptions.RECEIVE_URL) ? OptionValues.read(o, TestOptions.RECEIVE_URL, null, SutUrl::parse) : send;
        Duration quiet = OptionValues.read(o, TestOptions.DRAIN_QUIET, DEFAULT_DRAIN_QUIET, OptionValues::time);
        int inFlight = inFlight(OptionValues.read(o, TestOptions.MAX_IN_FLIGHT, DEFAULT_MAX_IN_FLIGHT, OptionValues::positive), size);
        LatencyMode.parse(o); // refused at SET, not at START
        return new WorkerOptions(Map.copyOf(o), load.testId(), load.testName(), load.duration(), load.rate(), load.connections(),
                size, send, receive, load.warmupTime(), load.warmupSendDelayBound(), load.warmupCap(), load.ramp(), quiet, inFlight);
    }

    /** How long a receiver waits for a straggler after STOP when {@link TestOptions#DRAIN_QUIET} is not SET. */
    static final String DEFAULT_DRAIN_QUIET = "2s";
    /** Messages in flight per sender connection when {@link TestOptions#MAX_IN_FLIGHT} is not SET. */
    static final String DEFAULT_MAX_IN_FLIGHT = "1000";

    /**
     * When a sender's {@code k}-th message (of all its connections, from 0) is due, nanoseconds from the start: on its
     * rate profile ({@link TestOptions#RATE_STAGES}) when it has one (its own shape, unramped), else on its one rate,
     * raised to it over the warm-up's ramp ({@link TestOptions#WARMUP_RAMP}). Not for a flat-out rate.
     */
    public LongUnaryOperator schedule() {
        String stages = raw.get(TestOptions.RATE_STAGES);
        if (stages == null) {
            return warmupRamp == null ? rate::offsetNanos : warmupRamp.schedule(rate, warmup);
        }
        RateProfile profile = RateProfile.parse(stages);
        return profile::offsetNanos;
    }

    /** How latency is measured: one way, or round trip ({@link TestOptions#LATENCY}). */
    public LatencyMode latency() {
        return LatencyMode.parse(raw);
    }

    /** The test id, or a generated one when the client set none. */
    public String testIdOr(String fallback) {
        return testId.isEmpty() ? fallback : testId;
    }
}
