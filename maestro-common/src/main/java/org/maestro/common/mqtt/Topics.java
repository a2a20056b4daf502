package org.maestro.common.mqtt;

import org.maestro.common.note.Role;

/**
 * The topic layout. Peers listen on {@code maestro/peers/all}, their role's, their group's and
 * their own id's topic; every response goes to {@code maestro/client/replies} and every
 * notification (the MQTT last wills included) to {@code maestro/client/notifications}.
 */
public final class Topics {
    public static final String ALL_PEERS = "maestro/peers/all";
    public static final String CLIENT_REPLIES = "maestro/client/replies";
    public static final String CLIENT_NOTIFICATIONS = "maestro/client/notifications";

    private Topics() {
    }

    public static String role(Role role) {
        return "maestro/peers/role/" + role.wireName();
    }

    public static String group(String group) {
        return "maestro/peers/group/" + checkLevel("group", group);
    }

    public static String peer(String peerId) {
        return "maestro/peers/id/" + checkLevel("peer id", peerId);
    }

    /**
     * A name used as one topic level must be non-empty and free of MQTT's separators and wildcards.
     *
     * @throws IllegalArgumentException naming the bad value
     */
    public static String checkLevel(String what, String value) {
        if (value == null || value.isEmpty() || value.contains("/") || value.contains("+") || value.contains("#")) {
            throw new IllegalArgumentException(what + " '" + value + "' cannot be used in a topic: it must be"
                    + " non-empty and contain no '/', '+' or '#'");
        }
        return value;
    }
}
