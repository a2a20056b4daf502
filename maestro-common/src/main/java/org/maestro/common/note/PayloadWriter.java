package org.maestro.common.note;

import org.msgpack.core.MessagePacker;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Writes payload fields in order and counts them, so the codec can prefix the payload's array
 * header. Null strings are written as empty ones: notes carry no nulls.
 */
public final class PayloadWriter {
    private final MessagePacker packer;
    private int fields;

    PayloadWriter(MessagePacker packer) {
        this.packer = packer;
    }

    int fields() {
        return fields;
    }

    public PayloadWriter string(String value) throws IOException {
        fields++;
        rawString(value);
        return this;
    }

    public PayloadWriter int64(long value) throws IOException {
        fields++;
        packer.packLong(value);
        return this;
    }

    public PayloadWriter float64(double value) throws IOException {
        fields++;
        packer.packDouble(value);
        return this;
    }

    public PayloadWriter strings(List<String> values) throws IOException {
        fields++;
        packer.packArrayHeader(values.size());
        for (String v : values) {
            rawString(v);
        }
        return this;
    }

    public PayloadWriter stringMap(Map<String, String> values) throws IOException {
        fields++;
        packer.packMapHeader(values.size());
        for (Map.Entry<String, String> e : values.entrySet()) {
            rawString(e.getKey());
            rawString(e.getValue());
        }
        return this;
    }

    public PayloadWriter peer(PeerInfo peer) throws IOException {
        fields++;
        packer.packArrayHeader(5);
        rawString(peer.id());
        rawString(peer.name());
        rawString(peer.host());
        rawString(peer.role().wireName());
        rawString(peer.group());
        return this;
    }

    public PayloadWriter stats(Stats s) throws IOException {
        fields++;
        PayloadWriter inner = new PayloadWriter(packer);
        packer.packArrayHeader(14);
        inner.string(s.testId()).string(s.role().wireName()).string(s.phase()).int64(s.elapsedMillis())
                .int64(s.messages()).float64(s.ratePerSecond()).int64(s.latencyP50Micros())
                .int64(s.latencyP90Micros()).int64(s.latencyP99Micros()).int64(s.latencyMaxMicros())
                .int64(s.sendDelayP99Micros()).int64(s.lost()).int64(s.duplicated()).int64(s.outOfOrder());
        return this;
    }

    private void rawString(String value) throws IOException {
        packer.packString(value == null ? "" : value);
    }
}
