package org.maestro.common.note;

import org.maestro.common.util.EnumLookup;

/**
 * The three kinds of note. The numbers are on the wire: extend, never renumber.
 */
public enum NoteType {
    REQUEST(0),
    RESPONSE(1),
    NOTIFICATION(2);

    private final int code;

    NoteType(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The type with this wire number, or null when there is none. */
    public static NoteType fromCode(int code) {
        return EnumLookup.byCode(values(), NoteType::code, code);
    }
}
