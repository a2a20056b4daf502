package org.maestro.common.note;

import java.util.Locale;

/** What a peer does in a test. The lower-case name is used in topics and on the command line. */
public enum Role {
    SENDER,
    RECEIVER,
    INSPECTOR,
    AGENT;

    /** The lower-case name used in topics, notes and command lines. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a role name, case-insensitively.
     *
     * @throws IllegalArgumentException naming the bad text and the valid roles
     */
    public static Role parse(String text) {
        if (text != null) {
            for (Role r : values()) {
                if (r.wireName().equalsIgnoreCase(text.trim())) {
                    return r;
                }
            }
        }
        throw new IllegalArgumentException("unknown role '" + text + "': expected one of sender, receiver, inspector, agent");
    }
}
