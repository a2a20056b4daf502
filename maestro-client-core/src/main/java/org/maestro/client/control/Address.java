package org.maestro.client.control;

import org.maestro.common.mqtt.Topics;
import org.maestro.common.note.Role;

/** Who a request is for: every peer, one role, one group or one peer. */
public sealed interface Address {

    String topic();

    static Address all() {
        return new All();
    }

    static Address role(Role role) {
        return new ToRole(role);
    }

    static Address group(String group) {
        return new ToGroup(group);
    }

    static Address peer(String peerId) {
        return new ToPeer(peerId);
    }

    record All() implements Address {
        public String topic() {
            return Topics.ALL_PEERS;
        }
    }

    record ToRole(Role role) implements Address {
        public String topic() {
            return Topics.role(role);
        }
    }

    record ToGroup(String group) implements Address {
        public String topic() {
            return Topics.group(group);
        }
    }

    record ToPeer(String peerId) implements Address {
        public String topic() {
            return Topics.peer(peerId);
        }
    }
}
