package org.maestro.common.note;

import org.msgpack.core.MessageFormat;
import org.msgpack.core.MessagePackException;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.value.ValueType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the fields of one payload in order, checking each one's type and every length against the
 * bytes left, so that hostile input cannot make it allocate more than the note's own size. Every
 * failure is a {@link NoteCodecException} naming the field and the byte offset.
 */
public final class PayloadReader {
    private final MessageUnpacker unpacker;
    private final int totalBytes;
    private final String where;
    private int fieldsLeft;

    PayloadReader(MessageUnpacker unpacker, int totalBytes, String where, int fields) {
        this.unpacker = unpacker;
        this.totalBytes = totalBytes;
        this.where = where;
        this.fieldsLeft = fields;
    }

    int fieldsLeft() {
        return fieldsLeft;
    }

    public String string(String field) throws NoteCodecException {
        take(field);
        return rawString(field);
    }

    /** A string field appended in a later version: "" when an older sender's payload ends before it. */
    public String optionalString(String field) throws NoteCodecException {
        return fieldsLeft > 0 ? string(field) : "";
    }

    /** A 64-bit integer field appended in a later version: 0 when an older sender's payload ends before it. */
    public long optionalInt64(String field) throws NoteCodecException {
        return fieldsLeft > 0 ? int64(field) : 0;
    }

    public long int64(String field) throws NoteCodecException {
        take(field);
        expect(field, ValueType.INTEGER);
        try {
            return unpacker.unpackLong();
        } catch (IOException | MessagePackException e) {
            throw error(field, "is not a 64-bit integer", e);
        }
    }

    public double float64(String field) throws NoteCodecException {
        take(field);
        try {
            MessageFormat f = unpacker.getNextFormat();
            if (f.getValueType() == ValueType.INTEGER) {
                return unpacker.unpackLong();
            }
            expect(field, ValueType.FLOAT);
            return unpacker.unpackDouble();
        } catch (IOException | MessagePackException e) {
            throw error(field, "is not a number", e);
        }
    }

    public List<String> strings(String field) throws NoteCodecException {
        take(field);
        int n = arrayHeader(field);
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(rawString(field + "[" + i + "]"));
        }
        return List.copyOf(out);
    }

    public Map<String, String> stringMap(String field) throws NoteCodecException {
        take(field);
        expect(field, ValueType.MAP);
        int n;
        try {
            n = unpacker.unpackMapHeader();
        } catch (IOException | MessagePackException e) {
            throw error(field, "is not a map", e);
        }
        checkLength(field, 2L * n);
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            String key = rawString(field + " key #" + i);
            out.put(key, rawString(field + "." + key));
        }
        return Collections.unmodifiableMap(out);
    }

    public PeerInfo peer(String field) throws NoteCodecException {
        take(field);
        int n = arrayHeader(field);
        if (n < 5) {
            throw error(field, "has " + n + " fields, expected 5 (id, name, host, role, group)", null);
        }
        String id = rawString(field + ".id");
        String name = rawString(field + ".name");
        String host = rawString(field + ".host");
        String role = rawString(field + ".role");
        String group = rawString(field + ".group");
        skip(field, n - 5);
        try {
            return new PeerInfo(id, name, host, Role.parse(role), group);
        } catch (IllegalArgumentException e) {
            throw error(field + ".role", e.getMessage(), null);
        }
    }

    public Stats stats(String field) throws NoteCodecException {
        take(field);
        int n = arrayHeader(field);
        PayloadReader r = new PayloadReader(unpacker, totalBytes, where + " " + field, n);
        String testId = r.string("testId");
        Role role;
        String roleText = r.string("role");
        try {
            role = Role.parse(roleText);
        } catch (IllegalArgumentException e) {
            throw error(field + ".role", e.getMessage(), null);
        }
        Stats s = new Stats(testId, role, r.string("phase"), r.int64("elapsedMillis"), r.int64("messages"),
                r.float64("ratePerSecond"), r.int64("latencyP50Micros"), r.int64("latencyP90Micros"),
                r.int64("latencyP99Micros"), r.int64("latencyMaxMicros"), r.int64("sendDelayP99Micros"),
                r.int64("lost"), r.int64("duplicated"), r.int64("outOfOrder"));
        r.skipRest();
        return s;
    }

    /** Skips fields a newer peer added after the ones this version knows. */
    void skipRest() throws NoteCodecException {
        skip("trailing fields", fieldsLeft);
        fieldsLeft = 0;
    }

    private void take(String field) throws NoteCodecException {
        if (fieldsLeft <= 0) {
            throw new NoteCodecException(where + ": field '" + field + "' is missing (payload too short) at byte " + offset());
        }
        fieldsLeft--;
    }

    private String rawString(String field) throws NoteCodecException {
        expect(field, ValueType.STRING);
        try {
            int len = unpacker.unpackRawStringHeader();
            checkLength(field, len);
            return new String(unpacker.readPayload(len), StandardCharsets.UTF_8);
        } catch (IOException | MessagePackException e) {
            throw error(field, "is not a readable string", e);
        }
    }

    /** Reads an array header that is not a counted field (the note itself, a payload). */
    int arrayOf(String what) throws NoteCodecException {
        return arrayHeader(what);
    }

    private int arrayHeader(String field) throws NoteCodecException {
        expect(field, ValueType.ARRAY);
        try {
            int n = unpacker.unpackArrayHeader();
            checkLength(field, n);
            return n;
        } catch (IOException | MessagePackException e) {
            throw error(field, "is not an array", e);
        }
    }

    private void skip(String field, int values) throws NoteCodecException {
        try {
            for (int i = 0; i < values; i++) {
                unpacker.skipValue();
            }
        } catch (IOException | MessagePackException e) {
            throw error(field, "could not be skipped", e);
        }
    }

    private void expect(String field, ValueType type) throws NoteCodecException {
        MessageFormat f;
        try {
            if (!unpacker.hasNext()) {
                throw new NoteCodecException(where + ": field '" + field + "' is cut off at byte " + offset());
            }
            f = unpacker.getNextFormat();
        } catch (IOException | MessagePackException e) {
            throw error(field, "could not be read", e);
        }
        if (f.getValueType() != type) {
            throw new NoteCodecException(where + ": field '" + field + "' should be " + type.name().toLowerCase()
                    + " but is " + f.getValueType().name().toLowerCase() + " at byte " + offset());
        }
    }

    /** Each element or byte takes at least one byte on the wire: a longer claim is a lie. */
    private void checkLength(String field, long claimed) throws NoteCodecException {
        long left = totalBytes - offset();
        if (claimed < 0 || claimed > left) {
            throw new NoteCodecException(where + ": field '" + field + "' claims " + claimed
                    + " elements/bytes but only " + left + " bytes are left at byte " + offset());
        }
    }

    private long offset() {
        return unpacker.getTotalReadBytes();
    }

    private NoteCodecException error(String field, String what, Exception cause) {
        String detail = cause == null || cause.getMessage() == null ? "" : " (" + cause.getMessage() + ")";
        return new NoteCodecException(where + ": field '" + field + "' " + what + " at byte " + offset() + detail, cause);
    }
}
