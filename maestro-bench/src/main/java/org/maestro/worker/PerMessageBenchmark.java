package org.maestro.worker;

import org.maestro.common.units.SizeMix;

import org.maestro.bench.PerMessageSettings;
import org.maestro.common.ratelog.RateLogWriter;
import org.maestro.common.runfiles.SequenceEventsCsv;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The per-message path of a worker, without the SUT: what a sender connection does for each message besides the send
 * ({@link SentMessages}: body and stamp, count, rate log, send delay) and what a receiver connection does for each
 * message besides the receive ({@link ReceivedMessages}: stamp read, count, service and response time, sequence
 * account, order, rate log), in order, 1 KiB messages. Their parts alone too, to say which part costs what. The rate
 * logs write to a null stream (their frames are still compressed); the HDR logs to a temporary file, never ticked.
 */
public class PerMessageBenchmark extends PerMessageSettings {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    /** Where the sequence sits in a stamp: after magic, flags and stream. */
    private static final int SEQUENCE_OFFSET = 16;
    private static final int SIZE = 1024;
    private static final long START_EPOCH_MICROS = 1_700_000_000_000_000L;

    private Path dir;
    private RateLogWriter senderRateLog;
    private RateLogWriter receiverRateLog;
    private IntervalLog sendDelay;
    private IntervalLog serviceTime;
    private IntervalLog responseTime;
    private SequenceEventsCsv events;
    private SentMessages sent;
    private ReceivedMessages received;
    private Sequences alone;
    private byte[] body;
    private long sequence;
    /**
     * Where each body the sender makes is kept until the next: a real escape, so that the compiler cannot drop the
     * allocation of a body that a driver would have read (returned to JMH's blackhole, it did).
     */
    private byte[] lastBody;

    @Setup(Level.Trial)
    public void open() throws IOException {
        dir = Files.createTempDirectory("maestro-jmh-");
        senderRateLog = new RateLogWriter(OutputStream.nullOutputStream(), START_EPOCH_MICROS, "jmh sender");
        receiverRateLog = new RateLogWriter(OutputStream.nullOutputStream(), START_EPOCH_MICROS, "jmh receiver");
        sendDelay = new IntervalLog(dir.resolve("send-delay.hlog"), START_EPOCH_MICROS / 1000, "jmh");
        serviceTime = new IntervalLog(dir.resolve("service.hlog"), START_EPOCH_MICROS / 1000, "jmh");
        responseTime = new IntervalLog(dir.resolve("response.hlog"), START_EPOCH_MICROS / 1000, "jmh");
        events = SequenceEventsCsv.create(dir);
        sent = new SentMessages(0x1234_0000L, SizeMix.parse(String.valueOf(SIZE)), START_EPOCH_MICROS, senderRateLog, sendDelay, new AtomicLong());
        received = new ReceivedMessages(new Sequences(), receiverRateLog, serviceTime, responseTime, events, START_EPOCH_MICROS,
                new AtomicLong(), new AtomicLong());
        alone = new Sequences();
        body = sent.body(0, 0, 0, false);
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        senderRateLog.close();
        receiverRateLog.close();
        sendDelay.close();
        serviceTime.close();
        responseTime.close();
        events.close();
    }

    /** A sender connection's work on one message besides the send: {@link SentMessages#body} then {@link SentMessages#sent}. */
    @Benchmark
    public byte[] senderStampAndBookkeeping() throws IOException {
        long s = sequence++;
        long eta = s * 10;
        byte[] b = sent.body(s, eta, eta + 3, false);
        sent.sent(eta, eta + 3, false);
        lastBody = b;
        return b;
    }

    /** A receiver connection's work on one message besides the receive, in order (the next sequence each time). */
    @Benchmark
    public void receiverSequenceHdrAndRateLog() throws IOException {
        long s = sequence++;
        LONG.set(body, SEQUENCE_OFFSET, s);
        received.record(body, START_EPOCH_MICROS + s * 10 + 250);
    }

    /** The stamp alone: written into a body. */
    @Benchmark
    public byte[] stampWrite() {
        long s = sequence++;
        new MessageStamp(7, s, START_EPOCH_MICROS + s, START_EPOCH_MICROS + s + 3, false).writeTo(body);
        return body;
    }

    /** The stamp alone: read from a body. */
    @Benchmark
    public long stampRead() {
        return MessageStamp.readFrom(body).sequence();
    }

    /** The sequence account alone, in order. */
    @Benchmark
    public boolean sequenceAccount() {
        return alone.record(7, sequence++);
    }

    /** One HDR interval-log record alone. */
    @Benchmark
    public void hdrRecord() {
        serviceTime.record(250 + (sequence++ & 1023), false);
    }

    /**
     * A receiver's second at 3,000 msg/s, in its HDR logs: 3,000 service and response times, then the tick (interval
     * written, measured histogram and last second updated) and the progress percentiles read from the last second.
     */
    @Benchmark
    @BenchmarkMode({Mode.AverageTime})
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public long hdrSecondAt3000PerSecondAndTick() {
        for (int i = 0; i < 3000; i++) {
            long v = 200 + ((sequence++ * 7919) & 4095);
            serviceTime.record(v, false);
            responseTime.record(v + 50, false);
        }
        serviceTime.tick();
        responseTime.tick();
        org.HdrHistogram.Histogram last = responseTime.lastInterval();
        return last.getValueAtPercentile(50) + last.getValueAtPercentile(90) + last.getValueAtPercentile(99) + last.getMaxValue();
    }

    /** One rate-log record alone (frames compressed as they fill). */
    @Benchmark
    public void rateLogRecord() throws IOException {
        long s = sequence++;
        receiverRateLog.record(s * 10, s * 10 + 250);
    }
}
