package org.maestro.common.note;

import org.maestro.bench.PerMessageSettings;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * The note codec on the note every worker sends every second during a test: a PROGRESS notification with its stats,
 * encoded (MessagePack) and decoded.
 */
public class NoteCodecBenchmark extends PerMessageSettings {
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
