package org.maestro.common.note;

import org.maestro.common.util.EnumLookup;

/**
 * Note commands. The numbers are those of the Maestro protocol and are on the wire:
 * extend (new commands from 40 up), never renumber. docs/protocol.md describes each one.
 */
public enum Command {
    START_RECEIVER(0),
    STOP_RECEIVER(1),
    START_SENDER(2),
    STOP_SENDER(3),
    START_INSPECTOR(4),
    STOP_INSPECTOR(5),
    FLUSH(6),
    SET(7),
    STATS(8),
    HALT(9),
    PING(10),
    OK(11),
    PROTOCOL_ERROR(12),
    INTERNAL_ERROR(13),
    ABNORMAL_DISCONNECT(14),
    NOTIFY_FAIL(15),
    NOTIFY_SUCCESS(16),
    GET(17),
    START_AGENT(18),
    STOP_AGENT(19),
    AGENT_SOURCE(21),
    USER_COMMAND_1(30),
    /** A peer's one-second progress while a test runs. */
    NOTIFY_PROGRESS(40),
    /** An agent handler run has ended: its outcome. */
    NOTIFY_HANDLER(41),
    /** A sender or receiver opens its SUT connections before START. */
    PREPARE(42);

    private final int code;

    Command(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The command with this wire number, or null when there is none. */
    public static Command fromCode(int code) {
        return EnumLookup.byCode(values(), Command::code, code);
    }
}
