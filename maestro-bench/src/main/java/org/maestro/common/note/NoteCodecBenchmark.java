package org.maestro.common.note;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The note codec on the note every worker sends every second during a test: a PROGRESS notification with its stats,
 * encoded (MessagePack) and decoded.
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class NoteCodecBenchmark {
    private final Note progress = Note.notification("4d5354524d535452", new Payload.Progress(new Stats("test-20261127-0800",
            Role.RECEIVER, "running", 61_250, 1_234_567, 20_011.5, 810, 1_450, 3_900, 12_700, -1, 0, 0, 0)));
    private final byte[] encoded = NoteCodec.encode(progress);

    @Benchmark
    public byte[] encodeProgress() {
        return NoteCodec.encode(progress);
    }

    @Benchmark
    public Note decodeProgress() throws NoteCodecException {
        return NoteCodec.decode(encoded);
    }
}
