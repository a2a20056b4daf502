package org.maestro.common.note;

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

    /** A short description for messages: {@code sender 's1' on host-a (id 1a2b…)}. */
    public String describe() {
        return role.wireName() + " '" + name + "' on " + host + (hasGroup() ? " in group " + group : "") + " (id " + id + ")";
    }
}
