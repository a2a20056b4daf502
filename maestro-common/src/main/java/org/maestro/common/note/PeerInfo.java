package org.maestro.common.note;

import org.maestro.common.util.SafeText;

import java.util.Objects;

/**
 * Who a peer is: a unique id (one per process), a human name, the host it runs on, its role and
 * an optional group ("" when it has none).
 */
public record PeerInfo(String id, String name, String host, Role role, String group) {

    public PeerInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(role, "role");
        group = group == null ? "" : group;
    }

    public boolean hasGroup() {
        return !group.isEmpty();
    }

    /**
     * A short description for messages: {@code sender 's1' on host-a (id 1a2b…)}. The parts come from the
     * wire (a peer says who it is), so they are made inert first.
     */
    public String describe() {
        return role.wireName() + " '" + SafeText.of(name) + "' on " + SafeText.of(host)
                + (hasGroup() ? " in group " + SafeText.of(group) : "") + " (id " + SafeText.of(id) + ")";
    }
}
